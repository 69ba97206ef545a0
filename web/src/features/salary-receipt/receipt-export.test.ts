import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import { CSV_COLUMNS, csvFileName, receiptCsv, receiptReport, reportFileName } from "./receipt-export.ts";
import { membersUpdatedCount, processedItemsCount, readReceipt } from "./receipt-model.ts";

const member = (id: number, playerName: string, category: "Guild Master" | "Core" | "Members") => ({
  id,
  playerName,
  category,
  raidsParticipated: 2,
  mainMemberId: null,
  playerAlias: null,
});
const roster = [
  member(1, "Ashvale", "Guild Master"),
  member(2, "Brightforge", "Core"),
  member(3, "=Mallory", "Members"),
];
const items = [
  {
    id: 10,
    lootName: "Obsidian Greatblade",
    value: "1000.00",
    status: "Sold",
    participatedMembers: "Ashvale, =Mallory, Stranger",
  },
  {
    id: 11,
    lootName: "Frostbound Circlet",
    value: "850.50",
    status: "Pending",
    participatedMembers: "Brightforge",
  },
];
const { receipt } = calculateSalaries(items, roster);

describe("readReceipt", () => {
  it("accepts the API's receipt and refuses empty or failed answers", () => {
    expect(readReceipt(receipt)).toBe(receipt);
    expect(readReceipt(null)).toBeNull();
    expect(readReceipt({})).toBeNull();
    expect(readReceipt({ ...receipt, error: "boom" })).toBeNull();
  });

  it("counts processed items and the roster members updated", () => {
    expect(processedItemsCount(receipt)).toBe(1);
    // Stranger takes a share but is not on the roster.
    expect(membersUpdatedCount(receipt)).toBe(2);
  });
});

describe("receiptCsv", () => {
  it("has the product's header and one row per member with plain 2-decimal amounts", () => {
    const parsed = Papa.parse<string[]>(receiptCsv(receipt), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data.slice(1)).toEqual([
      ["Ashvale", "Guild Master", "2", "1", "200.00", "250.00", "450.00"],
      ["'=Mallory", "Members", "2", "1", "200.00", "0.00", "200.00"],
      ["Stranger", "Members", "0", "1", "200.00", "0.00", "200.00"],
    ]);
  });

  it("names the files by the day", () => {
    expect(csvFileName("2026-11-20")).toBe("salary-calculation-receipt-2026-11-20.csv");
    expect(reportFileName("2026-11-20")).toBe("detailed-salary-calculation-2026-11-20.txt");
  });
});

describe("receiptReport", () => {
  const text = receiptReport(receipt, { brand: "Iron Vanguard", calculatedAt: "Nov 20, 2026" });

  it("starts with the guild header", () => {
    expect(text.split("\n").slice(0, 5)).toEqual([
      "=".repeat(60),
      "Iron Vanguard",
      "Detailed Salary Calculation Report",
      "=".repeat(60),
      "Calculated: Nov 20, 2026",
    ]);
  });

  it("lists each member's items, with the elite share only when above zero", () => {
    expect(text).toContain("Ashvale (Guild Master)");
    expect(text).toContain(
      "    - Obsidian Greatblade (item #10): value 1,000.00 USDT, general share 200.00 USDT, elite share 250.00 USDT",
    );
    expect(text).toContain(
      "    - Obsidian Greatblade (item #10): value 1,000.00 USDT, general share 200.00 USDT\n",
    );
  });

  it("ends with the summary totals", () => {
    expect(text).toContain("Total Items Processed: 1");
    expect(text).toContain("General Share Distributed: 600.00 USDT");
    expect(text).toContain("Elite Share Distributed: 250.00 USDT");
    expect(text).toContain("Total Salaries Distributed: 850.00 USDT");
    expect(text).toContain("Admin Fund: 50.00 USDT");
    expect(text).toContain("Guild Fund: 100.00 USDT");
  });
});

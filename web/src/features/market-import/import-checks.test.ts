import { readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { parseCsvImport } from "@shared/import/parse-csv-import.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  ALREADY_PRESENT,
  duplicateIndexes,
  flaggedParticipants,
  importTotals,
  leftOutRows,
  skippedFileName,
  skippedRowsCsv,
} from "./import-checks.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "..", "tests", "fixtures", "import");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

let nextId = 1;
const member = (
  playerName: string,
  status: GuildMember["status"] = "active",
  extra: Partial<GuildMember> = {},
) =>
  ({
    id: nextId++,
    playerName,
    category: "Members",
    raidsParticipated: 0,
    salary: "0.00",
    status,
    kickedDate: null,
    finalSalaryAmount: null,
    mainMemberId: null,
    playerAlias: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...extra,
  }) as GuildMember;

const roster = [
  member("Ashvale"),
  member("Brightforge"),
  member("Larkspire"),
  member("Rimefall", "kicked"),
  member("Ironveil", "active", { playerAlias: "Veil" }),
];

describe("flaggedParticipants", () => {
  it("names who is not on the roster and who is kicked, with the rows naming them", () => {
    const parsed = parseCsvImport(fixture("former-members.csv"));
    expect(flaggedParticipants(parsed, roster)).toEqual([
      { name: "Grimshaw", status: null, rows: [2] },
      { name: "Rimefall", status: "kicked", rows: [2] },
      { name: "Velmora", status: null, rows: [3] },
    ]);
  });

  it("reads JSON lists and aliases, and flags nothing for active members", () => {
    const items = [
      {
        bossName: "A",
        lootName: "B",
        value: 1,
        status: "Pending" as const,
        dateAcquired: null,
        totalFunds: 0,
        participatedMembers: ["ashvale", "Veil"],
      },
    ];
    expect(flaggedParticipants({ items, rows: [1] }, roster)).toEqual([]);
  });
});

describe("duplicateIndexes", () => {
  it("finds rows equal to a market item by boss, loot (any case), date and value to the cent", () => {
    const parsed = parseCsvImport(fixture("total-and-blank-rows.csv"));
    const market = [
      { bossName: "gravemaw", lootName: "TALLY RUNED LONGBOW", dateAcquired: "2026-11-01", value: "1500.00" },
      {
        bossName: "Thornqueen",
        lootName: "Tally Gilded Halberd",
        dateAcquired: "2026-11-02",
        value: "2250.51",
      },
      { bossName: "Mirelurk", lootName: "Tally Ember Talisman", dateAcquired: null, value: "900.00" },
    ];
    expect(duplicateIndexes(parsed.items, market)).toEqual([0]);
  });
});

describe("importTotals", () => {
  it("adds the items' values exactly, in cents", () => {
    const parsed = parseCsvImport(fixture("google-sheets-200.csv"));
    expect(importTotals(parsed.items)).toEqual({ count: 200, value: 544_711_639 });
  });
});

describe("skippedRowsCsv", () => {
  it("gives every listed row with its number, reason and cells as written, blank rows aside", () => {
    const parsed = parseCsvImport(fixture("total-and-blank-rows.csv"));
    const skipped = [
      ...parsed.skipped,
      { row: 2, message: ALREADY_PRESENT, kind: "duplicate" as const, cells: ["x"] },
    ];
    const csv = skippedRowsCsv(parsed.headers, skipped);
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(["Row", "Reason", "Boss", "Loot", "Value", "Status", "Date", "Participants"]);
    expect(rows.map((r) => r[0])).toEqual(["Row", "5", "9", "10", "2"]);
    expect(rows[2]).toEqual([
      "9",
      "Boss is empty or missing",
      "",
      "Tally Lost Grimoire",
      "4,000.00",
      "Pending",
      "2026-11-04",
      "",
    ]);
    expect(skippedFileName("loot.CSV")).toBe("loot-skipped-rows.csv");
  });
});

describe("leftOutRows", () => {
  it("puts a re-import's real errors first, in the file's column names, apart from the rows already in the market", () => {
    // 50 data rows (file rows 2 to 51): every one already imported, but three are broken now.
    const rows = Array.from({ length: 50 }, (_, i) => `Gravemaw,Item ${i},${i + 1}`);
    rows[4] = "Gravemaw,,5";
    rows[20] = ",Item 20,21";
    rows[33] = "Gravemaw,Item 33,lots";
    const parsed = parseCsvImport(["Boss,Drop,Price", ...rows, "", "Gravemaw,Last,1"].join("\n"));
    const market = parsed.items.map((item) => ({ ...item, value: String(item.value) }));
    const duplicates = duplicateIndexes(parsed.items, market).map((i) => ({
      row: parsed.rows[i] ?? 0,
      message: ALREADY_PRESENT,
      kind: "duplicate" as const,
    }));
    expect(duplicates).toHaveLength(48);

    const grouped = leftOutRows([...duplicates, ...parsed.skipped]);
    expect(grouped.errors.map(({ row, message }) => `Row ${row}: ${message}`)).toEqual([
      "Row 6: Drop is empty or missing",
      "Row 22: Boss is empty or missing",
      'Row 35: Price "lots" is not a valid number',
    ]);
    expect(grouped.duplicates).toHaveLength(48);
    expect(grouped.duplicates.slice(0, 5)).toEqual([2, 3, 4, 5, 7]);
    expect(grouped.duplicates).not.toContain(6);
    expect(grouped.blank).toEqual([52]);
  });
});

import { describe, expect, it } from "vitest";
import { bossOptions, summarizeMarket } from "./market-summary.ts";

const item = (id: number, status: string, bossName: string, value: string) => ({
  id,
  status,
  bossName,
  value,
});

const items = [
  item(1, "Pending", "Frostfang", "850.50"),
  item(2, "Sold", "Ironhide Behemoth", "3200.00"),
  item(3, "Sold", "Frostfang", "0.10"),
  item(4, "Pending", "Sunscorch Wyrm", "1200"),
];

describe("summarizeMarket", () => {
  it("adds the Sold values exactly and counts Pending and Sold", () => {
    expect(summarizeMarket(items)).toEqual({
      totalFunds: "3,200.10 USDT",
      totalLoots: 4,
      pending: 2,
      sold: 2,
    });
  });

  it("reads zero for an empty list and ignores other statuses", () => {
    expect(summarizeMarket([])).toEqual({ totalFunds: "0.00 USDT", totalLoots: 0, pending: 0, sold: 0 });
    expect(summarizeMarket([item(9, "Reserved", "X", "10")]).totalLoots).toBe(0);
  });
});

describe("bossOptions", () => {
  it("joins the known bosses and the items' bosses, once each, alphabetically", () => {
    expect(bossOptions([{ name: "Gravemaw" }, { name: "Frostfang" }], items)).toEqual([
      "Frostfang",
      "Gravemaw",
      "Ironhide Behemoth",
      "Sunscorch Wyrm",
    ]);
  });
});

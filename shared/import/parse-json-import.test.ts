import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImportFileError } from "./import-item.ts";
import {
  INVALID_JSON,
  invalidItemMessage,
  NO_ITEMS,
  NOT_AN_ARRAY,
  parseJsonImport,
} from "./parse-json-import.ts";

const item = (extra: Record<string, unknown> = {}) => ({
  bossName: "Venatus",
  lootName: "Ancient Blade",
  value: 1500,
  ...extra,
});

function errorOf(text: string): string {
  try {
    parseJsonImport(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error("expected the file to be refused");
}

describe("parseJsonImport", () => {
  it("keeps every item with the import fields only", () => {
    const parsed = parseJsonImport(
      JSON.stringify([
        item({ id: 7, createdAt: "2024-01-01", status: "Sold", participatedMembers: ["Ashvale"] }),
        item({ value: "250.50", totalFunds: 10 }),
      ]),
    );
    expect(parsed.format).toBe("json");
    expect(parsed.mode).toBe("strict");
    expect(parsed.items).toEqual([
      item({ status: "Sold", participatedMembers: ["Ashvale"] }),
      item({ value: "250.50", totalFunds: 10 }),
    ]);
  });

  it.each([
    ["an object", '{"items":[]}', NOT_AN_ARRAY],
    ["a number", "42", NOT_AN_ARRAY],
    ["an empty array", "[]", NO_ITEMS],
    ["broken JSON", '[{"bossName":', INVALID_JSON],
    [
      "an item without a loot name",
      JSON.stringify([item(), { bossName: "B", value: 1 }]),
      invalidItemMessage(2),
    ],
    ["a text value", JSON.stringify([item({ value: "lots" })]), invalidItemMessage(1)],
    [
      "a value the money parser does not read",
      JSON.stringify([item({ value: "0x10" })]),
      invalidItemMessage(1),
    ],
    ["a null item", "[null]", invalidItemMessage(1)],
  ])("refuses %s", (_, text, message) => {
    expect(errorOf(text)).toBe(message);
  });

  it("checks only the first 10 items; the server checks the rest", () => {
    const items = [...Array.from({ length: 10 }, () => item()), { bossName: "" }];
    expect(parseJsonImport(JSON.stringify(items)).items).toHaveLength(11);
    expect(errorOf(JSON.stringify([...items.slice(0, 9), { lootName: "x" }]))).toBe(invalidItemMessage(10));
  });

  it("accepts a byte order mark", () => {
    expect(parseJsonImport(`\uFEFF${JSON.stringify([item()])}`).items).toHaveLength(1);
  });

  it("property: any array of valid items comes back in order and length", () => {
    const arbItem = fc.record({
      bossName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
      lootName: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
      value: fc.oneof(fc.double({ min: 0.01, max: 1e9, noNaN: true }), fc.integer({ min: 1 }).map(String)),
    });
    fc.assert(
      fc.property(fc.array(arbItem, { minLength: 1, maxLength: 30 }), (items) => {
        expect(parseJsonImport(JSON.stringify(items)).items).toEqual(items);
      }),
    );
  });
});

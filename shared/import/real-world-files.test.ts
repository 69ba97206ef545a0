/**
 * Real-world files (tests/fixtures/import): a Google Sheets export, a European export, total and blank rows,
 * and files whose cells read two ways. The rule under test: every row of the file that holds anything is
 * either an item or listed with its reason, and amounts are read exactly to the cent.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { parseMoney } from "../money/money.ts";
import type { ParsedImport } from "./import-item.ts";
import { BLANK_ROW, parseCsvImport } from "./parse-csv-import.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "tests", "fixtures", "import");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/** Every record after the header with a cell that is not blank: its 1-based row number. */
function rowsWithContent(text: string): number[] {
  const records = Papa.parse<string[]>(text).data;
  return records.flatMap((cells, index) =>
    index > 0 && cells.some((c) => c.trim() !== "") ? [index + 1] : [],
  );
}

/** No row with anything in it is left out without being listed. */
function expectEveryRowAccountedFor(text: string, parsed: ParsedImport) {
  const listed = new Set(parsed.skipped.map((s) => s.row));
  const imported = new Set(parsed.rows);
  const lost = rowsWithContent(text).filter((row) => !listed.has(row) && !imported.has(row));
  expect(lost).toEqual([]);
  for (const skip of parsed.skipped) expect(skip.message).not.toBe("");
}

const sumCents = (parsed: ParsedImport) =>
  parsed.items.reduce((sum, item) => sum + parseMoney(String(item.value)), 0);

describe("a Google Sheets export of 200 items", () => {
  const text = fixture("google-sheets-200.csv");
  const parsed = parseCsvImport(text);

  it("is a CRLF file with quoted, formatted prices, a TOTAL row and blank rows", () => {
    expect(text).toContain('"52,462.04"');
    expect(text.split("\r\n").length).toBeGreaterThan(200);
    expect(text).toContain(",TOTAL,");
  });

  it("imports all 200 items, the valuable ones too, with no question", () => {
    expect(parsed.questions).toEqual([]);
    expect(parsed.choices).toEqual({ decimal: ".", dateOrder: "dmy" });
    expect(parsed.items).toHaveLength(200);
    const thousands = parsed.items.filter((item) => parseMoney(String(item.value)) >= 100_000);
    expect(thousands.length).toBeGreaterThan(90);
    expect(parsed.items[1]?.value).toBe("52462.04");
  });

  it("leaves out the TOTAL row, whose value is the sum, and notes the blank rows", () => {
    expect(sumCents(parsed)).toBe(544_711_639);
    const total = parsed.skipped.filter((s) => s.kind === "total");
    expect(total).toEqual([
      {
        row: 205,
        kind: "total",
        message: "Total row: its value 5,447,116.39 USDT is the sum of the items above it",
        cells: ["", "TOTAL", "", "5,447,116.39", "", ""],
      },
    ]);
    expect(parsed.skipped.filter((s) => s.kind === "blank").map((s) => [s.row, s.message])).toEqual([
      [41, BLANK_ROW],
      [122, BLANK_ROW],
      [124, BLANK_ROW],
    ]);
    expect(parsed.skipped.filter((s) => s.kind === "invalid")).toEqual([]);
    expectEveryRowAccountedFor(text, parsed);
  });

  it("reads 'N/A' and empty dates as no date, and day-first dates by themselves", () => {
    const byLoot = new Map(parsed.items.map((item) => [item.lootName, item.dateAcquired]));
    expect(byLoot.get("Runed Greatblade 200")).toBeNull(); // N/A
    expect(byLoot.get("Gilded Longbow 33")).toBeNull(); // empty
    expect(byLoot.get("Frostbound Greatblade 2")).toBe("2026-03-03");
    expect(byLoot.get("Hollow Greatblade 6")).toBe("2026-07-07");
    expect(byLoot.get("Ashen Signet 51")).toBe("2026-04-24");
  });
});

describe("a European export", () => {
  const text = fixture("european.csv");
  const parsed = parseCsvImport(text);

  it("detects semicolons and a comma before the cents, exact to the cent", () => {
    expect(parsed.questions).toEqual([]);
    expect(parsed.choices.decimal).toBe(",");
    expect(parsed.items.map((item) => [item.lootName, item.value, item.dateAcquired])).toEqual([
      ["Euro Runed Greatblade", "1234.50", "2026-11-15"],
      ["Euro Gilded Circlet", "850.00", "2026-11-03"],
      ["Euro Ember Tome", "12500.75", null],
      ["Euro Moonlit Signet", "2000.00", null],
      ["Euro Hollow Mantle", "1250000.00", "2026-10-21"],
      ["Euro Obsidian Aegis", "99.99", null],
    ]);
    expect(parsed.items[0]?.participatedMembers).toBe("Ashvale, Brightforge, Larkspire");
    expectEveryRowAccountedFor(text, parsed);
  });
});

describe("a file with total rows and blank rows", () => {
  const text = fixture("total-and-blank-rows.csv");
  const parsed = parseCsvImport(text);

  it("lists every row left out with its reason; a 'Sum' row that is not the sum says so", () => {
    expect(parsed.items.map((item) => [item.lootName, item.value])).toEqual([
      ["Tally Runed Longbow", "1500.00"],
      ["Tally Gilded Halberd", "2250.50"],
      ["Tally Ember Talisman", "900.00"],
    ]);
    expect(parsed.skipped.map(({ row, kind, message }) => [row, kind, message])).toEqual([
      [4, "blank", BLANK_ROW],
      [5, "total", "Total row: its value 3,750.50 USDT is the sum of the items above it"],
      [6, "blank", BLANK_ROW],
      [7, "blank", BLANK_ROW],
      [9, "invalid", "Boss is empty or missing"],
      [
        10,
        "total",
        'Looks like a total row ("Total" or "Sum"), but its value 9,999.00 USDT is not the sum of the items above it (900.00 USDT); add it by hand if it is an item',
      ],
    ]);
    expect(parsed.skipped.find((s) => s.row === 9)?.cells).toEqual([
      "",
      "Tally Lost Grimoire",
      "4,000.00",
      "Pending",
      "2026-11-04",
      "",
    ]);
    expectEveryRowAccountedFor(text, parsed);
  });
});

describe("cells that read two ways", () => {
  it("asks for the date order when every slash date reads both ways, then reads it as answered", () => {
    const parsed = parseCsvImport(fixture("ambiguous-dates.csv"));
    expect(parsed.questions).toEqual([{ kind: "dateOrder", examples: ["05/11/2026", "03/04/2026"] }]);
    const dayFirst = parsed.reread?.({ dateOrder: "dmy" });
    expect(dayFirst?.questions).toEqual([]);
    expect(dayFirst?.items.map((i) => i.dateAcquired)).toEqual(["2026-11-05", "2026-04-03", null]);
    const monthFirst = parsed.reread?.({ dateOrder: "mdy" });
    expect(monthFirst?.items.map((i) => i.dateAcquired)).toEqual(["2026-05-11", "2026-03-04", null]);
  });

  it("asks for the decimal separator when '1,250' could be 1,250.00 or 1.25", () => {
    const parsed = parseCsvImport(fixture("ambiguous-decimals.csv"));
    expect(parsed.questions).toEqual([{ kind: "decimal", examples: ["1,250", "2,500"] }]);
    expect(parsed.reread?.({ decimal: "." }).items.map((i) => i.value)).toEqual([
      "1250.00",
      "2500.00",
      "40.00",
    ]);
    expect(parsed.reread?.({ decimal: "," }).items.map((i) => i.value)).toEqual(["1.25", "2.50", "40.00"]);
  });

  it("asks when cells decide both ways (a mixed file) instead of picking one", () => {
    const parsed = parseCsvImport(
      'boss,loot,value,date\nA,B,"1,234.50",13/01/2026\nA,C,"1.234,50",01/13/2026\n',
    );
    expect(parsed.questions.map((q) => q.kind)).toEqual(["decimal", "dateOrder"]);
    const answered = parsed.reread?.({ decimal: ".", dateOrder: "dmy" });
    expect(answered?.items.map((i) => i.value)).toEqual(["1234.50"]);
    expect(answered?.skipped.map((s) => [s.row, s.message])).toEqual([
      [3, 'value "1.234,50" is not a valid number'],
    ]);
  });
});

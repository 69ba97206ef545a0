import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { moneyText } from "../money/money.ts";
import { ImportFileError } from "./import-item.ts";
import {
  CsvImportReader,
  mapHeaders,
  NO_VALID_ROWS,
  normalizeHeader,
  parseCsvImport,
  TOO_FEW_ROWS,
} from "./parse-csv-import.ts";

function refusal(text: string): ImportFileError {
  try {
    parseCsvImport(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return error as ImportFileError;
  }
  throw new Error("expected the file to be refused");
}

describe("headers", () => {
  it("normalises to lower-case letters and digits", () => {
    expect(normalizeHeader(" Boss Name ")).toBe("bossname");
    expect(normalizeHeader("Date_Acquired (UTC)")).toBe("dateacquiredutc");
  });

  it.each([
    [["Boss", "Item", "Price", "State", "Acquired", "Players", "Funds", "Amount"], { totalFunds: 6 }],
    [["Boss Name", "Name", "Worth", "Condition", "Timestamp", "Members"], {}],
  ])("maps the aliases %j, the first matching column winning", (headers, extra) => {
    expect(mapHeaders(headers)).toEqual({
      bossName: 0,
      lootName: 1,
      value: 2,
      status: 3,
      dateAcquired: 4,
      participatedMembers: 5,
      ...extra,
    });
  });
});

describe("parseCsvImport", () => {
  it("reads quoted fields with doubled quotes, empty cells and statuses", () => {
    const parsed = parseCsvImport(
      [
        "bossName,lootName,value,status,dateAcquired,participatedMembers,totalFunds",
        'Venatus,"Blade, ""Ancient""",1500,SOLD,2024-03-05,"Ashvale, Lark",12.5',
        "Viorent,Ring,200.25,pending,null,undefined,",
        "Ego,Cloak,30,whatever,,,",
      ].join("\r\n"),
    );
    expect(parsed.mode).toBe("strict");
    expect(parsed.skipped).toEqual([]);
    expect(parsed.items).toEqual([
      {
        bossName: "Venatus",
        lootName: 'Blade, "Ancient"',
        value: "1500.00",
        status: "Sold",
        dateAcquired: "2024-03-05",
        participatedMembers: "Ashvale, Lark",
        totalFunds: "12.50",
      },
      {
        bossName: "Viorent",
        lootName: "Ring",
        value: "200.25",
        status: "Pending",
        dateAcquired: null,
        participatedMembers: "",
        totalFunds: "0.00",
      },
      {
        bossName: "Ego",
        lootName: "Cloak",
        value: "30.00",
        status: "Pending",
        dateAcquired: null,
        participatedMembers: "",
        totalFunds: "0.00",
      },
    ]);
  });

  it("keeps a corrupted participants text as written", () => {
    const parsed = parseCsvImport('boss,loot,price,participants\nVenatus,Blade,10,"[""Ashvale"", ""Lark"\n');
    expect(parsed.items[0]?.participatedMembers).toBe('["Ashvale", "Lark');
  });

  it("skips bad rows when strict mode fails, with their row numbers and messages", () => {
    const parsed = parseCsvImport(
      [
        "Boss,Loot,Price,Funds",
        "Venatus,Blade,100,",
        ",Ring,5,",
        "Ego,,5,",
        "Ego,Cloak,,",
        "Ego,Cloak,abc,",
        "Ego,Cloak,0,",
        "Ego,Cloak,-3,",
        "Ego,Cloak,3,lots",
        "Ego,Cloak,1e3,",
        "Ego,Cloak,0x10,",
        "Ego,Cloak,12.345,",
        "Ego,Cloak,3,-1",
        "Livera,Gem,42,1",
      ].join("\n"),
    );
    expect(parsed.mode).toBe("skip");
    expect(parsed.items.map((i) => i.lootName)).toEqual(["Blade", "Gem"]);
    // '12.345' reads as 12,345 with a comma before the cents: the file asks, and until answered the cells are
    // read with a point, where it has a decimal too many.
    expect(parsed.questions).toEqual([{ kind: "decimal", examples: ["12.345"] }]);
    expect(parsed.skipped.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 3, message: "Boss is empty or missing" },
      { row: 4, message: "Loot is empty or missing" },
      { row: 5, message: "Price is empty or missing" },
      { row: 6, message: 'Price "abc" is not a valid number' },
      { row: 7, message: "Price must be greater than 0, got 0" },
      { row: 8, message: "Price must be greater than 0, got -3" },
      { row: 9, message: 'Funds "lots" is not a valid number' },
      { row: 10, message: 'Price "1e3" is not a valid number' },
      { row: 11, message: 'Price "0x10" is not a valid number' },
      { row: 12, message: "Price cannot have more than 2 decimals." },
      { row: 13, message: "Funds cannot be negative, got -1" },
    ]);
    expect(parsed.strictError).toBe("Row 3: Boss is empty or missing");
  });

  it("names each field by the file's own header as written", () => {
    const parsed = parseCsvImport(
      [
        "Raid Boss,Drop,Price (USDT),,Acquired",
        "Venatus,Blade,100,5,2024-03-05",
        ",Ring,5,,",
        "Ego,,5,,",
        "Ego,Cloak,,,",
        "Ego,Cloak,12,,someday",
        "Ego,Cloak,-2,,",
      ].join("\n"),
    );
    expect(parsed.skipped.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 3, message: "Raid Boss is empty or missing" },
      { row: 4, message: "Drop is empty or missing" },
      { row: 5, message: "Price (USDT) is empty or missing" },
      { row: 6, message: 'Acquired "someday" is not a valid date' },
      { row: 7, message: "Price (USDT) must be greater than 0, got -2" },
    ]);
    // No code field name leaks into a reason, whatever the header.
    for (const { message } of parsed.skipped)
      expect(message).not.toMatch(/bossName|lootName|value|dateAcquired/);
  });

  it("keeps up to 5 raw sample rows keyed by header", () => {
    const rows = Array.from({ length: 8 }, (_, i) => `B${i},L${i},${i + 1}`);
    const parsed = parseCsvImport(["boss,loot,value", ...rows].join("\n"));
    expect(parsed.debug?.sampleRows).toHaveLength(5);
    expect(parsed.debug?.sampleRows[0]).toEqual({ boss: "B0", loot: "L0", value: "1" });
    expect(parsed.debug?.mapping).toEqual({ bossName: "boss", lootName: "loot", value: "value" });
  });

  it.each([
    ["an empty file", ""],
    ["a header only", "boss,loot,value\n"],
    ["a header and blank lines", "boss,loot,value\n\n  \n"],
  ])("refuses %s", (_, text) => {
    expect(refusal(text).message).toBe(TOO_FEW_ROWS);
  });

  it("refuses a file whose rows are all invalid, naming the first error", () => {
    const error = refusal("boss,loot,value\nA,B,0\nA,,2\n");
    expect(error.message).toBe(NO_VALID_ROWS);
    expect(error.detail).toBe("Row 2: value must be greater than 0, got 0");
  });

  it("says which required column could not be mapped", () => {
    expect(refusal("monster,thing,price\nA,B,3\n").detail).toBe(
      "Row 2: Loot name could not be mapped from any column",
    );
    expect(refusal("colour,loot,price\nA,B,3\n").detail).toBe(
      "Row 2: Boss name could not be mapped from any column",
    );
    expect(refusal("boss,loot,colour\nA,B,3\n").detail).toBe(
      "Row 2: Value could not be mapped from any column",
    );
  });

  it("reads dates that are not ISO as a calendar day", () => {
    const parsed = parseCsvImport(
      "boss,loot,value,date\nA,B,1,March 5 2024\nA,C,1,someday\nA,D,1,2024-01-02T10:00:00Z",
    );
    expect(parsed.items.map((i) => i.dateAcquired)).toEqual(["2024-03-05", "2024-01-02"]);
    expect(parsed.skipped).toEqual([
      {
        row: 3,
        message: 'date "someday" is not a valid date',
        kind: "invalid",
        cells: ["A", "C", "1", "someday"],
      },
    ]);
  });
});

describe("property: any table of values survives a CSV round trip", () => {
  const text = fc
    .string({ maxLength: 20 })
    .filter(
      (s) =>
        s.trim() !== "" && !/^(null|undefined|(grand\s*)?(sub\s*)?(total|totals|sum)\s*:?)$/i.test(s.trim()),
    );
  const row = fc.record({
    bossName: text,
    lootName: text,
    value: fc.integer({ min: 1, max: 10_000_000 }).map(moneyText),
    status: fc.constantFrom("Sold", "sold", "Pending", "", "other"),
    participatedMembers: fc.string({ maxLength: 30 }),
  });

  it("reads every row back, in one go or in chunks", () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 7 }),
        (rows, chunk) => {
          const csv = Papa.unparse({
            fields: ["Boss Name", "Loot Name", "Value", "Status", "Participants"],
            data: rows.map((r) => [r.bossName, r.lootName, String(r.value), r.status, r.participatedMembers]),
          });
          const expected = rows.map((r) => ({
            bossName: r.bossName.trim(),
            lootName: r.lootName.trim(),
            value: r.value,
            status: r.status.toLowerCase() === "sold" ? "Sold" : "Pending",
            dateAcquired: null,
            participatedMembers: /^(null|undefined)$/i.test(r.participatedMembers.trim())
              ? ""
              : r.participatedMembers.trim(),
            totalFunds: "0.00",
          }));
          // A row of only blanks is no row; the generator never makes one, as names are not blank.
          expect(parseCsvImport(csv).items).toEqual(expected);

          const all = Papa.parse<string[]>(csv).data;
          const reader = new CsvImportReader();
          for (let i = 0; i < all.length; i += chunk) reader.addRows(all.slice(i, i + chunk));
          expect(reader.finish().items).toEqual(expected);
          expect(reader.rowsRead).toBe(rows.length);
        },
      ),
    );
  });
});

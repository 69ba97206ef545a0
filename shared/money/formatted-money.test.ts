import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DecimalSeparator,
  formatMoney,
  formatMoneyIn,
  MoneyParseError,
  parseFormattedMoney,
  readFormattedMoney,
  separatorHint,
} from "./money.ts";

// Up to the numeric(14,2) bound the portal stores, where spreadsheets' amounts live.
const cents = fc.integer({ min: 0, max: 99_999_999_999_999 });

/** One amount as each spreadsheet style writes it, with the separator it is read with. */
const STYLES: { name: string; separator: DecimalSeparator; write: (c: number) => string }[] = [
  { name: "plain '5287.06'", separator: ".", write: (c) => formatMoney(c, "plain") },
  { name: "US '5,287.06'", separator: ".", write: (c) => formatMoneyIn(c, ".", ",") },
  { name: "European '5.287,06'", separator: ",", write: (c) => formatMoneyIn(c, ",", ".") },
  { name: "spaces '5 287,06'", separator: ",", write: (c) => formatMoneyIn(c, ",", " ") },
  { name: "no-break spaces '5 287,06'", separator: ",", write: (c) => formatMoneyIn(c, ",", "\u00a0") },
  { name: "Swiss '5'287.06'", separator: ".", write: (c) => formatMoneyIn(c, ".", "'") },
  { name: "dollar '$5,287.06'", separator: ".", write: (c) => `$${formatMoneyIn(c, ".", ",")}` },
  { name: "USDT '5,287.06 USDT'", separator: ".", write: (c) => formatMoney(c, "usdt") },
  { name: "euro '5.287,06 €'", separator: ",", write: (c) => `${formatMoneyIn(c, ",", ".")} €` },
];

describe("parseFormattedMoney", () => {
  it.each(STYLES)("reads back any amount written in the $name style, to the cent", ({ separator, write }) => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(parseFormattedMoney(write(amount), separator)).toBe(amount);
      }),
      { numRuns: 500 },
    );
  });

  it("reads whole amounts written without cents, with or without grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (whole) => {
        const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
        expect(parseFormattedMoney(grouped, ".")).toBe(whole * 100);
        expect(parseFormattedMoney(`${grouped} USDT`, ".")).toBe(whole * 100);
        expect(parseFormattedMoney(String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, "."), ",")).toBe(
          whole * 100,
        );
      }),
    );
  });

  it("reads the issue's examples", () => {
    expect(parseFormattedMoney("5,287.06", ".")).toBe(528_706);
    expect(parseFormattedMoney("1.234,50", ",")).toBe(123_450);
    expect(parseFormattedMoney("$1,250", ".")).toBe(125_000);
    expect(parseFormattedMoney("1250 USDT", ".")).toBe(125_000);
    expect(parseFormattedMoney("1 234,50", ",")).toBe(123_450);
    expect(parseFormattedMoney("-$12.50", ".")).toBe(-1250);
    expect(parseFormattedMoney(" 40 ", ",")).toBe(4000);
  });

  it("refuses malformed grouping instead of guessing, and keeps the money rules", () => {
    for (const text of [
      "1,2,3",
      "12,34.5",
      "1,23.00",
      "1.234,50",
      "1,234,5678",
      "abc",
      "",
      "$",
      "1e3",
      "0x10",
    ]) {
      expect({ text, read: readFormattedMoney(text, ".") }).toEqual({
        text,
        read: { reason: "not-a-number" },
      });
    }
    expect(readFormattedMoney("1,234.567", ".")).toEqual({ reason: "too-many-decimals" });
    expect(readFormattedMoney("1,234.500", ".")).toEqual({ cents: 123_450 });
    expect(() => parseFormattedMoney("99,999,999,999,999,999", ".")).toThrow(MoneyParseError);
  });
});

describe("separatorHint", () => {
  it("says which separator a cell decides, and when its two readings differ", () => {
    expect(separatorHint("5,287.06")).toEqual({ kind: "decided", separator: "." });
    expect(separatorHint("1.234,50")).toEqual({ kind: "decided", separator: "," });
    expect(separatorHint("12,5")).toEqual({ kind: "decided", separator: "," });
    expect(separatorHint("0.5")).toEqual({ kind: "decided", separator: "." });
    expect(separatorHint("1250")).toEqual({ kind: "either" });
    expect(separatorHint("$40")).toEqual({ kind: "either" });
    expect(separatorHint("1,250")).toEqual({ kind: "ambiguous" });
    expect(separatorHint("1.250")).toEqual({ kind: "ambiguous" });
    expect(separatorHint("lots")).toEqual({ kind: "unreadable" });
  });

  it("never calls a cell decided when the other separator reads it differently", () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...STYLES), (amount, style) => {
        const text = style.write(amount);
        const hint = separatorHint(text);
        if (hint.kind === "decided") expect(hint.separator).toBe(style.separator);
        if (hint.kind === "either") expect(parseFormattedMoney(text, ".")).toBe(amount);
        expect(hint.kind).not.toBe("unreadable");
      }),
      { numRuns: 1000 },
    );
  });
});

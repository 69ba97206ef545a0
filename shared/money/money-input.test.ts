import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { signedMoney } from "../glossary/glossary.ts";
import { parseCsvImport } from "../import/parse-csv-import.ts";
import { checkForm } from "../schemas/form-errors.ts";
import { createMarketItemSchema, moneyCentsField, moneyMessages } from "../schemas/market.ts";
import {
  ambiguousAmountQuestion,
  type Cents,
  formatMoney,
  formatMoneyIn,
  moneyInputText,
  moneyText,
  readFormattedMoney,
  readMoneyInput,
} from "./money.ts";
import { MAX_MONEY_CENTS, MONEY_LIMIT_TEXT, totalText } from "./money-range.ts";

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Every way the portal prints an amount (shared/money, and the glossary's signed change; shared/format prints no
 * money): the three styles of `formatMoney`, the wire text, the totals of the range messages, the audit log's
 * '+320.00 USDT', and the spreadsheet styles of `formatMoneyIn`. Negative amounts are printed too (a balance after an overpay, a correction in the ledger).
 */
const PRINTS: { name: string; print: (cents: Cents) => string }[] = [
  { name: "usdt '-1,234.50 USDT'", print: (c) => formatMoney(c, "usdt") },
  { name: "funds '1,250 USDT'", print: (c) => formatMoney(c, "funds") },
  { name: "plain '1234.50'", print: (c) => formatMoney(c, "plain") },
  { name: "wire '1234.50'", print: (c) => moneyText(c) },
  { name: "total '1,234.50 USDT'", print: (c) => totalText(c) },
  { name: "signed '+320.00 USDT'", print: (c) => signedMoney(c) },
  { name: "spreadsheet '1,234.50'", print: (c) => formatMoneyIn(c, ".", ",") },
  { name: "spreadsheet '1.234,50'", print: (c) => formatMoneyIn(c, ",", ".") },
  { name: "spreadsheet '1 234,50'", print: (c) => formatMoneyIn(c, ",", " ") },
  { name: "spreadsheet '1\u00a0234,50'", print: (c) => formatMoneyIn(c, ",", "\u00a0") },
  { name: 'spreadsheet "1\'234.50"', print: (c) => formatMoneyIn(c, ".", "'") },
  { name: "spreadsheet '1234,50'", print: (c) => formatMoneyIn(c, ",", "") },
];

/** Any cents the portal holds, signed, with whole amounts (the funds page's '1,250 USDT') drawn often. */
const heldCents = fc.oneof(
  fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS }),
  fc
    .integer({ min: -Math.floor(MAX_MONEY_CENTS / 100), max: Math.floor(MAX_MONEY_CENTS / 100) })
    .map((whole) => whole * 100),
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.constantFrom(0, 1, -1, 100_000, 125_000, -125_000, MAX_MONEY_CENTS, -MAX_MONEY_CENTS),
);

describe("the money input rule (decision 060)", () => {
  it.each([
    ["1250", 125_000],
    ["1,250.00", 125_000],
    ["1 250,00", 125_000],
    ["1.250,00", 125_000],
    ["1\u00a0250,00", 125_000],
    ["$1,250.00", 125_000],
    ["1,250.00 USDT", 125_000],
    ["1,250 USDT", 125_000],
    [" 1250.5 ", 125_050],
    ["12,5", 1250],
    ["0,125.00", null],
    ["1,234,567.89", 123_456_789],
    ["1.234.567,89", 123_456_789],
    ["-1,250.00", -125_000],
    ["0.5", 50],
    ["0,250", 25],
    [".5", 50],
    ["+320.00 USDT", 32_000],
    ["+-5", null],
  ])("reads %j as %j cents", (typed, cents) => {
    const read = readMoneyInput(typed);
    if (cents === null) expect(read).not.toHaveProperty("cents");
    else expect(read).toEqual({ cents });
  });

  it("asks back an amount that reads two ways, naming both readings", () => {
    const question = 'Is "1,250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.';
    expect(readMoneyInput("1,250")).toEqual({ question });
    expect(readMoneyInput(" 1,250 ")).toEqual({ question });
    expect(readMoneyInput("1.250")).toEqual({
      question: 'Is "1.250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.',
    });
    expect(readMoneyInput("-12,500")).toEqual({
      question: 'Is "-12,500" -12,500.00 or -12.50? Write it as -12,500.00 or -12.50.',
    });
    expect(readMoneyInput("$2,000")).toEqual({
      question: 'Is "$2,000" 2,000.00 or 2.00? Write it as 2,000.00 or 2.00.',
    });
    // One reading has a decimal too many: only the other is offered.
    expect(readMoneyInput("12.345")).toEqual({
      question: 'Is "12.345" 12,345.00? Write it as 12,345.00; an amount has at most 2 decimals.',
    });
  });

  it("leaves the money parser's reasons to what it refuses", () => {
    expect(readMoneyInput("lots")).toEqual({ reason: "not-a-number" });
    expect(readMoneyInput("")).toEqual({ reason: "not-a-number" });
    expect(readMoneyInput("1,234.567")).toEqual({ reason: "too-many-decimals" });
    expect(readMoneyInput("0,125")).toEqual({ reason: "too-many-decimals" });
    expect(readMoneyInput("1e3")).toEqual({ reason: "not-a-number" });
    expect(readMoneyInput("99,999,999,999,999,999.00")).toEqual({ reason: "too-large" });
  });

  it("gives a form the API's own messages, and the question in the field's place", () => {
    const item = (value: string) =>
      checkForm(
        createMarketItemSchema,
        { lootName: "Fang", bossName: "Gravemaw", value, participatedMembers: ["Aldric"] },
        ["value"],
      );
    const formAnswer = (value: string) => {
      const checked = item(value);
      return checked.ok ? checked.data.value : checked.errors.value;
    };
    expect(formAnswer("1,250.00")).toBe(125_000);
    expect(formAnswer("1.250,00")).toBe(125_000);
    expect(formAnswer("1,250")).toBe('Is "1,250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.');
    expect(formAnswer("abc")).toBe("Value must be a number.");
    expect(formAnswer("1,234.567")).toBe("Value cannot have more than 2 decimals.");
    expect(formAnswer("-1,250.00")).toBe("Value cannot be negative.");
    // Beyond the range: the range's message, as before (shared/money/money-range.ts).
    expect(formAnswer("1,000,000,000,000.00")).toBe("Value cannot exceed 999999999999.99.");
    expect(formAnswer("99,999,999,999,999,999.00")).toBe("Value cannot exceed 999999999999.99.");
    expect(formAnswer(MONEY_LIMIT_TEXT)).toBe(MAX_MONEY_CENTS);
  });

  describe("parse(format(x)) = x", () => {
    it.each(PRINTS)("for every amount printed in the $name style", ({ print }) => {
      fc.assert(
        fc.property(heldCents, (cents) => {
          expect(readMoneyInput(print(cents))).toEqual({ cents });
        }),
        { numRuns: 2000 },
      );
    });

    it("for every amount up to what cents hold, as the usdt and funds styles print totals", () => {
      fc.assert(
        fc.property(fc.integer({ min: -SAFE, max: SAFE }), (cents) => {
          expect(readMoneyInput(formatMoney(cents, "usdt"))).toEqual({ cents });
          expect(readMoneyInput(formatMoney(cents, "funds"))).toEqual({ cents });
        }),
        { numRuns: 2000 },
      );
    });

    it("and the API's money field takes what a form hands it for every printed amount, as the same cents", () => {
      const field = moneyCentsField(moneyMessages("Value"));
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: MAX_MONEY_CENTS }),
          fc.constantFrom(...PRINTS),
          (cents, { print }) => {
            const input = moneyInputText(print(cents));
            expect(input).toHaveProperty("text");
            if ("text" in input) expect(field.parse(input.text)).toBe(cents);
          },
        ),
        { numRuns: 2000 },
      );
    });
  });

  /** Amount-like texts: digits, the two marks, spaces, a sign, currency around. */
  const typedText = fc
    .tuple(
      fc.constantFrom("", "-", "+", "$", "-$", "$-", "+$"),
      fc.array(fc.constantFrom("0", "1", "2", "5", "9", ",", ".", " "), { minLength: 1, maxLength: 12 }),
      fc.constantFrom("", " USDT", " €"),
    )
    .map(([before, body, after]) => `${before}${body.join("")}${after}`);

  it("never guesses: an amount two separators read differently is asked back, unless the portal printed it", () => {
    fc.assert(
      fc.property(typedText, (typed) => {
        const dot = readFormattedMoney(typed, ".");
        const comma = readFormattedMoney(typed, ",");
        const read = readMoneyInput(typed);
        if ("cents" in dot && "cents" in comma && dot.cents !== comma.cents) {
          const printed = formatMoney(dot.cents, "funds") === typed.trim();
          expect(read).toEqual(printed ? { cents: dot.cents } : { question: ambiguousAmountQuestion(typed) });
        }
        if ("cents" in read) expect([dot, comma]).toContainEqual({ cents: read.cents });
      }),
      { numRuns: 5000 },
    );
  });

  it("offers only writings that read one way, as the reading they name", () => {
    fc.assert(
      fc.property(typedText, (typed) => {
        const read = readMoneyInput(typed);
        if (!("question" in read)) return;
        const offered = /Write it as (.+?)(?: or (.+?))?[.;](?: an amount|$)/.exec(read.question);
        expect(offered).not.toBeNull();
        for (const writing of [offered?.[1], offered?.[2]].filter((w) => w !== undefined)) {
          const again = readMoneyInput(writing);
          const readings = [readFormattedMoney(typed, "."), readFormattedMoney(typed, ",")];
          expect(readings).toContainEqual(again);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("is the CSV import's reading of a file with that one amount", () => {
    fc.assert(
      fc.property(typedText, (typed) => {
        const file = Papa.unparse([
          ["Boss", "Loot", "Value"],
          ["Gravemaw", "Fang", typed],
        ]);
        const read = readMoneyInput(typed);
        let parsed: ReturnType<typeof parseCsvImport> | null = null;
        try {
          parsed = parseCsvImport(file);
        } catch {
          // Every row refused: the input rule refuses it too (or it is not above zero, the import's own rule).
          expect("cents" in read ? read.cents <= 0 : true).toBe(true);
          return;
        }
        if ("question" in read) {
          expect(parsed.questions.map((q) => q.kind)).toContain("decimal");
          return;
        }
        expect(parsed.questions).toEqual([]);
        if ("cents" in read && read.cents > 0 && read.cents <= MAX_MONEY_CENTS)
          expect(parsed.items.map((i) => i.value)).toEqual([moneyText(read.cents)]);
        else expect(parsed.items).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MONEY_CENTS, moneyCentsField, moneyMessages } from "../schemas/market.ts";
import {
  decimalTextOf,
  formatMoney,
  MoneyParseError,
  moneyProblem,
  moneyText,
  parseMoney,
  readMoney,
} from "./money.ts";

const SAFE = Number.MAX_SAFE_INTEGER;
const safeCents = fc.integer({ min: -SAFE, max: SAFE });

/** Valid amount texts as people and the API write them: optional sign, optional whole, 0-2 decimals. */
const amountText = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: BigInt(SAFE) / 100n - 1n }),
    fc.constantFrom("", ".", ".5", ".05", ".50", ".99", ".1"),
  )
  .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction}`);

describe("parseMoney", () => {
  it.each([
    ["1234.5", 123450],
    ["1234.50", 123450],
    ["1234", 123400],
    ["0.01", 1],
    [".5", 50],
    ["7.", 700],
    ["  42.10 ", 4210],
    [" 0.07 ", 7],
    ["3200.00", 320000],
    ["1.2500", 125],
    ["-3.07", -307],
    ["-3.10", -310],
    ["-0.00", 0],
    ["999999999999.99", 99999999999999],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it("keeps the sign of zero positive", () => {
    expect(Object.is(parseMoney("-0"), 0)).toBe(true);
  });

  it.each([
    "",
    " ",
    ".",
    "-",
    "--1",
    "+5",
    "1,234.50",
    "1,000",
    "1e3",
    "12.3.4",
    "abc",
    "$5",
    "0x10",
    "1 000",
    "Infinity",
    "NaN",
  ])("refuses %j as not a number", (text) => {
    expect(() => parseMoney(text)).toThrow(RangeError);
    expect(moneyProblem(text)).toBe("not-a-number");
  });

  it("refuses a non-zero third decimal instead of rounding it", () => {
    for (const text of ["0.005", "0.125", "0.124999", "-0.125", "0.995", "1.005"]) {
      expect(() => parseMoney(text)).toThrow(MoneyParseError);
      expect(moneyProblem(text)).toBe("too-many-decimals");
    }
    expect(() => parseMoney("0.005")).toThrow(/More than 2 decimals/);
  });

  it("refuses amounts whose cents leave the safe integer range", () => {
    expect(() => parseMoney("90071992547409.92")).toThrow(/too large/);
    expect(moneyProblem("-90071992547409.92")).toBe("too-large");
    expect(parseMoney("90071992547409.91")).toBe(SAFE);
    expect(moneyProblem("123456789012345678.99")).toBe("too-large");
  });
});

describe("readMoney", () => {
  it("answers null where parseMoney throws, and for absent amounts", () => {
    expect(readMoney("12.5")).toBe(1250);
    expect(readMoney("0.005")).toBeNull();
    expect(readMoney("abc")).toBeNull();
    expect(readMoney("90071992547409.92")).toBeNull();
    expect(readMoney(null)).toBeNull();
    expect(readMoney(undefined)).toBeNull();
  });

  it("agrees with parseMoney on any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), amountText), (text) => {
        const problem = moneyProblem(text);
        if (problem === null) expect(readMoney(text)).toBe(parseMoney(text));
        else expect(readMoney(text)).toBeNull();
      }),
    );
  });
});

describe("decimalTextOf", () => {
  it.each([
    [1234.5, 123450],
    [0.1, 10],
    [850.5, 85050],
    [3200, 320000],
    [-2.25, -225],
    [12.5, 1250],
  ])("reads the decimal amount %d as %i cents", (value, cents) => {
    expect(parseMoney(decimalTextOf(value))).toBe(cents);
  });

  it("leaves what a float got wrong for the parser to refuse", () => {
    expect(moneyProblem(decimalTextOf(0.1 + 0.2))).toBe("too-many-decimals");
    expect(moneyProblem(decimalTextOf(Number.NaN))).toBe("not-a-number");
    expect(moneyProblem(decimalTextOf(Number.POSITIVE_INFINITY))).toBe("not-a-number");
    expect(moneyProblem(decimalTextOf(1e21))).toBe("not-a-number");
  });
});

describe("moneyText", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123450, "1234.50"],
    [24500, "245.00"],
    [-5, "-0.05"],
    [-12345, "-123.45"],
    [SAFE, "90071992547409.91"],
  ])("writes %i cents as %j", (cents, text) => {
    expect(moneyText(cents)).toBe(text);
  });

  it("refuses fractions of a cent and unsafe integers", () => {
    expect(() => moneyText(1.5)).toThrow(RangeError);
    expect(() => moneyText(SAFE + 1)).toThrow(RangeError);
  });

  it("always writes exactly two decimals", () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(moneyText(cents)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe("round trips", () => {
  it("parse(moneyText(c)) is c for every cents value in range", () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(parseMoney(moneyText(cents))).toBe(cents);
        expect(parseMoney(formatMoney(cents, "plain"))).toBe(cents);
      }),
    );
  });

  it("moneyText(parse(x)) is x's amount for every valid amount text, written with two decimals", () => {
    fc.assert(
      fc.property(amountText, (text) => {
        const printed = moneyText(parseMoney(text));
        expect(printed).toMatch(/^-?\d+\.\d{2}$/);
        // The same digits, up to leading zeros, padding of the decimals and the sign of zero.
        const [whole = "", fraction = ""] = text.replace(/^-/, "").split(".");
        const negative = text.startsWith("-") && /[1-9]/.test(text);
        expect(printed).toBe(
          `${negative ? "-" : ""}${BigInt(whole === "" ? "0" : whole)}.${fraction.padEnd(2, "0")}`,
        );
        expect(parseMoney(printed)).toBe(parseMoney(text));
      }),
    );
  });
});

describe("formatMoney", () => {
  it("formats the market style by default", () => {
    expect(formatMoney("1234.5")).toBe("1,234.50 USDT");
    expect(formatMoney("0")).toBe("0.00 USDT");
    expect(formatMoney(100)).toBe("1.00 USDT");
    expect(formatMoney("1000000")).toBe("1,000,000.00 USDT");
    expect(formatMoney("999.99")).toBe("999.99 USDT");
  });

  it("formats negative amounts with the sign first", () => {
    expect(formatMoney(-5)).toBe("-0.05 USDT");
    expect(formatMoney(-123450)).toBe("-1,234.50 USDT");
  });

  it("formats the funds page: whole amounts without decimals, '0 USDT' without data", () => {
    expect(formatMoney("320.00", "funds")).toBe("320 USDT");
    expect(formatMoney("12500", "funds")).toBe("12,500 USDT");
    expect(formatMoney("1234.5", "funds")).toBe("1,234.50 USDT");
    expect(formatMoney(null, "funds")).toBe("0 USDT");
    expect(formatMoney(undefined, "funds")).toBe("0 USDT");
    expect(formatMoney("0", "funds")).toBe("0 USDT");
  });

  it("formats plain CSV cells without grouping", () => {
    expect(formatMoney("1234567.5", "plain")).toBe("1234567.50");
    expect(formatMoney(null, "plain")).toBe("");
  });

  it("shows 'N/A' (plain: empty) for missing amounts and for every amount parseMoney refuses", () => {
    expect(formatMoney(null)).toBe("N/A");
    expect(formatMoney("abc", "usdt")).toBe("N/A");
    expect(formatMoney("abc", "funds")).toBe("N/A");
    expect(formatMoney("abc", "plain")).toBe("");
    expect(formatMoney("0.005")).toBe("N/A");
    expect(formatMoney("123456789012345678.99")).toBe("N/A");
    expect(formatMoney(12.5)).toBe("N/A");
    expect(formatMoney(Number.NaN, "usdt")).toBe("N/A");
  });

  it("never prints a negative zero", () => {
    expect(formatMoney("-0.00")).toBe("0.00 USDT");
    expect(formatMoney("-0.", "usdt")).toBe("0.00 USDT");
    expect(formatMoney(-0, "funds")).toBe("0 USDT");
  });

  it("prints the same digits in every style, grouped by thousands", () => {
    fc.assert(
      fc.property(safeCents, (amount) => {
        const plain = formatMoney(amount, "plain");
        const usdt = formatMoney(amount, "usdt");
        expect(usdt).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2} USDT$/);
        expect(usdt.replaceAll(",", "")).toBe(`${plain} USDT`);
        expect(parseMoney(formatMoney(amount, "funds").replaceAll(",", "").replace(" USDT", ""))).toBe(
          amount,
        );
        expect(formatMoney(plain, "usdt")).toBe(usdt);
      }),
    );
  });

  it("agrees with Intl grouping for amounts a float holds exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (amount) => {
        const expected = (amount / 100).toLocaleString("en-US", {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatMoney(amount)).toBe(`${expected} USDT`);
      }),
    );
  });
});

describe("the schemas' money field", () => {
  const field = moneyCentsField(moneyMessages("Value"));

  it("accepts exactly the strings parseMoney reads within 0..MAX_MONEY_CENTS, as the same cents", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), amountText, fc.constantFrom("0.005", "1e3", "+5", " 7. ")),
        (text) => {
          const result = field.safeParse(text);
          const cents = readMoney(text);
          const inRange = cents !== null && cents >= 0 && cents <= MAX_MONEY_CENTS;
          expect(result.success).toBe(inRange);
          if (result.success) expect(result.data).toBe(cents);
          else if (moneyProblem(text) === "too-many-decimals")
            expect(result.error.issues[0]?.message).toBe("Value cannot have more than 2 decimals.");
        },
      ),
    );
  });

  it("reads a JSON number as the decimal it spells, like the same text", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const fromNumber = field.safeParse(value);
        const fromText = field.safeParse(decimalTextOf(value));
        expect(fromNumber.success).toBe(fromText.success);
        if (fromNumber.success && fromText.success) expect(fromNumber.data).toBe(fromText.data);
      }),
    );
  });
});

describe("money bugs of the three former readers", () => {
  it("reads '0.005' the same everywhere: refused, never rounded to a cent", () => {
    expect(moneyProblem("0.005")).toBe("too-many-decimals");
    expect(formatMoney("0.005", "plain")).toBe("");
    expect(formatMoney("0.005", "usdt")).toBe("N/A");
    expect(moneyCentsField(moneyMessages("Value")).safeParse("0.005").success).toBe(false);
  });

  it("gives a number one meaning: cents in code, a decimal amount only as it crosses the boundary", () => {
    // The number 12.5 is not a whole number of cents; as a typed amount it is 12.50.
    expect(formatMoney(12.5)).toBe("N/A");
    expect(moneyCentsField(moneyMessages("Value")).parse(12.5)).toBe(1250);
    expect(formatMoney(moneyCentsField(moneyMessages("Value")).parse(12.5))).toBe("12.50 USDT");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, toCents } from "./format-money.ts";

describe("toCents", () => {
  it("reads numeric strings exactly", () => {
    expect(toCents("1234.50")).toBe(123450n);
    expect(toCents("1234.5")).toBe(123450n);
    expect(toCents("1234")).toBe(123400n);
    expect(toCents(".5")).toBe(50n);
    expect(toCents("5.")).toBe(500n);
    expect(toCents(" 0.07 ")).toBe(7n);
    expect(toCents("-3.10")).toBe(-310n);
    expect(toCents("+3")).toBe(300n);
    // Far beyond what a float holds exactly.
    expect(toCents("123456789012345678.99")).toBe(12345678901234567899n);
  });

  it("takes numbers and bigints as integer cents", () => {
    expect(toCents(123450)).toBe(123450n);
    expect(toCents(7n)).toBe(7n);
    expect(toCents(12.5)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });

  it("rounds a third decimal half away from zero", () => {
    expect(toCents("0.125")).toBe(13n);
    expect(toCents("0.124999")).toBe(12n);
    expect(toCents("-0.125")).toBe(-13n);
    expect(toCents("0.995")).toBe(100n);
  });

  it("refuses anything that is not a plain decimal", () => {
    for (const text of ["", "abc", "1,000", "1e3", "1.2.3", "--1", ".", "$5", "Infinity"]) {
      expect(toCents(text)).toBeNull();
    }
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
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

  it("formats the receipt styles", () => {
    expect(formatMoney("1234.5", "usd")).toBe("1,234.50 USD");
    expect(formatMoney(123450, "usd-symbol")).toBe("$1,234.50");
    expect(formatMoney(-5, "usd-symbol")).toBe("-$0.05");
    expect(formatMoney(-123450n, "usd")).toBe("-1,234.50 USD");
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

  it("shows 'N/A' for missing or unreadable amounts", () => {
    expect(formatMoney(null)).toBe("N/A");
    expect(formatMoney("abc", "usd")).toBe("N/A");
    expect(formatMoney("abc", "funds")).toBe("N/A");
    expect(formatMoney("abc", "plain")).toBe("");
  });

  it("never prints a negative zero", () => {
    expect(formatMoney("-0.00")).toBe("0.00 USDT");
    expect(formatMoney("-0.004", "usd-symbol")).toBe("$0.00");
  });

  const cents = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });

  it("round-trips every amount through the plain style", () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(toCents(formatMoney(amount, "plain"))).toBe(amount);
      }),
    );
  });

  it("prints the same digits in every style, grouped by thousands", () => {
    fc.assert(
      fc.property(cents, (amount) => {
        const plain = formatMoney(amount, "plain");
        const usdt = formatMoney(amount, "usdt");
        expect(usdt).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2} USDT$/);
        expect(usdt.replaceAll(",", "")).toBe(`${plain} USDT`);
        expect(formatMoney(amount, "usd").replaceAll(",", "")).toBe(`${plain} USD`);
        expect(formatMoney(amount, "usd-symbol").replaceAll(",", "").replace("$", "")).toBe(plain);
        expect(toCents(formatMoney(amount, "funds").replaceAll(",", "").replace(" USDT", ""))).toBe(amount);
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

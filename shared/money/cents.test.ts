import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, parseCents } from "./cents.ts";

describe("parseCents", () => {
  it.each([
    ["1234.5", 123450],
    ["1234.50", 123450],
    ["1234", 123400],
    ["0.01", 1],
    [".5", 50],
    ["7.", 700],
    ["  42.10 ", 4210],
    ["3200.00", 320000],
    ["1.2500", 125],
    ["-3.07", -307],
    ["-0.00", 0],
    ["999999999999.99", 99999999999999],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it("keeps the sign of zero positive", () => {
    expect(Object.is(parseCents("-0"), 0)).toBe(true);
  });

  it.each([
    [1234.5, 123450],
    [0.1, 10],
    [850.5, 85050],
    [3200, 320000],
    [-2.25, -225],
  ])("reads the number %d as %i cents", (value, cents) => {
    expect(parseCents(value)).toBe(cents);
  });

  it.each(["", " ", ".", "-", "1,234.50", "1e3", "+5", "12.3.4", "abc", "0x10", "1 000"])(
    "refuses %j",
    (text) => {
      expect(() => parseCents(text)).toThrow(RangeError);
    },
  );

  it("refuses a third decimal instead of rounding it", () => {
    expect(() => parseCents("0.005")).toThrow(/More than 2 decimals/);
    expect(() => parseCents(0.1 + 0.2)).toThrow(/More than 2 decimals/);
  });

  it("refuses non-finite numbers, exponent notation and amounts past the safe integer range", () => {
    expect(() => parseCents(Number.NaN)).toThrow(RangeError);
    expect(() => parseCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => parseCents(1e21)).toThrow(RangeError);
    expect(() => parseCents("90071992547409.92")).toThrow(/too large/);
  });
});

describe("formatCents", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123450, "1234.50"],
    [24500, "245.00"],
    [-5, "-0.05"],
    [-12345, "-123.45"],
  ])("writes %i cents as %j", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("refuses fractions of a cent", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it("round-trips with parseCents", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseCents(formatCents(cents))).toBe(cents);
      }),
    );
  });

  it("always writes exactly two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

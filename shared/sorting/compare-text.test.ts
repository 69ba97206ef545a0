import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareText } from "./compare-text.ts";

describe("compareText", () => {
  it("ignores case, keeps numbers in order and breaks ties deterministically", () => {
    expect(compareText("alpha", "Beta")).toBeLessThan(0);
    expect(compareText("Raider2", "raider10")).toBeLessThan(0);
    expect(compareText("Zed", "zed")).not.toBe(0);
    expect(Math.sign(compareText("Zed", "zed"))).toBe(-Math.sign(compareText("zed", "Zed")));
    expect(compareText("same", "same")).toBe(0);
  });

  it("is a total order: antisymmetric, zero only for equal strings, transitive", () => {
    const name = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(compareText(a, b))).toBe(-Math.sign(compareText(b, a)) || 0);
        expect(compareText(a, b) === 0).toBe(a === b);
        if (compareText(a, b) <= 0 && compareText(b, c) <= 0)
          expect(compareText(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

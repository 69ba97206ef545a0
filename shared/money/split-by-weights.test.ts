import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareKeys, splitByWeights, type WeightedPart } from "./split-by-weights.ts";

const equalParts = (...keys: string[]): WeightedPart[] => keys.map((key) => ({ key, weight: 1 }));

const partsArbitrary = fc.uniqueArray(
  fc.record({ key: fc.string({ minLength: 1, maxLength: 8 }), weight: fc.nat({ max: 1000 }) }),
  { minLength: 1, maxLength: 12, selector: (part) => part.key },
);

describe("splitByWeights", () => {
  it("splits 1,000.00 into 10/5/25/60 exactly", () => {
    const parts = [
      { key: "guild", weight: 10 },
      { key: "admin", weight: 5 },
      { key: "elite", weight: 25 },
      { key: "base", weight: 60 },
    ];
    expect(splitByWeights(100000, parts)).toEqual([10000, 5000, 25000, 60000]);
  });

  it("gives the leftover cents to the largest remainders", () => {
    // 0.07 by 10/5/25/60: exact shares 0.7, 0.35, 1.75, 4.2 -> floors 0,0,1,4; remainders .7,.35,.75,.2.
    const parts = [
      { key: "guild", weight: 10 },
      { key: "admin", weight: 5 },
      { key: "elite", weight: 25 },
      { key: "base", weight: 60 },
    ];
    expect(splitByWeights(7, parts)).toEqual([1, 0, 2, 4]);
  });

  it("breaks equal remainders by the larger weight first", () => {
    // 0.02 by 10/5/25/60: remainders .2, .1, .5, .2 -> elite takes one cent, base (60) beats guild (10).
    const parts = [
      { key: "guild", weight: 10 },
      { key: "admin", weight: 5 },
      { key: "elite", weight: 25 },
      { key: "base", weight: 60 },
    ];
    expect(splitByWeights(2, parts)).toEqual([0, 0, 1, 1]);
  });

  it("breaks ties between equal weights by key, case-insensitively", () => {
    expect(splitByWeights(100, equalParts("carl", "Bob", "alice"))).toEqual([33, 33, 34]);
    expect(splitByWeights(101, equalParts("carl", "Bob", "alice"))).toEqual([33, 34, 34]);
  });

  it("splits equally when every weight is 0", () => {
    expect(
      splitByWeights(1001, [
        { key: "b", weight: 0 },
        { key: "a", weight: 0 },
      ]),
    ).toEqual([500, 501]);
  });

  it("gives nothing to a zero weight when others are positive", () => {
    expect(
      splitByWeights(999, [
        { key: "a", weight: 0 },
        { key: "b", weight: 3 },
      ]),
    ).toEqual([0, 999]);
  });

  it("stays exact where the products pass 2^53", () => {
    const parts = [
      { key: "a", weight: 999_999_937 },
      { key: "b", weight: 1 },
    ];
    const total = 99_999_999_999_999;
    const [a = 0, b = 0] = splitByWeights(total, parts);
    expect(a + b).toBe(total);
    expect(b).toBe(100_000);
  });

  it("refuses what it cannot split", () => {
    expect(() => splitByWeights(-1, equalParts("a"))).toThrow(RangeError);
    expect(() => splitByWeights(1.5, equalParts("a"))).toThrow(RangeError);
    expect(() => splitByWeights(100, [{ key: "a", weight: -1 }])).toThrow(RangeError);
    expect(() => splitByWeights(100, [{ key: "a", weight: 0.5 }])).toThrow(RangeError);
    expect(() => splitByWeights(1, [])).toThrow(RangeError);
    expect(splitByWeights(0, [])).toEqual([]);
  });

  it("always adds up to the total", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000_000 }), partsArbitrary, (total, parts) => {
        const amounts = splitByWeights(total, parts);
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
        expect(amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0)).toBe(true);
      }),
    );
  });

  it("keeps every part within one cent of its exact share", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), partsArbitrary, (total, parts) => {
        const amounts = splitByWeights(total, parts);
        const allZero = parts.every((part) => part.weight === 0);
        const weights = parts.map((part) => (allZero ? 1 : part.weight));
        const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
        amounts.forEach((amount, index) => {
          // Compared in integers: |amount * sum - total * weight| < sum.
          const error = Math.abs(amount * weightSum - total * (weights[index] ?? 0));
          expect(error).toBeLessThan(weightSum);
        });
      }),
    );
  });

  it("gives equal weights amounts at most one cent apart", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.integer({ min: 1, max: 40 }), (total, count) => {
        const amounts = splitByWeights(
          total,
          Array.from({ length: count }, (_, index) => ({ key: `m${index}`, weight: 1 })),
        );
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("gives each key the same amount whatever the order of the parts", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        partsArbitrary.chain((parts) =>
          fc.tuple(fc.constant(parts), fc.shuffledSubarray(parts, { minLength: parts.length })),
        ),
        (total, [parts, shuffled]) => {
          const byKey = (list: readonly WeightedPart[]) => {
            const amounts = splitByWeights(total, list);
            return new Map(list.map((part, index) => [part.key, amounts[index]]));
          };
          expect(byKey(shuffled)).toEqual(byKey(parts));
        },
      ),
    );
  });
});

describe("compareKeys", () => {
  it("orders case-insensitively, then by code units", () => {
    expect(["carl", "Bob", "alice", "bob"].sort(compareKeys)).toEqual(["alice", "Bob", "bob", "carl"]);
  });
});

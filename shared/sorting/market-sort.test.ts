import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AdminMarketSortable,
  compareAdminMarket,
  comparePublicMarket,
  marketStatusRank,
  type PublicMarketSortable,
  sortAdminMarket,
  sortPublicMarket,
} from "./market-sort.ts";

describe("marketStatusRank", () => {
  it("ranks Sold, then Pending, then anything else", () => {
    expect([marketStatusRank("Sold"), marketStatusRank("Pending"), marketStatusRank("Reserved")]).toEqual([
      0, 1, 2,
    ]);
  });
});

describe("sortPublicMarket", () => {
  it("puts Sold first, then Pending, then other statuses", () => {
    const items = [
      { id: 1, lootName: "A", status: "Reserved", dateAcquired: "2026-11-20" },
      { id: 2, lootName: "B", status: "Pending", dateAcquired: "2026-11-20" },
      { id: 3, lootName: "C", status: "Sold", dateAcquired: "2020-01-01" },
    ];
    expect(sortPublicMarket(items).map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it("orders a status newest acquired first, dated before undated, ties by loot name", () => {
    const items: PublicMarketSortable[] = [
      { id: 1, lootName: "Zeta Blade", status: "Sold", dateAcquired: null },
      { id: 2, lootName: "beta Bow", status: "Sold", dateAcquired: "2026-11-01" },
      { id: 3, lootName: "Alpha Ring", status: "Sold", dateAcquired: "2026-11-01" },
      { id: 4, lootName: "Gamma Helm", status: "Sold", dateAcquired: "2026-11-15" },
      { id: 5, lootName: "Alpha Ring", status: "Sold", dateAcquired: "not a date" },
      { id: 6, lootName: "Epsilon", status: "Sold" },
    ];
    expect(sortPublicMarket(items).map((i) => i.id)).toEqual([4, 3, 2, 5, 6, 1]);
  });

  it("compares timestamps and Dates on the same scale as date-only values", () => {
    const items = [
      { id: 1, lootName: "A", status: "Pending", dateAcquired: "2026-11-01" },
      { id: 2, lootName: "B", status: "Pending", dateAcquired: new Date("2026-11-02T08:00:00Z") },
      { id: 3, lootName: "C", status: "Pending", dateAcquired: "2026-10-31T23:00:00Z" },
    ];
    expect(sortPublicMarket(items).map((i) => i.id)).toEqual([2, 1, 3]);
  });

  it("does not change its input", () => {
    const items = [
      { lootName: "B", status: "Pending" },
      { lootName: "A", status: "Sold" },
    ];
    sortPublicMarket(items);
    expect(items.map((i) => i.lootName)).toEqual(["B", "A"]);
  });
});

describe("sortAdminMarket", () => {
  it("puts Sold first, then Pending, each newest created first", () => {
    const items: AdminMarketSortable[] = [
      { id: 1, status: "Pending", createdAt: "2026-11-20T10:00:00Z" },
      { id: 2, status: "Sold", createdAt: "2026-11-01T10:00:00Z" },
      { id: 3, status: "Sold", createdAt: "2026-11-19T10:00:00Z" },
      { id: 4, status: "Pending", createdAt: new Date("2026-11-21T10:00:00Z") },
      { id: 5, status: "Other", createdAt: "2026-12-01T10:00:00Z" },
      { id: 6, status: "Sold", createdAt: null },
    ];
    expect(sortAdminMarket(items).map((i) => i.id)).toEqual([3, 2, 6, 4, 1, 5]);
  });

  it("breaks equal creation times by the newer id", () => {
    const at = "2026-11-20T10:00:00Z";
    const items = [
      { id: 7, status: "Sold", createdAt: at },
      { id: 9, status: "Sold", createdAt: at },
      { id: 8, status: "Sold", createdAt: at },
    ];
    expect(sortAdminMarket(items).map((i) => i.id)).toEqual([9, 8, 7]);
  });
});

describe("market sort properties", () => {
  const statusArb = fc.constantFrom("Sold", "Pending", "Reserved");
  const dateArb = fc.oneof(
    fc.constant(null),
    fc.constant("garbage"),
    fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString()),
    fc.integer({ min: 1, max: 30 }).map((day) => `2026-11-${String(day).padStart(2, "0")}`),
  );
  const itemsArb = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 15 }).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(id),
          status: statusArb,
          lootName: fc.constantFrom("Alpha", "alpha", "Beta", "Gamma"),
          dateAcquired: dateArb,
          createdAt: dateArb,
        }),
      ),
    ),
  );
  const withShuffle = itemsArb.chain((items) =>
    fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length })),
  );

  /** A sort is a permutation, idempotent, independent of input order, with adjacent pairs strictly in order. */
  function expectOrderedPermutation<T extends { id: number }>(
    sort: (items: readonly T[]) => T[],
    compare: (a: T, b: T) => number,
    [items, shuffled]: [readonly T[], readonly T[]],
  ): T[] {
    const sorted = sort(items);
    expect(sorted.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      items.map((i) => i.id).sort((a, b) => a - b),
    );
    expect(sort(sorted)).toEqual(sorted);
    expect(sort(shuffled)).toEqual(sorted);
    for (let i = 1; i < sorted.length; i++) {
      expect(compare(sorted[i - 1] as T, sorted[i] as T)).toBeLessThan(0);
    }
    return sorted;
  }

  it("public sort: permutation, idempotent, independent of input order, adjacent pairs in order", () => {
    fc.assert(
      fc.property(withShuffle, (pair) => {
        const sorted = expectOrderedPermutation<PublicMarketSortable & { id: number }>(
          sortPublicMarket,
          comparePublicMarket,
          pair,
        );
        for (let i = 1; i < sorted.length; i++) {
          expect(marketStatusRank(sorted[i - 1]?.status ?? "")).toBeLessThanOrEqual(
            marketStatusRank(sorted[i]?.status ?? ""),
          );
        }
      }),
    );
  });

  it("admin sort: permutation, idempotent, independent of input order", () => {
    fc.assert(
      fc.property(withShuffle, (pair) => {
        expectOrderedPermutation<AdminMarketSortable & { id: number }>(
          sortAdminMarket,
          compareAdminMarket,
          pair,
        );
      }),
    );
  });

  it("keeps items without id that compare equal in their input order (stable)", () => {
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 12 }), (statuses) => {
        const items = statuses.map((status, index) => ({ status, lootName: "Same", index }));
        const sorted = sortPublicMarket(items);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          if (a && b && a.status === b.status) expect(a.index).toBeLessThan(b.index);
        }
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "../money/money.ts";
import { marketSales } from "./market-sales.ts";

const salesByBoss = (items: Parameters<typeof marketSales>[0]) => marketSales(items).byBoss;
const salesByMonth = (items: Parameters<typeof marketSales>[0]) => {
  const { months, undated } = marketSales(items);
  return { months, undated };
};

const sale = (bossName: string, value: string, day: string | null, status = "Sold") => ({
  bossName,
  value,
  status,
  dateAcquired: day,
});

describe("marketSales", () => {
  const items = [
    sale("Gravemaw", "100.10", "2026-11-01"),
    sale("gravemaw ", "0.05", "2026-11-20"),
    sale("Duskwing", "300.00", "2026-12-02"),
    sale("Duskwing", "999.00", "2026-12-03", "Pending"),
    sale("Ashen Lord", "20.00", null),
  ];

  it("adds the Sold items' values per boss, the most first, one boss whatever the case", () => {
    expect(salesByBoss(items)).toEqual([
      { key: "Duskwing", cents: 30000, items: 1 },
      { key: "Gravemaw", cents: 10015, items: 2 },
      { key: "Ashen Lord", cents: 2000, items: 1 },
    ]);
  });

  it("adds them per month of their date, every month from the first to the last, and counts undated ones apart", () => {
    const withGap = [...items, sale("Gravemaw", "1.00", "2026-09-30")];
    expect(salesByMonth(withGap)).toEqual({
      months: [
        { key: "2026-09", cents: 100, items: 1 },
        { key: "2026-10", cents: 0, items: 0 },
        { key: "2026-11", cents: 10015, items: 2 },
        { key: "2026-12", cents: 30000, items: 1 },
      ],
      undated: { cents: 2000, items: 1 },
    });
    expect(salesByMonth([])).toEqual({ months: [], undated: { cents: 0, items: 0 } });
  });

  it("crosses a year", () => {
    expect(
      salesByMonth([sale("A", "1", "2025-12-31"), sale("A", "2", "2026-01-01")]).months.map((m) => m.key),
    ).toEqual(["2025-12", "2026-01"]);
  });

  it("per boss and per month both add up to the Sold total, to the cent", () => {
    const day = fc
      .integer({ min: 0, max: 1500 })
      .map((n) => new Date(Date.UTC(2023, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const drawn = fc.array(
      fc.record({
        boss: fc.constantFrom("Gravemaw", "GRAVEMAW", "Duskwing", "Ashen Lord"),
        value: fc.integer({ min: 0, max: 1_000_000_00 }).map(moneyText),
        day: fc.option(day, { nil: null }),
        sold: fc.boolean(),
      }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(drawn, (rows) => {
        const list = rows.map((r) => sale(r.boss, r.value, r.day, r.sold ? "Sold" : "Pending"));
        const total = list.filter((i) => i.status === "Sold").reduce((t, i) => t + parseMoney(i.value), 0);
        const count = list.filter((i) => i.status === "Sold").length;
        const bosses = salesByBoss(list);
        const { months, undated } = salesByMonth(list);
        expect(bosses.reduce((t, b) => t + b.cents, 0)).toBe(total);
        expect(months.reduce((t, m) => t + m.cents, 0) + undated.cents).toBe(total);
        expect(months.reduce((t, m) => t + m.items, 0) + undated.items).toBe(count);
        expect(bosses.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "../money/money.ts";
import { earningsOverTime } from "./earnings-over-time.ts";

const characters = [
  { memberId: 1, playerName: "Thornfang" },
  { memberId: 2, playerName: "Thornlet" },
];

describe("earningsOverTime", () => {
  it("adds up shares and payouts day by day, for all characters and for each", () => {
    const series = earningsOverTime({
      characters,
      items: [
        { date: "2026-11-03", memberId: 2, share: "6.03" },
        { date: "2026-11-01", memberId: 1, share: "4250.00" },
        { date: "2026-11-03", memberId: 1, share: "0.10" },
        { date: null, memberId: 2, share: "1.50" },
      ],
      payouts: [{ paidOn: "2026-11-02", memberId: 1, amount: "1000.00" }],
    });
    expect(series.days).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(series.all.earned).toEqual([425000, 425000, 425613]);
    expect(series.all.paid).toEqual([0, 100000, 100000]);
    expect(series.all.undatedCents).toBe(150);
    expect(series.characters.map((c) => [c.name, c.earned, c.paid, c.undatedCount])).toEqual([
      ["Thornfang", [425000, 425000, 425010], [0, 100000, 100000], 0],
      ["Thornlet", [0, 0, 603], [0, 0, 0], 1],
    ]);
  });

  it("has no days without shares or payouts", () => {
    const series = earningsOverTime({ characters, items: [], payouts: [] });
    expect(series.days).toEqual([]);
    expect(series.all.earned).toEqual([]);
  });

  const day = fc
    .integer({ min: 0, max: 900 })
    .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map(moneyText);
  const answer = fc.record({
    items: fc.array(
      fc.record({ date: fc.option(day, { nil: null }), memberId: fc.constantFrom(1, 2), share: amount }),
      { maxLength: 60 },
    ),
    payouts: fc.array(fc.record({ paidOn: day, memberId: fc.constantFrom(1, 2, null), amount }), {
      maxLength: 20,
    }),
  });
  const sum = (texts: string[]) => texts.reduce((total, text) => total + parseMoney(text), 0);

  it("ends at the exact sum of the shares and of the payouts, to the cent, never going down", () => {
    fc.assert(
      fc.property(answer, ({ items, payouts }) => {
        const series = earningsOverTime({ characters, items, payouts });
        const dated = items.filter((i) => i.date !== null);
        const undated = items.filter((i) => i.date === null);
        expect(series.all.earned.at(-1) ?? 0).toBe(sum(dated.map((i) => i.share)));
        expect((series.all.earned.at(-1) ?? 0) + series.all.undatedCents).toBe(
          sum(items.map((i) => i.share)),
        );
        expect(series.all.undatedCents).toBe(sum(undated.map((i) => i.share)));
        expect(series.all.paid.at(-1) ?? 0).toBe(sum(payouts.map((p) => p.amount)));
        for (const line of [series.all, ...series.characters]) {
          expect(line.earned).toHaveLength(series.days.length);
          line.earned.forEach((cents, i) => {
            expect(Number.isSafeInteger(cents)).toBe(true);
            if (i > 0) expect(cents).toBeGreaterThanOrEqual(line.earned[i - 1] as number);
          });
        }
        // The characters add up to all of them on every day (a payout to no character counts only there).
        series.days.forEach((_, i) => {
          expect(series.characters.reduce((t, c) => t + (c.earned[i] as number), 0)).toBe(
            series.all.earned[i],
          );
        });
        expect([...series.days].sort()).toEqual(series.days);
        expect(new Set(series.days).size).toBe(series.days.length);
      }),
    );
  });
});

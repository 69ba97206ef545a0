import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "../money/money.ts";
import { distributeItem } from "../salary/distribute-item.ts";
import { fundFlow, fundIncomeOf } from "./fund-flow.ts";

const roster = [
  {
    id: 1,
    playerName: "Ashvale",
    category: "Guild Master" as const,
    mainMemberId: null,
    playerAlias: null,
    raidsParticipated: 3,
  },
  {
    id: 2,
    playerName: "Larkspire",
    category: "Members" as const,
    mainMemberId: null,
    playerAlias: null,
    raidsParticipated: 1,
  },
];
const item = (id: number, value: string, day: string | null, members: string[], status = "Sold") => ({
  id,
  lootName: `Loot ${id}`,
  value,
  status,
  participatedMembers: JSON.stringify(members),
  dateAcquired: day,
  createdAt: new Date("2026-10-20T20:00:00Z"),
});

describe("fundIncomeOf and fundFlow", () => {
  it("gives each fund its part of every Sold item on the item's day, and the balance after spending", () => {
    const income = fundIncomeOf(
      [
        item(1, "1000.00", "2026-11-01", ["Ashvale", "Larkspire"]),
        // No elite participant: the elite pool (25%) goes to the guild fund as well.
        item(2, "200.00", "2026-11-03", ["Larkspire"]),
        item(3, "500.00", "2026-11-02", ["Ashvale"], "Pending"),
        // No date: the day it was recorded.
        item(4, "10.00", null, []),
      ],
      roster,
      [],
    );
    expect(income.guild).toEqual([
      { day: "2026-11-01", cents: 10000 },
      { day: "2026-11-03", cents: 7000 },
      { day: "2026-10-20", cents: 950 },
    ]);
    expect(income.admin.map((a) => a.cents)).toEqual([5000, 1000, 50]);
    const flow = fundFlow("guild", income.guild, [
      { fund: "guild", amount: "30.00", spentOn: "2026-11-02" },
      { fund: "admin", amount: "5.00", spentOn: "2026-11-02" },
    ]);
    expect(flow.days).toEqual(["2026-10-20", "2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(flow.income).toEqual([950, 10950, 10950, 17950]);
    expect(flow.spent).toEqual([0, 0, 3000, 3000]);
    expect(flow.balance).toEqual([950, 10950, 7950, 14950]);
  });

  const day = fc
    .integer({ min: 0, max: 700 })
    .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
  const amount = fc.integer({ min: 0, max: 1_000_000_00 }).map(moneyText);
  const items = fc.array(
    fc.record({
      value: amount,
      day: fc.option(day, { nil: null }),
      members: fc.subarray(["Ashvale", "Larkspire", "Stranger"]),
      sold: fc.boolean(),
    }),
    { maxLength: 40 },
  );
  const spending = fc.array(
    fc.record({ fund: fc.constantFrom("guild" as const, "admin" as const), amount, spentOn: day }),
    {
      maxLength: 15,
    },
  );

  it("ends at the engine's fund parts and the spending, to the cent, with balance = income − spent every day", () => {
    fc.assert(
      fc.property(items, spending, (drawn, spent) => {
        const rows = drawn.map((d, i) => item(i + 1, d.value, d.day, d.members, d.sold ? "Sold" : "Pending"));
        const income = fundIncomeOf(rows, roster, []);
        const sold = rows.filter((r) => r.status === "Sold").map((r) => distributeItem(r, roster));
        for (const fund of ["guild", "admin"] as const) {
          const flow = fundFlow(fund, income[fund], spent);
          const expectedIncome = sold.reduce(
            (t, d) => t + (fund === "guild" ? d.guildFundCents : d.adminFundCents),
            0,
          );
          const expectedSpent = spent
            .filter((s) => s.fund === fund)
            .reduce((t, s) => t + parseMoney(s.amount), 0);
          expect(flow.income.at(-1) ?? 0).toBe(expectedIncome);
          expect(flow.spent.at(-1) ?? 0).toBe(expectedSpent);
          flow.days.forEach((_, i) => {
            expect(flow.balance[i]).toBe((flow.income[i] as number) - (flow.spent[i] as number));
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});

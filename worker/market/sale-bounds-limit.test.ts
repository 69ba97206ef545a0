/**
 * The shortcut of sale-bounds.ts (docs/decisions/058): a write to a Sold item skips working out its distribution
 * when the funds row alone shows no total can leave the range. That rests on one property of the salary engine,
 * proven here over random rosters and items: no earner ever holds more than ten times the guild fund's income
 * plus 9 cents an item.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyText } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS } from "@shared/money/money-range.ts";
import type { SalaryItem, SalaryRosterMember } from "@shared/salary/distribute-item.ts";
import { earnerKey } from "@shared/salary/salary-totals.ts";
import { storedDistributions } from "@shared/salary/stored-distribution.ts";
import { farFromTheLimit } from "./sale-bounds.ts";

const NAMES = ["Ashvale", "Brightforge", "Cinder", "Dawn", "Ember", "Frost"];

const roster = fc
  .array(fc.constantFrom("Guild Master", "Core", "Members" as const), {
    minLength: 1,
    maxLength: NAMES.length,
  })
  .map((categories) =>
    categories.map(
      (category, index): SalaryRosterMember => ({
        id: index + 1,
        playerName: NAMES[index] as string,
        category,
        raidsParticipated: index,
        // Every other member is an alt of the first: their shares are split again by raid counts.
        mainMemberId: index > 0 && index % 2 === 0 ? 1 : null,
        playerAlias: null,
      }),
    ),
  );

const items = fc.array(
  fc.record({
    // Values near the limit and small ones, where rounding matters most.
    cents: fc.oneof(fc.integer({ min: 0, max: MAX_MONEY_CENTS }), fc.integer({ min: 0, max: 1_000 })),
    names: fc.subarray([...NAMES, "Wanderer", "Drifter"]),
  }),
  { minLength: 1, maxLength: 12 },
);

describe("the funds row bounds every earner", () => {
  it("no earner holds more than ten times the guild fund's income plus 9 cents an item", () => {
    fc.assert(
      fc.property(roster, items, (members, drafts) => {
        const sold: SalaryItem[] = drafts.map((draft, index) => ({
          id: index + 1,
          lootName: `Loot ${index}`,
          value: moneyText(draft.cents),
          participatedMembers: JSON.stringify(draft.names),
          status: "Sold",
        }));
        const stored = [...storedDistributions(sold, members).values()];
        const guild = stored.reduce((sum, d) => sum + d.item.guildFundCents, 0);
        const earners = new Map<string, number>();
        for (const share of stored.flatMap((d) => d.shares)) {
          const key = earnerKey(share.memberId, share.name);
          earners.set(key, (earners.get(key) ?? 0) + share.generalShareCents + share.eliteShareCents);
        }
        const largest = Math.max(0, ...earners.values());
        expect(largest).toBeLessThanOrEqual(10 * guild + 9 * stored.length);
      }),
      { numRuns: 300 },
    );
  });

  it("lets a write skip the work only when every total stays within the range", () => {
    const figures = (guild: number, admin: number, itemCount: number | null) => ({
      guild: moneyText(guild),
      admin: moneyText(admin),
      itemCount,
      leastGuildFundBp: 1000,
    });
    expect(farFromTheLimit(figures(1_000_00, 500_00, 3), 3_200_00)).toBe(true);
    // Ten times the guild fund plus the value reaches past the limit: an earner might.
    expect(farFromTheLimit(figures(Math.floor(MAX_MONEY_CENTS / 10) - 100, 0, 0), 1_000_01)).toBe(false);
    expect(farFromTheLimit(figures(0, MAX_MONEY_CENTS - 5, 0), 6)).toBe(false);
    // Without the totals row nothing is assumed.
    expect(farFromTheLimit(figures(0, 0, null), 1)).toBe(false);
    // A split rule that gives the guild fund nothing (decision 075): its income bounds no earner.
    expect(farFromTheLimit({ ...figures(1_000_00, 500_00, 3), leastGuildFundBp: 0 }, 1)).toBe(false);
    // 12.5%: a value is at most 8 times its part plus 7 cents.
    expect(farFromTheLimit({ ...figures(1_000_00, 0, 1), leastGuildFundBp: 1250 }, 1)).toBe(true);
  });
});

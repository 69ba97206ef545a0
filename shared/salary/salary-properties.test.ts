// Properties of the engine the API runs (calculateSalaries) over random rosters (categories, raid counts, linked
// characters, aliases, some clashing with names) and random items (values, participants by name, alias or not on
// the roster, in any letter case, JSON or comma lists, broken lists, Sold or Pending).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "../money/money.ts";
import { parseParticipants } from "../participants/parse-participants.ts";
import { calculateSalaries, type SalaryCalculation } from "./calculate-salaries.ts";
import {
  distributeItem,
  fundPartsOf,
  type ItemDistribution,
  type SalaryItem,
  type SalaryRosterMember,
} from "./distribute-item.ts";
import { eliteCategoriesOf, type SplitRule } from "./split-rules.ts";
import { oracleSalaries } from "./testing/salary-oracle.ts";

const NAMES = [
  "Ashvale",
  "Brightforge",
  "Cinderwhisk",
  "Dawnrider",
  "Emberlyn",
  "Frostmantle",
  "Galewarden",
  "Hollowpeak",
  "Ironveil",
  "Jadeclaw",
  "Kestrelmoor",
  "Larkspire",
];
const OUTSIDERS = ["Wanderer", "Drifter", "null"];
/** Lists no one can read cleanly: malformed JSON, doubled commas, braces. */
const BROKEN_TEXTS = ["", "[]", '["Ashvale", "Veil"', "Ashvale,,Veil", "{bad}"];

/** Aliases a main character may take: its own, or one that clashes with another alias or a member's name. */
const ALIASES = ["own", "Veil", "Shade", "Ashvale"] as const;

const rosterArbitrary: fc.Arbitrary<SalaryRosterMember[]> = fc
  .array(
    fc.record({
      category: fc.constantFrom("Guild Master", "Core", "Members" as const),
      raidsParticipated: fc.oneof(fc.constant(0), fc.nat({ max: 30 })),
      linkTo: fc.option(fc.nat({ max: 11 }), { freq: 3 }),
      alias: fc.option(fc.constantFrom(...ALIASES)),
    }),
    { minLength: 0, maxLength: NAMES.length },
  )
  .map((drafts) => {
    const members: SalaryRosterMember[] = [];
    drafts.forEach((draft, index) => {
      const main = draft.linkTo === null ? undefined : members[draft.linkTo % Math.max(index, 1)];
      const mainMemberId = index > 0 && main !== undefined && main.mainMemberId === null ? main.id : null;
      const alias = draft.alias === "own" ? `Player${index + 1}` : draft.alias;
      const taken = members.some((m) => m.playerAlias === alias);
      members.push({
        id: index + 1,
        playerName: NAMES[index] ?? `Member${index}`,
        category: draft.category,
        raidsParticipated: draft.raidsParticipated,
        mainMemberId,
        playerAlias: mainMemberId === null && !taken ? alias : null,
      });
    });
    return members;
  });

const tokensOf = (roster: readonly SalaryRosterMember[]) => [
  ...roster.map((member) => member.playerName),
  ...roster.flatMap((member) => (member.playerAlias === null ? [] : [member.playerAlias])),
  ...OUTSIDERS,
];

function listText(names: readonly string[], asJson: boolean, upperCase: boolean): string {
  const spelled = upperCase ? names.map((name) => name.toUpperCase()) : names;
  return asJson ? JSON.stringify(spelled) : spelled.join(", ");
}

const itemsArbitrary = (roster: readonly SalaryRosterMember[]) =>
  fc
    .uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        valueCents: fc.oneof(fc.nat({ max: 200 }), fc.nat({ max: 100_000_000 })),
        participants: fc.subarray(tokensOf(roster)),
        asJson: fc.boolean(),
        upperCase: fc.boolean(),
        broken: fc.option(fc.constantFrom(...BROKEN_TEXTS), { freq: 8 }),
        sold: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6, selector: (draft) => draft.id },
    )
    .map((drafts) =>
      drafts.map(
        (draft): SalaryItem => ({
          id: draft.id,
          lootName: `Loot ${draft.id}`,
          value: moneyText(draft.valueCents),
          participatedMembers: draft.broken ?? listText(draft.participants, draft.asJson, draft.upperCase),
          status: draft.sold ? "Sold" : "Pending",
        }),
      ),
    );

const scenario = rosterArbitrary.chain((roster) =>
  itemsArbitrary(roster).map((items) => ({ roster, items })),
);

/** A scenario with its items in another order too. */
const withShuffledItems = scenario.chain(({ roster, items }) =>
  fc.record({
    roster: fc.constant(roster),
    items: fc.constant(items),
    shuffled: fc.shuffledSubarray(items, { minLength: items.length }),
  }),
);

function expectSameFigures(actual: SalaryCalculation, expected: SalaryCalculation): void {
  expect(actual.receipt).toEqual(expected.receipt);
  expect(actual.rosterSalaries).toEqual(expected.rosterSalaries);
  expect([actual.reservedGuildFunds, actual.adminFund]).toEqual([
    expected.reservedGuildFunds,
    expected.adminFund,
  ]);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const spread = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);

/** Participants whose shares were re-split with another character of the same player. */
function resplitIds(distribution: ItemDistribution, roster: readonly SalaryRosterMember[]): Set<number> {
  const byPlayer = new Map<number, number[]>();
  for (const share of distribution.shares) {
    const member = roster.find((candidate) => candidate.id === share.memberId);
    if (member === undefined) continue;
    const player = member.mainMemberId ?? member.id;
    byPlayer.set(player, [...(byPlayer.get(player) ?? []), member.id]);
  }
  return new Set([...byPlayer.values()].filter((ids) => ids.length > 1).flat());
}

const byName = (distribution: ItemDistribution) =>
  new Map(distribution.shares.map((share) => [share.name, share]));

describe("salary engine properties", () => {
  it("divides every item into parts that add up to its value exactly", () => {
    fc.assert(
      fc.property(scenario, ({ roster, items }) => {
        for (const item of items) {
          const distribution = distributeItem(item, roster);
          const value = parseMoney(item.value);
          const { guildFundPartCents, adminFundCents, elitePoolCents, basePoolCents } = distribution;
          expect(guildFundPartCents + adminFundCents + elitePoolCents + basePoolCents).toBe(value);
          const shared = sum(
            distribution.shares.map((share) => share.generalShareCents + share.eliteShareCents),
          );
          expect(distribution.guildFundCents + adminFundCents + shared).toBe(value);
          expect(distribution.shares.every((s) => s.generalShareCents >= 0 && s.eliteShareCents >= 0)).toBe(
            true,
          );
        }
      }),
    );
  });

  it("gives equal participants shares at most one cent apart", () => {
    fc.assert(
      fc.property(scenario, ({ roster, items }) => {
        for (const item of items) {
          const distribution = distributeItem(item, roster);
          const resplit = resplitIds(distribution, roster);
          const equal = distribution.shares.filter(
            (share) => share.memberId === null || !resplit.has(share.memberId),
          );
          expect(spread(equal.map((share) => share.generalShareCents))).toBeLessThanOrEqual(1);
          const elite = equal.filter((share) => share.category !== "Members" && share.memberId !== null);
          expect(spread(elite.map((share) => share.eliteShareCents))).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("does not depend on the order of the participants", () => {
    const reorderedItem = rosterArbitrary.chain((roster) =>
      fc
        .record({
          valueCents: fc.nat({ max: 100_000_000 }),
          tokens: fc.subarray(tokensOf(roster)),
          asJson: fc.boolean(),
        })
        .chain(({ valueCents, tokens, asJson }) =>
          fc.record({
            roster: fc.constant(roster),
            valueCents: fc.constant(valueCents),
            tokens: fc.constant(tokens),
            shuffled: fc.shuffledSubarray(tokens, { minLength: tokens.length }),
            asJson: fc.constant(asJson),
          }),
        ),
    );
    fc.assert(
      fc.property(reorderedItem, ({ roster, valueCents, tokens, shuffled, asJson }) => {
        const itemWith = (names: readonly string[]): SalaryItem => ({
          id: 1,
          lootName: "Loot",
          value: moneyText(valueCents),
          participatedMembers: asJson ? JSON.stringify(names) : names.join(", "),
          status: "Sold",
        });
        const original = distributeItem(itemWith(tokens), roster);
        const reordered = distributeItem(itemWith(shuffled), roster);
        expect(byName(reordered)).toEqual(byName(original));
        expect({ ...reordered, shares: [] }).toEqual({ ...original, shares: [] });
      }),
    );
  });

  it("does not depend on the order of the items", () => {
    fc.assert(
      fc.property(withShuffledItems, ({ roster, items, shuffled }) => {
        const original = calculateSalaries(items, roster);
        const reordered = calculateSalaries(shuffled, roster);
        expect(reordered.receipt).toEqual(original.receipt);
        expect(reordered.rosterSalaries).toEqual(original.rosterSalaries);
        expect([reordered.reservedGuildFunds, reordered.adminFund]).toEqual([
          original.reservedGuildFunds,
          original.adminFund,
        ]);
      }),
    );
  });

  it("accounts for every cent of the Sold items", () => {
    fc.assert(
      fc.property(scenario, ({ roster, items }) => {
        const calculation = calculateSalaries(items, roster);
        const soldValue = sum(
          items.filter((item) => item.status === "Sold").map((item) => parseMoney(item.value)),
        );
        const { summaryTotals, calculationDetails, membersWithSalaries } = calculation.receipt;
        expect(
          parseMoney(summaryTotals.totalGuildFund) +
            parseMoney(summaryTotals.totalAdminFund) +
            parseMoney(summaryTotals.totalSalariesDistributed),
        ).toBe(soldValue);
        expect(sum(calculationDetails.map((row) => parseMoney(row.finalCalculatedSalary)))).toBe(
          parseMoney(summaryTotals.totalSalariesDistributed),
        );
        // The stored salaries are the roster members on the receipt; everyone else on the roster has 0.00.
        const stored = new Map(membersWithSalaries.map((entry) => [entry.memberId, entry]));
        for (const entry of calculation.rosterSalaries) {
          expect(stored.get(entry.memberId) ?? { ...entry, salary: "0.00" }).toEqual(entry);
        }
        expect(
          membersWithSalaries.every((entry) =>
            calculation.rosterSalaries.some((r) => r.memberId === entry.memberId),
          ),
        ).toBe(true);
      }),
    );
  });

  it("equals the item-by-item oracle, whatever order the oracle adds the items in", () => {
    fc.assert(
      fc.property(withShuffledItems, ({ roster, items, shuffled }) =>
        expectSameFigures(calculateSalaries(items, roster), oracleSalaries(shuffled, roster)),
      ),
      { numRuns: 300 },
    );
  });

  it("gives the funds' parts of distributeItem without dividing the pools (fundPartsOf), under any split rule", () => {
    const rule: fc.Arbitrary<SplitRule> = fc
      .record({
        weights: fc.tuple(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 })),
        elite: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
        emptyElitePool: fc.constantFrom("guild-fund" as const, "base-pool" as const),
      })
      .map(({ weights: [a, b, c], elite, emptyElitePool }) => {
        const [guildFundBp, adminFundBp, elitePoolBp] = [a, b, c].map((w) => Math.floor(w / 3)) as [
          number,
          number,
          number,
        ];
        return {
          effectiveFrom: null,
          guildFundBp,
          adminFundBp,
          elitePoolBp,
          basePoolBp: 10_000 - guildFundBp - adminFundBp - elitePoolBp,
          eliteCategories: eliteCategoriesOf(...elite),
          emptyElitePool,
        };
      });
    fc.assert(
      fc.property(scenario, rule, ({ roster, items }, splitRule) => {
        for (const item of items) {
          const whole = distributeItem(item, roster, splitRule);
          const participants = parseParticipants(item.participatedMembers, roster);
          expect(fundPartsOf(item, participants, splitRule)).toEqual({
            guildFundCents: whole.guildFundCents,
            adminFundCents: whole.adminFundCents,
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});

// calculate() must give exactly what the shared engine's calculateSalaries gives, for any roster and items.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCents, parseCents } from "../../shared/money/cents.ts";
import { calculateSalaries } from "../../shared/salary/calculate-salaries.ts";
import type { SalaryItem, SalaryRosterMember } from "../../shared/salary/distribute-item.ts";
import { calculate } from "./calculate-at-scale.ts";

const NAMES = ["Ashvale", "Brightforge", "Cinderwhisk", "Dawnrider", "Emberlyn", "Frostmantle", "Galewarden"];
const OUTSIDERS = ["Wanderer", "Drifter", "null"];

const rosterArbitrary: fc.Arbitrary<SalaryRosterMember[]> = fc
  .array(
    fc.record({
      category: fc.constantFrom("Guild Master", "Core", "Members" as const),
      raidsParticipated: fc.nat({ max: 12 }),
      linkTo: fc.option(fc.nat({ max: 6 }), { freq: 2 }),
      alias: fc.option(fc.constantFrom("Veil", "Shade", "Ashvale"), { freq: 2 }),
    }),
    { minLength: 0, maxLength: NAMES.length },
  )
  .map((drafts) => {
    const members: SalaryRosterMember[] = [];
    const aliases = new Set<string>();
    drafts.forEach((draft, index) => {
      const main = draft.linkTo === null ? undefined : members[draft.linkTo];
      const mainMemberId = main !== undefined && main.mainMemberId === null ? main.id : null;
      const alias =
        mainMemberId === null && draft.alias !== null && !aliases.has(draft.alias) ? draft.alias : null;
      if (alias !== null) aliases.add(alias);
      members.push({
        id: index + 1,
        playerName: NAMES[index] as string,
        category: draft.category,
        raidsParticipated: draft.raidsParticipated,
        mainMemberId,
        playerAlias: alias,
      });
    });
    return members;
  });

const textArbitrary = (tokens: readonly string[]) =>
  fc.oneof(
    fc
      .record({
        names: fc.subarray([...tokens]),
        upper: fc.boolean(),
        json: fc.boolean(),
      })
      .map(({ names, upper, json }) => {
        const spelled = names.map((name) => (upper ? name.toUpperCase() : name));
        return json ? JSON.stringify(spelled) : spelled.join(", ");
      }),
    fc.constantFrom("", "[]", '["Ashvale", "Veil"', "Ashvale,,Veil", "{bad}"),
  );

const itemsArbitrary = (roster: readonly SalaryRosterMember[]) =>
  fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 500 }),
      lootName: fc.constantFrom("Blade", "Circlet", "Tome"),
      value: fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 50_000_000 })).map(formatCents),
      participatedMembers: textArbitrary([...roster.map((m) => m.playerName), "Veil", "Shade", ...OUTSIDERS]),
      status: fc.constantFrom("Sold", "Sold", "Pending"),
    }),
    { maxLength: 8, selector: (item) => item.id },
  );

describe("calculate (the engine at scale)", () => {
  it("equals calculateSalaries for any roster and items", () => {
    fc.assert(
      fc.property(
        rosterArbitrary.chain((roster) => fc.tuple(fc.constant(roster), itemsArbitrary(roster))),
        ([roster, items]: [SalaryRosterMember[], SalaryItem[]]) => {
          const expected = calculateSalaries(items, roster);
          const actual = calculate(items, roster);
          expect(actual.receipt).toEqual(expected.receipt);
          expect(actual.rosterSalaries).toEqual(expected.rosterSalaries);
          expect([actual.reservedGuildFunds, actual.adminFund]).toEqual([
            expected.reservedGuildFunds,
            expected.adminFund,
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("handles 10,000 items and 1,000 members in well under the time calculateSalaries needs", () => {
    const roster: SalaryRosterMember[] = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      playerName: `Raider${i}`,
      category: i % 10 === 0 ? "Core" : "Members",
      raidsParticipated: i % 7,
      mainMemberId: null,
      playerAlias: null,
    }));
    const items: SalaryItem[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      lootName: `Loot ${i}`,
      value: "1234.56",
      status: "Sold",
      participatedMembers: JSON.stringify(
        Array.from({ length: 20 }, (_, j) => `Raider${(i * 7 + j * 13) % 1000}`),
      ),
    }));
    const result = calculate(items, roster);
    expect(result.receipt.processedItems).toBe(10_000);
    const distributed =
      parseCents(result.reservedGuildFunds) +
      parseCents(result.adminFund) +
      parseCents(result.receipt.summaryTotals.totalSalariesDistributed);
    expect(formatCents(distributed)).toBe("12345600.00");
    // 5% of 1,234.56 is 61.728: 61.73 per item after the largest-remainder split.
    expect(result.adminFund).toBe("617300.00");
  });
});

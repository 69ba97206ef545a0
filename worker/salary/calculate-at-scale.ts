/**
 * The shared engine's calculateSalaries, run so that thousands of items stay fast. calculateSalaries resolves
 * every item against the whole roster and copies its running totals per item, which takes tens of seconds
 * for 10,000 items and 1,000 members. Here each item is distributed by the engine's distributeItem against
 * only the members its participant text can name (resolution looks up names, aliases of main characters and
 * their linked characters, nothing else), and the totals are accumulated in place; the receipt is built by the
 * engine's buildSalaryCalculation. calculate-at-scale.test.ts checks the result equals calculateSalaries'.
 */
import { parseParticipantNames } from "../../shared/participants/parse-participants.ts";
import { buildSalaryCalculation, type SalaryCalculation } from "../../shared/salary/calculate-salaries.ts";
import {
  distributeItem,
  type SalaryItem,
  type SalaryRosterMember,
} from "../../shared/salary/distribute-item.ts";
import {
  type EarnedItem,
  earnerKey,
  type ItemFunds,
  type SalaryTotals,
} from "../../shared/salary/salary-totals.ts";

interface RosterIndex<M> {
  byName: Map<string, M>;
  mainByAlias: Map<string, M>;
  charactersOf: Map<number, M[]>;
}

interface Earnings {
  memberId: number | null;
  items: EarnedItem[];
  generalShareCents: number;
  eliteShareCents: number;
}

export function calculate<M extends SalaryRosterMember>(
  items: readonly SalaryItem[],
  roster: readonly M[],
): SalaryCalculation {
  const index = indexRoster(roster);
  const itemFunds = new Map<number, ItemFunds>();
  const members = new Map<string, Earnings>();
  let guildFundCents = 0;
  let adminFundCents = 0;
  let generalShareCents = 0;
  let eliteShareCents = 0;

  // In id order, so each member's item list comes out sorted by item id as the engine keeps it.
  const sold = items.filter((item) => item.status === "Sold").sort((a, b) => a.id - b.id);
  for (const item of sold) {
    if (itemFunds.has(item.id)) throw new Error(`Item ${item.id} is already in the salary totals`);
    const d = distributeItem(item, relevantMembers(item.participatedMembers, index));
    itemFunds.set(d.itemId, {
      valueCents: d.valueCents,
      guildFundCents: d.guildFundCents,
      adminFundCents: d.adminFundCents,
    });
    guildFundCents += d.guildFundCents;
    adminFundCents += d.adminFundCents;
    for (const share of d.shares) {
      const key = earnerKey(share.memberId, share.name);
      let earnings = members.get(key);
      if (earnings === undefined) {
        earnings = { memberId: share.memberId, items: [], generalShareCents: 0, eliteShareCents: 0 };
        members.set(key, earnings);
      }
      earnings.items.push({
        itemId: d.itemId,
        lootName: d.lootName,
        itemValueCents: d.valueCents,
        name: share.name,
        category: share.category,
        generalShareCents: share.generalShareCents,
        eliteShareCents: share.eliteShareCents,
      });
      earnings.generalShareCents += share.generalShareCents;
      earnings.eliteShareCents += share.eliteShareCents;
      generalShareCents += share.generalShareCents;
      eliteShareCents += share.eliteShareCents;
    }
  }

  const totals: SalaryTotals = {
    items: itemFunds,
    guildFundCents,
    adminFundCents,
    generalShareCents,
    eliteShareCents,
    members,
  };
  return buildSalaryCalculation(totals, roster);
}

function indexRoster<M extends SalaryRosterMember>(roster: readonly M[]): RosterIndex<M> {
  const byName = new Map<string, M>();
  const mainByAlias = new Map<string, M>();
  const charactersOf = new Map<number, M[]>();
  for (const member of roster) {
    const folded = member.playerName.toLowerCase();
    if (!byName.has(folded)) byName.set(folded, member);
    if (member.mainMemberId === null) {
      const alias = member.playerAlias?.trim().toLowerCase();
      if (alias && !mainByAlias.has(alias)) mainByAlias.set(alias, member);
    } else {
      const linked = charactersOf.get(member.mainMemberId) ?? [];
      linked.push(member);
      charactersOf.set(member.mainMemberId, linked);
    }
  }
  return { byName, mainByAlias, charactersOf };
}

/**
 * Every member a participant text can resolve to. A superset is harmless: the engine resolves the names
 * against it exactly as against the whole roster.
 */
function relevantMembers<M extends SalaryRosterMember>(text: string, index: RosterIndex<M>): M[] {
  const picked = new Set<M>();
  for (const name of parseParticipantNames(text)) {
    const folded = name.trim().toLowerCase();
    const member = index.byName.get(folded);
    if (member !== undefined) picked.add(member);
    const main = index.mainByAlias.get(folded);
    if (main !== undefined) {
      picked.add(main);
      for (const character of index.charactersOf.get(main.id) ?? []) picked.add(character);
    }
  }
  return [...picked];
}

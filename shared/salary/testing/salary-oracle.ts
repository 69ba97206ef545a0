// A test oracle for the salary engine: the plainest way to the same figures. Every Sold item is distributed
// against the whole roster and added to immutable totals one at a time. Too slow for production (it resolves
// each item against every member and copies the totals per item); calculateSalaries must equal it.

import { buildSalaryCalculation, type SalaryCalculation } from "../calculate-salaries.ts";
import {
  distributeItem,
  type ItemDistribution,
  type SalaryItem,
  type SalaryRosterMember,
} from "../distribute-item.ts";
import {
  earnedItem,
  earnerKey,
  itemFundsOf,
  type MemberEarnings,
  type SalaryTotals,
} from "../salary-totals.ts";

export function emptySalaryTotals(): SalaryTotals {
  return {
    items: new Map(),
    guildFundCents: 0,
    adminFundCents: 0,
    generalShareCents: 0,
    eliteShareCents: 0,
    members: new Map(),
  };
}

/** The totals with one more item. Adding an item that is already in is a mistake and throws. */
export function addItemDistribution(totals: SalaryTotals, distribution: ItemDistribution): SalaryTotals {
  if (totals.items.has(distribution.itemId)) {
    throw new Error(`Item ${distribution.itemId} is already in the salary totals`);
  }
  const items = new Map(totals.items);
  items.set(distribution.itemId, itemFundsOf(distribution));

  const members = new Map<string, MemberEarnings>(totals.members);
  let generalShareCents = totals.generalShareCents;
  let eliteShareCents = totals.eliteShareCents;
  for (const share of distribution.shares) {
    const key = earnerKey(share.memberId, share.name);
    const before = members.get(key);
    members.set(key, {
      memberId: share.memberId,
      items: [...(before?.items ?? []), earnedItem(distribution, share)].sort((a, b) => a.itemId - b.itemId),
      generalShareCents: (before?.generalShareCents ?? 0) + share.generalShareCents,
      eliteShareCents: (before?.eliteShareCents ?? 0) + share.eliteShareCents,
    });
    generalShareCents += share.generalShareCents;
    eliteShareCents += share.eliteShareCents;
  }

  return {
    items,
    guildFundCents: totals.guildFundCents + distribution.guildFundCents,
    adminFundCents: totals.adminFundCents + distribution.adminFundCents,
    generalShareCents,
    eliteShareCents,
    members,
  };
}

/** The figures calculateSalaries must give, in the given item order. */
export function oracleSalaries<M extends SalaryRosterMember>(
  items: readonly SalaryItem[],
  roster: readonly M[],
): SalaryCalculation {
  const totals = items
    .filter((item) => item.status === "Sold")
    .reduce((sum, item) => addItemDistribution(sum, distributeItem(item, roster)), emptySalaryTotals());
  return buildSalaryCalculation(totals, roster);
}

// Running salary totals in cents, built one item distribution at a time. Adding every Sold item's distribution
// to emptySalaryTotals() gives exactly what a full recalculation gives (see calculate-salaries.test.ts), so a
// caller may keep totals and add or remove single items instead of recomputing everything.

import type { ItemDistribution, MemberCategory } from "./distribute-item.ts";

export interface EarnedItem {
  readonly itemId: number;
  readonly lootName: string;
  readonly itemValueCents: number;
  /** The participant's name as it was resolved for this item. */
  readonly name: string;
  readonly category: MemberCategory;
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
}

export interface MemberEarnings {
  /** null: a participant who is not on the roster, identified by name case-insensitively. */
  readonly memberId: number | null;
  /** Ordered by item id. */
  readonly items: readonly EarnedItem[];
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
}

export interface ItemFunds {
  readonly valueCents: number;
  readonly guildFundCents: number;
  readonly adminFundCents: number;
}

export interface SalaryTotals {
  /** The items added so far, by id. */
  readonly items: ReadonlyMap<number, ItemFunds>;
  readonly guildFundCents: number;
  readonly adminFundCents: number;
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
  /** By earnerKey. */
  readonly members: ReadonlyMap<string, MemberEarnings>;
}

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

/** A roster member by id; anyone else by name, case-insensitively. */
export function earnerKey(memberId: number | null, name: string): string {
  return memberId === null ? `name:${name.toLowerCase()}` : `member:${memberId}`;
}

/** The totals with one more item. Adding an item that is already in is a mistake and throws. */
export function addItemDistribution(totals: SalaryTotals, distribution: ItemDistribution): SalaryTotals {
  if (totals.items.has(distribution.itemId)) {
    throw new Error(`Item ${distribution.itemId} is already in the salary totals`);
  }
  const items = new Map(totals.items);
  items.set(distribution.itemId, {
    valueCents: distribution.valueCents,
    guildFundCents: distribution.guildFundCents,
    adminFundCents: distribution.adminFundCents,
  });

  const members = new Map(totals.members);
  let generalShareCents = totals.generalShareCents;
  let eliteShareCents = totals.eliteShareCents;
  for (const share of distribution.shares) {
    const key = earnerKey(share.memberId, share.name);
    const earned: EarnedItem = {
      itemId: distribution.itemId,
      lootName: distribution.lootName,
      itemValueCents: distribution.valueCents,
      name: share.name,
      category: share.category,
      generalShareCents: share.generalShareCents,
      eliteShareCents: share.eliteShareCents,
    };
    const before = members.get(key);
    members.set(key, {
      memberId: share.memberId,
      items: [...(before?.items ?? []), earned].sort((a, b) => a.itemId - b.itemId),
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

/**
 * The totals without one item, as if it had never been added. Needs only the id, so it stays right when the
 * roster or the item changed since the item was added. Removing an item that is not in throws.
 */
export function removeItemDistribution(totals: SalaryTotals, itemId: number): SalaryTotals {
  const funds = totals.items.get(itemId);
  if (funds === undefined) {
    throw new Error(`Item ${itemId} is not in the salary totals`);
  }
  const items = new Map(totals.items);
  items.delete(itemId);

  const members = new Map<string, MemberEarnings>();
  let generalShareCents = totals.generalShareCents;
  let eliteShareCents = totals.eliteShareCents;
  for (const [key, earnings] of totals.members) {
    const removed = earnings.items.find((earned) => earned.itemId === itemId);
    if (removed === undefined) {
      members.set(key, earnings);
      continue;
    }
    generalShareCents -= removed.generalShareCents;
    eliteShareCents -= removed.eliteShareCents;
    const remaining = earnings.items.filter((earned) => earned.itemId !== itemId);
    if (remaining.length === 0) continue;
    members.set(key, {
      memberId: earnings.memberId,
      items: remaining,
      generalShareCents: earnings.generalShareCents - removed.generalShareCents,
      eliteShareCents: earnings.eliteShareCents - removed.eliteShareCents,
    });
  }

  return {
    items,
    guildFundCents: totals.guildFundCents - funds.guildFundCents,
    adminFundCents: totals.adminFundCents - funds.adminFundCents,
    generalShareCents,
    eliteShareCents,
    members,
  };
}

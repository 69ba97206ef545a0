// Salary totals in cents: what the engine adds up from each Sold item's distribution, and what the receipt and
// the stored figures are built from.

import type { ItemDistribution, MemberCategory, ParticipantShare } from "./distribute-item.ts";

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
  /** Ordered by item id; empty in a summary. */
  readonly items: readonly EarnedItem[];
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
  /** Set when the items are left out (a receipt summary): how many there are, and the name at the lowest id. */
  readonly summary?: { readonly itemCount: number; readonly name: string };
}

export interface ItemFunds {
  readonly valueCents: number;
  readonly guildFundCents: number;
  readonly adminFundCents: number;
}

export interface SalaryTotals {
  /** The items added so far, by id (empty in a summary, which gives only their number). */
  readonly items: ReadonlyMap<number, ItemFunds>;
  /** The number of items when `items` is left out (a receipt summary). */
  readonly itemCount?: number;
  readonly guildFundCents: number;
  readonly adminFundCents: number;
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
  /** By earnerKey. */
  readonly members: ReadonlyMap<string, MemberEarnings>;
}

/** A roster member by id; anyone else by name, case-insensitively. */
export function earnerKey(memberId: number | null, name: string): string {
  return memberId === null ? `name:${name.toLowerCase()}` : `member:${memberId}`;
}

/** What the totals keep of an item's funds. */
export function itemFundsOf(distribution: ItemDistribution): ItemFunds {
  return {
    valueCents: distribution.valueCents,
    guildFundCents: distribution.guildFundCents,
    adminFundCents: distribution.adminFundCents,
  };
}

/** One participant's line for one item. */
export function earnedItem(distribution: ItemDistribution, share: ParticipantShare): EarnedItem {
  return {
    itemId: distribution.itemId,
    lootName: distribution.lootName,
    itemValueCents: distribution.valueCents,
    name: share.name,
    category: share.category,
    generalShareCents: share.generalShareCents,
    eliteShareCents: share.eliteShareCents,
  };
}

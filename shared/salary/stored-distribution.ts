// One Sold item's distribution in the form the server stores it (docs/decisions/024): the item's fund parts and
// the names its participant text writes, and one row per participant. The server redistributes only the items a
// write touches, against only the members their texts name; the property tests compare the stored rows with
// this function over the whole roster.

import { indexParticipantRoster, parseParticipantNames } from "../participants/parse-participants.ts";
import { membersNamedBy } from "./calculate-salaries.ts";
import { distributeItem, type SalaryItem, type SalaryRosterMember } from "./distribute-item.ts";
import { ruleForDay, type SplitRuleBook } from "./split-rules.ts";

export interface StoredItemFigures {
  readonly itemId: number;
  readonly valueCents: number;
  readonly guildFundCents: number;
  readonly adminFundCents: number;
  /** Every name the participant text writes, lower-cased (JavaScript's case folding, as name resolution). */
  readonly nameKeys: readonly string[];
  /** Players with two or more characters among the participants, ascending: their raid counts split the item. */
  readonly sharedPlayerIds: readonly number[];
}

export interface StoredShare {
  readonly itemId: number;
  /** Place in the participant list, from 0. */
  readonly position: number;
  readonly memberId: number | null;
  /** The member's player (its main character's id, or its own) when distributed; null off the roster. */
  readonly playerId: number | null;
  readonly name: string;
  readonly generalShareCents: number;
  readonly eliteShareCents: number;
}

export interface StoredDistribution {
  readonly item: StoredItemFigures;
  readonly shares: readonly StoredShare[];
}

/** The lower-cased names a participant text writes, without repeats. */
export function participantNameKeys(text: string): string[] {
  return parseParticipantNames(text).map((name) => name.toLowerCase());
}

/** What to store for an item; null unless it is Sold (only Sold items feed salaries). */
export function storedDistribution<M extends SalaryRosterMember>(
  item: SalaryItem,
  roster: readonly M[],
  book: SplitRuleBook = [],
): StoredDistribution | null {
  if (item.status !== "Sold") return null;
  const d = distributeItem(item, roster, ruleForDay(book, item.day));
  const byId = new Map(roster.map((member) => [member.id, member]));
  const shares = d.shares.map((share, position) => {
    const member = share.memberId === null ? undefined : byId.get(share.memberId);
    return {
      itemId: item.id,
      position,
      memberId: share.memberId,
      playerId: member === undefined ? null : (member.mainMemberId ?? member.id),
      name: share.name,
      generalShareCents: share.generalShareCents,
      eliteShareCents: share.eliteShareCents,
    };
  });
  return {
    item: {
      itemId: item.id,
      valueCents: d.valueCents,
      guildFundCents: d.guildFundCents,
      adminFundCents: d.adminFundCents,
      nameKeys: participantNameKeys(item.participatedMembers),
      sharedPlayerIds: sharedPlayers(shares),
    },
    shares,
  };
}

function sharedPlayers(shares: readonly { playerId: number | null }[]): number[] {
  const counts = new Map<number, number>();
  for (const { playerId } of shares) {
    if (playerId !== null) counts.set(playerId, (counts.get(playerId) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count > 1)
    .map(([player]) => player)
    .sort((a, b) => a - b);
}

/**
 * The stored form of every Sold item among `items`, against the whole roster (the full rebuild), each under the rule
 * set in force on its day, by item id.
 */
export function storedDistributions<M extends SalaryRosterMember>(
  items: readonly SalaryItem[],
  roster: readonly M[],
  book: SplitRuleBook = [],
): Map<number, StoredDistribution> {
  const index = indexParticipantRoster(roster);
  const position = new Map(roster.map((member, at) => [member, at]));
  const out = new Map<number, StoredDistribution>();
  for (const item of items) {
    const d = storedDistribution(item, membersNamedBy(item.participatedMembers, index, position), book);
    if (d !== null) out.set(item.id, d);
  }
  return out;
}

/** Whether two stored forms of one item are the same. */
export function sameDistribution(a: StoredDistribution | null, b: StoredDistribution | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    sameItemFigures(a.item, b.item) &&
    a.shares.length === b.shares.length &&
    a.shares.every((share, index) => sameShare(share, b.shares[index]))
  );
}

/** Whether two items' stored figures are the same (name keys compared as sets). */
export function sameItemFigures(a: StoredItemFigures, b: StoredItemFigures): boolean {
  const keys = (item: StoredItemFigures) => [...new Set(item.nameKeys)].sort().join("\u0000");
  return (
    a.valueCents === b.valueCents &&
    a.guildFundCents === b.guildFundCents &&
    a.adminFundCents === b.adminFundCents &&
    keys(a) === keys(b) &&
    a.sharedPlayerIds.join(",") === b.sharedPlayerIds.join(",")
  );
}

export function sameShare(a: StoredShare, b: StoredShare | undefined): boolean {
  return (
    b !== undefined &&
    a.position === b.position &&
    a.memberId === b.memberId &&
    a.playerId === b.playerId &&
    a.name === b.name &&
    a.generalShareCents === b.generalShareCents &&
    a.eliteShareCents === b.eliteShareCents
  );
}

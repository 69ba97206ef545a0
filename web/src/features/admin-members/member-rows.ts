/**
 * The admin member tables' rows: each member with Loot Items (loot items naming them) and Loot Participation
 * (Sold items naming them), as docs/product.md#counts-on-the-roster defines them; names resolve against the whole
 * roster so a player alias counts for each of that player's characters.
 */
import { parseParticipants } from "@shared/participants/parse-participants.ts";
import { participationCounter } from "@shared/sorting/participation-count.ts";
import type { RosterRow } from "@shared/sorting/roster-sort.ts";
import type { GuildMember, MarketItem } from "@web/data/portal-db.ts";

/** The Pay action's word, beside its hand-and-coins icon (decision 085). */
export const PAY = "Pay";
/** The search above the member tables: by any name of the player (shared/names/name-search.ts). */
export const SEARCH_MEMBERS = "Search members";
export const noMemberMatches = (query: string) => `No member matches "${query.trim()}".`;

export interface MemberRow extends RosterRow {
  member: GuildMember;
  id: number;
  salary: string;
  finalSalaryAmount?: string;
  /** Earned − paid in cents, from the local salary and payouts (decision 049); absent until known. */
  balance?: number;
}

export function buildMemberRows(
  shown: readonly GuildMember[],
  items: readonly Pick<MarketItem, "status" | "participatedMembers">[],
  roster: readonly GuildMember[],
): MemberRow[] {
  const lists = items.map((item) => ({
    sold: item.status === "Sold",
    names: parseParticipants(item.participatedMembers ?? "", roster).map((p) => p.name),
  }));
  const attendance = participationCounter(lists.map((l) => l.names));
  const loot = participationCounter(lists.filter((l) => l.sold).map((l) => l.names));
  return shown.map((member) => ({
    member,
    id: member.id,
    playerName: member.playerName,
    category: member.category,
    salary: member.salary,
    ...(member.finalSalaryAmount === null ? {} : { finalSalaryAmount: member.finalSalaryAmount }),
    attendance: attendance(member.playerName),
    lootParticipation: loot(member.playerName),
  }));
}

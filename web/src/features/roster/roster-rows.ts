/**
 * The public roster's rows: each member with Loot Items (loot items naming them among the participants)
 * and Loot Participation (Sold items naming them), as docs/product.md#counts-on-the-roster defines them.
 * Participant texts are read with the shared parser and resolved against the roster, so a player alias
 * counts for each of that player's characters, as it does for salaries.
 */
import { type ParticipantRosterMember, parseParticipants } from "@shared/participants/parse-participants.ts";
import { participationCounter } from "@shared/sorting/participation-count.ts";
import type { RosterRow } from "@shared/sorting/roster-sort.ts";

export interface RosterMemberInput extends ParticipantRosterMember {
  category: string;
  salary: string;
}

export interface RosterItemInput {
  status: string;
  participatedMembers: string;
}

export interface PublicRosterRow extends RosterRow {
  id: number;
  salary: string;
}

/**
 * One row per member of `shown`. `roster` is every cached member (it may hold more than the shown ones)
 * and is what participant names are resolved against.
 */
export function buildRosterRows(
  shown: readonly RosterMemberInput[],
  items: readonly RosterItemInput[],
  roster: readonly RosterMemberInput[] = shown,
): PublicRosterRow[] {
  const lists = items.map((item) => ({
    sold: item.status === "Sold",
    names: parseParticipants(item.participatedMembers ?? "", roster).map((participant) => participant.name),
  }));
  const attendance = participationCounter(lists.map((list) => list.names));
  const lootParticipation = participationCounter(lists.filter((list) => list.sold).map((list) => list.names));
  return shown.map((member) => ({
    id: member.id,
    playerName: member.playerName,
    category: member.category,
    salary: member.salary,
    attendance: attendance(member.playerName),
    lootParticipation: lootParticipation(member.playerName),
  }));
}

/**
 * The Characters screen's rules (docs/decisions/051), the same the server enforces on a member update
 * (worker/members/members-routes.ts) and on POST /_api/admin/accounts/link-member:
 * - a main character is a member not linked to another; an alt is linked to a main;
 * - an alt cannot have alts of its own: a member that is the main of others cannot be made an alt;
 * - a member with a player alias cannot be linked (the alias names the player, so only a main may hold one);
 * - an account links to one main character, and a main character to at most one account.
 */
import { namesContain } from "@shared/names/name-search.ts";
import type { AccountMemberLink } from "@shared/schemas/account-links.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import type { GuildMember } from "@shared/schemas/members.ts";

export interface MainWithAlts {
  main: GuildMember;
  alts: GuildMember[];
}

const byName = (a: GuildMember, b: GuildMember) =>
  a.playerName.localeCompare(b.playerName, undefined, { sensitivity: "base" }) || a.id - b.id;

/**
 * Every main character with its alts, by name. An alt whose main is not in the list (not synced yet) is shown as
 * a main of its own rather than hidden.
 */
export function groupCharacters(members: readonly GuildMember[]): MainWithAlts[] {
  const ids = new Set(members.map((m) => m.id));
  const altsOf = new Map<number, GuildMember[]>();
  const mains: GuildMember[] = [];
  for (const member of members) {
    if (member.mainMemberId !== null && ids.has(member.mainMemberId)) {
      const alts = altsOf.get(member.mainMemberId) ?? [];
      alts.push(member);
      altsOf.set(member.mainMemberId, alts);
    } else {
      mains.push(member);
    }
  }
  return mains.sort(byName).map((main) => ({ main, alts: (altsOf.get(main.id) ?? []).sort(byName) }));
}

/** Why `member` cannot become an alt of `main`, or null when it can. */
export function altProblem(
  members: readonly GuildMember[],
  main: GuildMember,
  member: GuildMember,
): string | null {
  if (member.id === main.id) return "A member cannot be linked to itself.";
  if (member.mainMemberId === main.id) return `${member.playerName} is already an alt of ${main.playerName}.`;
  if (members.some((m) => m.mainMemberId === member.id))
    return `${member.playerName} has alts of its own; unlink them first.`;
  if (member.playerAlias !== null)
    return `${member.playerName} has the player alias "${member.playerAlias}"; remove it before linking.`;
  return null;
}

/** The members that can be made alts of `main` (by name); only a main character can take alts. */
export function altCandidates(members: readonly GuildMember[], main: GuildMember): GuildMember[] {
  if (main.mainMemberId !== null) return [];
  return members.filter((member) => altProblem(members, main, member) === null).sort(byName);
}

/** The account each main character is linked to, by member id. */
export function accountsByMember(
  accounts: readonly Account[],
  links: readonly AccountMemberLink[],
): Map<number, Account> {
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const result = new Map<number, Account>();
  for (const link of links) {
    const account = byId.get(link.userId);
    if (account) result.set(link.memberId, account);
  }
  return result;
}

/** The accounts a main character can be linked to: those without a character (by display name). */
export function accountCandidates(
  accounts: readonly Account[],
  links: readonly AccountMemberLink[],
): Account[] {
  const linked = new Set(links.map((l) => l.userId));
  return accounts
    .filter((a) => !linked.has(a.id))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, undefined, { sensitivity: "base" }));
}

/** The main characters an account can be linked to: mains without an account, plus its own (by name). */
export function memberCandidates(
  members: readonly GuildMember[],
  links: readonly AccountMemberLink[],
  userId: number,
): GuildMember[] {
  const taken = new Set(links.filter((l) => l.userId !== userId).map((l) => l.memberId));
  return members.filter((m) => m.mainMemberId === null && !taken.has(m.id)).sort(byName);
}

/** Whether a main character or one of its alts matches the search (part of the name, folded: decision 085). */
export function matchesSearch(group: MainWithAlts, search: string): boolean {
  return namesContain(
    [group.main, ...group.alts].map((m) => m.playerName),
    search,
  );
}

/**
 * The groups the screen lists: with a search, every group it matches; otherwise the players the screen is about
 * (a main with alts or with an account), or every member when `showAll`. A guild's roster is mostly lone mains,
 * which on a phone would push the few linked players and the accounts pages down.
 */
export function visibleGroups(
  groups: readonly MainWithAlts[],
  options: { search: string; showAll: boolean; hasAccount: (memberId: number) => boolean },
): MainWithAlts[] {
  if (options.search.trim() !== "") return groups.filter((g) => matchesSearch(g, options.search));
  if (options.showAll) return [...groups];
  return groups.filter((g) => g.alts.length > 0 || options.hasAccount(g.main.id));
}

/**
 * The roster as the salary engine reads it: each synced member's name, links and category (an unknown category
 * counts as Members), so the screens that split items on the device (the market's distribution, the funds chart)
 * feed the engine the same way.
 */
import type { GuildMember } from "../schemas/members.ts";
import type { MemberCategory, SalaryRosterMember } from "./distribute-item.ts";

const CATEGORIES: ReadonlySet<string> = new Set(["Guild Master", "Core", "Members"]);

export function salaryRosterOf(
  roster: readonly Pick<
    GuildMember,
    "id" | "playerName" | "mainMemberId" | "playerAlias" | "category" | "raidsParticipated"
  >[],
): SalaryRosterMember[] {
  return roster.map((m) => ({
    id: m.id,
    playerName: m.playerName,
    mainMemberId: m.mainMemberId ?? null,
    playerAlias: m.playerAlias ?? null,
    category: (CATEGORIES.has(m.category) ? m.category : "Members") as MemberCategory,
    raidsParticipated: m.raidsParticipated ?? 0,
  }));
}

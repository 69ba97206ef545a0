/**
 * Which characters an account's name matches (decision 071): its name and the roster's, case and diacritics
 * folded (shared/names/fold-name.ts). An alt's name matching suggests its main, since an account links to a main.
 */
import { foldName } from "@shared/names/fold-name.ts";
import type { ClaimSuggestion } from "@shared/schemas/claims.ts";
import type { RosterName } from "./claims-repo.ts";

/** The free mains the account's name matches: those matched by their own name first, then through an alt. */
export function suggestionsFor(
  accountName: string,
  roster: readonly RosterName[],
  taken: ReadonlySet<number>,
): ClaimSuggestion[] {
  const folded = foldName(accountName);
  if (folded === "") return [];
  const matches = roster
    .filter((member) => !taken.has(member.mainId) && foldName(member.name) === folded)
    .sort((a, b) => Number(b.id === b.mainId) - Number(a.id === a.mainId) || a.id - b.id);
  const byMain = new Map<number, ClaimSuggestion>();
  for (const member of matches)
    if (!byMain.has(member.mainId))
      byMain.set(member.mainId, { memberId: member.mainId, name: member.mainName, matchedName: member.name });
  return [...byMain.values()];
}

/** Whether the account's name folds to the character's name or one of its alts'. */
export function nameMatches(accountName: string, characterName: string, alts: readonly string[]): boolean {
  const folded = foldName(accountName);
  return folded !== "" && [characterName, ...alts].some((name) => foldName(name) === folded);
}

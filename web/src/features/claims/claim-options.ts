/**
 * What the claim picker offers for a search (decision 071): the roster's characters, mains and alts, whose name
 * contains the search, case and diacritics folded (shared/names/fold-name.ts). Picking an alt claims its main,
 * and a main another account holds is shown as taken rather than offered.
 */
import { foldName } from "@shared/names/fold-name.ts";

/** What the picker needs of a roster row. */
export interface RosterCharacter {
  id: number;
  playerName: string;
  mainMemberId: number | null;
}

export interface ClaimOption {
  /** The character found. */
  memberId: number;
  name: string;
  /** The main a claim goes to: the character itself, or the main of an alt. */
  mainId: number;
  mainName: string;
  /** Another account holds the main. */
  taken: boolean;
}

/** At most this many results: a search narrows a 200-member roster to a few names. */
export const MAX_CLAIM_OPTIONS = 20;

/** The characters matching `search`, names starting with it first, then by name. Nothing for an empty search. */
export function claimOptions(
  roster: readonly RosterCharacter[],
  search: string,
  taken: ReadonlySet<number>,
): ClaimOption[] {
  const wanted = foldName(search);
  if (wanted === "") return [];
  const names = new Map(roster.map((member) => [member.id, member.playerName]));
  return roster
    .map((member) => ({ member, folded: foldName(member.playerName) }))
    .filter(({ folded }) => folded.includes(wanted))
    .sort(
      (a, b) =>
        Number(b.folded.startsWith(wanted)) - Number(a.folded.startsWith(wanted)) ||
        a.folded.localeCompare(b.folded) ||
        a.member.id - b.member.id,
    )
    .slice(0, MAX_CLAIM_OPTIONS)
    .map(({ member }) => {
      const mainId = member.mainMemberId ?? member.id;
      return {
        memberId: member.id,
        name: member.playerName,
        mainId,
        mainName: names.get(mainId) ?? member.playerName,
        taken: taken.has(mainId),
      };
    });
}

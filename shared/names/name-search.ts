/**
 * Searching characters by part of a name, folded as people compare names (foldName, decision 071: "elan" finds
 * "Élan"). A character is found by any name of its player: its own, its main's, its fellow alts' and the player
 * alias (decision 085), so a search for part of an alt's name lists every character of that player.
 */
import { foldName } from "./fold-name.ts";

/** Whether `query` (folded) is part of one of `names` (folded); a blank query matches everything. */
export function namesContain(names: readonly string[], query: string): boolean {
  const folded = foldName(query);
  return folded === "" || names.some((name) => foldName(name).includes(folded));
}

export interface SearchableCharacter {
  id: number;
  playerName: string;
  mainMemberId: number | null;
  playerAlias?: string | null;
}

/**
 * A matcher over `roster`: `matches(id, query)` says whether the character `id`'s player has a name containing
 * `query`. The roster's names are folded once, not on every keystroke. An alt whose main is not in the roster is a
 * player of its own.
 */
export function playerSearch(roster: readonly SearchableCharacter[]): (id: number, query: string) => boolean {
  const ids = new Set(roster.map((character) => character.id));
  const playerOf = (character: SearchableCharacter) =>
    character.mainMemberId !== null && ids.has(character.mainMemberId)
      ? character.mainMemberId
      : character.id;
  const namesOfPlayer = new Map<number, string[]>();
  for (const character of roster) {
    const names = namesOfPlayer.get(playerOf(character)) ?? [];
    names.push(foldName(character.playerName));
    if (character.playerAlias) names.push(foldName(character.playerAlias));
    namesOfPlayer.set(playerOf(character), names);
  }
  const playerById = new Map(roster.map((character) => [character.id, playerOf(character)]));
  return (id, query) => {
    const folded = foldName(query);
    if (folded === "") return true;
    const names = namesOfPlayer.get(playerById.get(id) ?? id) ?? [];
    return names.some((name) => name.includes(folded));
  };
}

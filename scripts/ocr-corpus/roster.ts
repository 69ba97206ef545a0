/**
 * The corpus roster (roster.txt, 200 names as an MMO guild has them) and its lookalikes (lookalikes.json): the
 * names that differ only by glyphs games and text recognition confuse (0/O, 1/l/I, rn/m, 5/S, case, accents).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ROSTER_FILE = join(import.meta.dirname, "roster.txt");
export const LOOKALIKES_FILE = join(import.meta.dirname, "lookalikes.json");
/** Games cap a character name's length; Lordnine's is 16. */
export const MAX_NAME_LENGTH = 16;

/** One name a line, UTF-8; blank lines and surrounding spaces are ignored. */
export function parseRoster(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

export function readRoster(file = ROSTER_FILE): string[] {
  return parseRoster(readFileSync(file, "utf8"));
}

/** Each name that has lookalikes, with the others of its group. */
export type Lookalikes = Record<string, string[]>;

export function readLookalikes(file = LOOKALIKES_FILE): Lookalikes {
  return JSON.parse(readFileSync(file, "utf8")) as Lookalikes;
}

/** Letters without a combining mark that read as a plain one. */
const PLAIN_LETTERS: Record<string, string> = {
  Ð: "D",
  ð: "d",
  Đ: "D",
  đ: "d",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
};

/**
 * What a name looks like to a reader who confuses the usual glyphs: accents dropped, I and 1 as l, 0 as O, 5 as S,
 * rn as m, case ignored. Two names with one skeleton are lookalikes.
 */
export function skeleton(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[ÐðĐđØøŁł]/g, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/[I1|]/g, "l")
    .toLowerCase()
    .replaceAll("0", "o")
    .replaceAll("5", "s")
    .replaceAll("rn", "m");
}

/** The lookalike groups of a roster, in roster order. */
export function findLookalikes(roster: readonly string[]): Lookalikes {
  const groups = new Map<string, string[]>();
  for (const name of roster) {
    const key = skeleton(name);
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  const out: Lookalikes = {};
  for (const name of roster) {
    const group = groups.get(skeleton(name)) ?? [];
    if (group.length > 1) out[name] = group.filter((other) => other !== name);
  }
  return out;
}

/**
 * Which roster names a screenshot shows (issue 27, decision 081): the lines text recognition read from a game's
 * party or guild-member list, matched to the roster's names (mains and alts). Exact after folding case and
 * diacritics (foldName) first, then fuzzy, where the glyphs game fonts and the recogniser confuse (0/O, 1/l/I,
 * rn/m, 5/S...) cost a quarter of another edit. A read close to two roster names is uncertain, never matched;
 * a line without a name-like word (numbers, "Lv. 58", headers) is dropped instead of listed as unknown.
 * Pure: the "From screenshots" dialog shows its three groups and the officer decides.
 */
import { foldName } from "../names/fold-name.ts";

/** One line as the recogniser read it; confidence 0-100. */
export interface RecognisedLine {
  text: string;
  confidence: number;
  /** The line's words with their own confidence, when the recogniser gives them (their texts make up `text`). */
  words?: readonly { text: string; confidence: number }[];
}

/** A roster name for a read, with the similarity of the two (0-1, 1 for the same name after folding). */
export interface NameScore {
  name: string;
  score: number;
}

export interface RosterMatch {
  /** Reads taken for one roster name each: the officer accepts them as a group. */
  matched: { read: string; name: string; score: number }[];
  /** Reads close to more than one name, or to one only loosely: the officer picks among the suggestions. */
  uncertain: { read: string; suggestions: NameScore[] }[];
  /** Name-like reads close to no roster name: ignored unless the officer adds them. */
  unknown: { read: string }[];
}

/** Cost of one edit between two glyphs that look alike (a full edit costs 1). */
export const CONFUSABLE_COST = 0.25;
/** Cost of reading two glyphs as one or one as two where they look alike (rn and m). */
export const CONFUSABLE_PAIR_COST = 0.35;
/** Least similarity for a match. One full edit in a 5-letter name is 0.8. */
export const MATCH_MIN_SCORE = 0.8;
/** Least similarity for a suggestion. */
export const SUGGEST_MIN_SCORE = 0.6;
/**
 * How much farther (in edits) the second closest name must be than the closest for a match: one full edit. A
 * read as close to "Ashvale" as to "Ashva1e" (one confusable glyph apart) is uncertain, even when exact.
 */
export const AMBIGUITY_EDITS = 1;
/** At most this many suggestions per uncertain read. */
export const MAX_SUGGESTIONS = 3;
/** A name-like line read with less confidence is noise (a busy background), not an unknown name. */
export const UNKNOWN_MIN_CONFIDENCE = 50;
/**
 * A read that spells a roster name exactly (case, digits and accents as the roster has them) with at least this
 * confidence is matched even when a lookalike of it is on the roster ("Ashva1e" read as such is Ashva1e).
 */
export const EXACT_MIN_CONFIDENCE = 80;

/** Single glyphs that look alike, in the folded (lower case) form reads are compared in. */
const CONFUSABLE_GROUPS = ["0oq", "1li", "5s", "8b", "2z", "6g", "9g", "uv", "ce", "nh", "ao"];
/** Glyph pairs read as one glyph or the other way round. */
const CONFUSABLE_PAIRS: readonly (readonly [string, string])[] = [
  ["rn", "m"],
  ["vv", "w"],
  ["cl", "d"],
  ["ri", "n"],
  ["ii", "u"],
  ["li", "h"],
];

const CONFUSABLE = new Set<string>();
for (const group of CONFUSABLE_GROUPS) {
  for (const a of group) for (const b of group) if (a !== b) CONFUSABLE.add(a + b);
}

/**
 * Words of game UI lines that are not names: headers, column titles and level labels. Compared folded, after
 * the edge punctuation is gone.
 */
const NOT_NAMES = new Set(
  (
    "lv lvl level party guild members member online offline name names class rank power leader role " +
    "status total list raid group friends combat zone channel ch last seen days ago hours minutes min hp mp " +
    "invite leave join autojoin kick promote whisper trade system contrib contribution donate " +
    // the classes of MMO lists, which sit beside the names
    "warrior mage ranger paladin cleric bard warlock rogue priest hunter druid monk knight archer assassin " +
    "healer tank support sorcerer necromancer berserker shaman"
  ).split(" "),
);

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

/** A read or a name as compared: folded, with only letters and digits (a roster's skeleton ignores spaces). */
export function readingKey(text: string): string {
  return foldName(text).replace(NOT_LETTER_OR_DIGIT, "");
}

/** A read or a name as spelt: case and accents kept, only letters and digits. */
const spelling = (text: string) => text.normalize("NFC").replace(NOT_LETTER_OR_DIGIT, "");

/** Digits and the letters they look like, and the capital I that looks like a small l. */
const AS_LETTER: Readonly<Record<string, string>> = {
  0: "o",
  1: "l",
  2: "z",
  5: "s",
  6: "g",
  8: "b",
  9: "g",
  I: "l",
};

/** A name as the recogniser's language model would rather read it: digits and I as letters, folded. */
const letterForm = (text: string) =>
  foldName(text.replace(/[0-9I]/g, (c) => AS_LETTER[c] ?? c)).replace(NOT_LETTER_OR_DIGIT, "");

/**
 * How unlike a word a spelling is: the recogniser reads a digit as the letter it looks like, a capital I as a
 * small l and drops accents far more often than the other way round (measured on the corpus, decision 081).
 */
const surprise = (text: string) =>
  2 * (text.match(/[0-9]/g)?.length ?? 0) +
  (text.match(/I/g)?.length ?? 0) +
  (text.normalize("NFD").match(/\p{M}/gu)?.length ?? 0);

/** The weighted edit distance between two keys: full edits cost 1, confusable glyphs less. */
export function readingDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const width = y.length + 1;
  const d = new Float64Array((x.length + 1) * width);
  for (let j = 0; j <= y.length; j++) d[j] = j;
  for (let i = 1; i <= x.length; i++) {
    d[i * width] = i;
    for (let j = 1; j <= y.length; j++) {
      const xi = x[i - 1] as string;
      const yj = y[j - 1] as string;
      const substitution = xi === yj ? 0 : CONFUSABLE.has(xi + yj) ? CONFUSABLE_COST : 1;
      let best = Math.min(
        (d[(i - 1) * width + j] as number) + 1,
        (d[i * width + j - 1] as number) + 1,
        (d[(i - 1) * width + j - 1] as number) + substitution,
      );
      for (const [two, one] of CONFUSABLE_PAIRS) {
        // two glyphs of x read for one of y, or the other way round
        if (i >= 2 && x[i - 2] === two[0] && xi === two[1] && yj === one) {
          best = Math.min(best, (d[(i - 2) * width + j - 1] as number) + CONFUSABLE_PAIR_COST);
        }
        if (j >= 2 && y[j - 2] === two[0] && yj === two[1] && xi === one) {
          best = Math.min(best, (d[(i - 1) * width + j - 2] as number) + CONFUSABLE_PAIR_COST);
        }
      }
      d[i * width + j] = best;
    }
  }
  return d[x.length * width + y.length] as number;
}

/** Similarity 0-1 of two keys from their distance. */
const similarity = (distance: number, a: string, b: string) =>
  1 - distance / Math.max([...a].length, [...b].length, 1);

/** A word of a line that could be a name: 3+ letters and digits, mostly letters, not a UI word. */
function isNameLike(key: string): boolean {
  const characters = [...key];
  const letters = characters.filter((c) => /\p{L}/u.test(c)).length;
  return characters.length >= 3 && letters >= 2 && letters * 2 >= characters.length && !NOT_NAMES.has(key);
}

interface RosterEntry {
  name: string;
  key: string;
  spelling: string;
  length: number;
  /**
   * Whether an exact read of this name may be a lookalike of it read the way the recogniser prefers ("Noval" may
   * be "NovaI" or "Nova1"; "Nova1" is hardly ever "Noval"): such a read stays uncertain.
   */
  plainerThanALookalike: boolean;
}

interface Candidate {
  entry: RosterEntry;
  distance: number;
  score: number;
  /** The words of the line that gave this distance, as read. */
  read: string;
  /** Whether the read spells the name exactly, case and accents included. */
  spelt: boolean;
  /** The least confidence of the read's words. */
  confidence: number;
}

interface LineReading {
  /** Closest first. */
  candidates: Candidate[];
  /** The line's first name-like word, for an unknown; null for a line without one, or a sentence. */
  nameLike: string | null;
  confidence: number;
  order: number;
}

interface LineWord {
  text: string;
  confidence: number;
}

/** The line's words with the punctuation around them gone (icons and separators read as "|", "@", "©"). */
function words(line: RecognisedLine): LineWord[] {
  const read = line.words ?? line.text.split(/\s+/u).map((text) => ({ text, confidence: line.confidence }));
  return read
    .map((word) => ({
      text: word.text.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""),
      confidence: word.confidence,
    }))
    .filter((word) => word.text !== "");
}

function readLine(line: RecognisedLine, order: number, roster: RosterEntry[], maxWords: number): LineReading {
  const lineWords = words(line);
  const windows: { read: string; key: string; spelling: string; confidence: number }[] = [];
  for (let start = 0; start < lineWords.length; start++) {
    for (let count = 1; count <= maxWords && start + count <= lineWords.length; count++) {
      const taken = lineWords.slice(start, start + count);
      const read = taken.map((word) => word.text).join(" ");
      const key = readingKey(read);
      const confidence = Math.min(...taken.map((word) => word.confidence));
      if (key.length >= 2) windows.push({ read, key, spelling: spelling(read), confidence });
    }
  }
  const nameLikeWords = lineWords.filter((word) => isNameLike(readingKey(word.text)));
  // A line of more words than a name, its level and its class is a sentence (chat, a notice), not an unknown name.
  const sentence = lineWords.filter((word) => /\p{L}/u.test(word.text)).length > maxWords + 2;
  const candidates: Candidate[] = [];
  if (nameLikeWords.length > 0) {
    for (const entry of roster) {
      let best: Candidate | null = null;
      for (const window of windows) {
        const length = [...window.key].length;
        const longest = Math.max(length, entry.length);
        // A length apart costs at least a confusable pair per glyph: skip what cannot be suggested.
        if (1 - (Math.abs(length - entry.length) * CONFUSABLE_PAIR_COST) / longest < SUGGEST_MIN_SCORE)
          continue;
        const distance = readingDistance(window.key, entry.key);
        const score = similarity(distance, window.key, entry.key);
        const spelt = window.spelling === entry.spelling;
        if (
          best === null ||
          distance < best.distance ||
          (distance === best.distance && spelt && !best.spelt)
        ) {
          best = { entry, distance, score, read: window.read, spelt, confidence: window.confidence };
        }
      }
      if (best !== null && best.score >= SUGGEST_MIN_SCORE) candidates.push(best);
    }
  }
  candidates.sort(
    (a, b) => b.score - a.score || a.distance - b.distance || a.entry.key.localeCompare(b.entry.key),
  );
  return {
    candidates,
    nameLike: sentence ? null : (nameLikeWords[0]?.text ?? null),
    confidence: line.confidence,
    order,
  };
}

const rounded = (score: number) => Math.round(score * 1000) / 1000;

/**
 * The roster names `lines` show (one screenshot's lines, or several screenshots' one after another). Each roster
 * name is matched at most once; the same name read again (overlapping screenshots) is dropped.
 */
export function matchRoster(lines: readonly RecognisedLine[], roster: readonly string[]): RosterMatch {
  const entries: RosterEntry[] = [];
  const seenNames = new Set<string>();
  for (const name of roster) {
    const key = readingKey(name);
    if (key === "" || seenNames.has(name)) continue;
    seenNames.add(name);
    entries.push({
      name,
      key,
      spelling: spelling(name),
      length: [...key].length,
      plainerThanALookalike: false,
    });
  }
  const byLetterForm = new Map<string, RosterEntry[]>();
  for (const entry of entries) {
    const form = letterForm(entry.name);
    byLetterForm.set(form, [...(byLetterForm.get(form) ?? []), entry]);
  }
  for (const entry of entries) {
    const own = surprise(entry.name);
    entry.plainerThanALookalike = (byLetterForm.get(letterForm(entry.name)) ?? []).some(
      (other) => other !== entry && surprise(other.name) > own,
    );
  }
  const maxWords = Math.min(
    4,
    Math.max(1, ...entries.map((entry) => words({ text: entry.name, confidence: 100 }).length)),
  );
  const readings = lines.map((line, order) => readLine(line, order, entries, maxWords));

  // The closest reads claim their names first, so an exact read is never displaced by a looser one.
  const ranked = [...readings].sort(
    (a, b) => (b.candidates[0]?.score ?? 0) - (a.candidates[0]?.score ?? 0) || a.order - b.order,
  );
  const matchedBy = new Map<string, string>(); // roster name -> the key of the read that took it
  const matched: (RosterMatch["matched"][number] & { order: number })[] = [];
  const uncertain: { read: string; candidates: Candidate[]; order: number }[] = [];
  const unknown: (RosterMatch["unknown"][number] & { order: number })[] = [];
  const unknownKeys = new Set<string>();

  for (const reading of ranked) {
    const [best, second] = reading.candidates;
    if (best === undefined) {
      if (reading.nameLike === null || reading.confidence < UNKNOWN_MIN_CONFIDENCE) continue;
      const key = readingKey(reading.nameLike);
      if (!unknownKeys.has(key)) unknown.push({ read: reading.nameLike, order: reading.order });
      unknownKeys.add(key);
      continue;
    }
    const readKey = readingKey(best.read);
    if (matchedBy.get(best.entry.name) === readKey) continue; // the same name read again
    // A lookalike on the roster leaves a read uncertain, unless the read spells the name exactly and surely.
    const surelySpelt =
      best.spelt &&
      best.confidence >= EXACT_MIN_CONFIDENCE &&
      !second?.spelt &&
      !best.entry.plainerThanALookalike;
    const clear =
      best.score >= MATCH_MIN_SCORE &&
      (second === undefined || second.distance - best.distance >= AMBIGUITY_EDITS || surelySpelt);
    if (clear && !matchedBy.has(best.entry.name)) {
      matchedBy.set(best.entry.name, readKey);
      matched.push({
        read: best.read,
        name: best.entry.name,
        score: rounded(best.score),
        order: reading.order,
      });
    } else {
      uncertain.push({ read: best.read, candidates: reading.candidates, order: reading.order });
    }
  }

  // An uncertain read suggests only names nobody took; one that resembles only taken names was read twice.
  const uncertainKeys = new Set<string>();
  const open: (RosterMatch["uncertain"][number] & { order: number })[] = [];
  for (const { read, candidates, order } of uncertain) {
    const key = readingKey(read);
    const suggestions = candidates
      .filter((candidate) => !matchedBy.has(candidate.entry.name))
      .slice(0, MAX_SUGGESTIONS)
      .map((candidate) => ({ name: candidate.entry.name, score: rounded(candidate.score) }));
    if (suggestions.length === 0 || uncertainKeys.has(key)) continue;
    uncertainKeys.add(key);
    open.push({ read, suggestions, order });
  }
  // Each group in the order of the lines, as the screenshots show them.
  const inLineOrder = <T extends { order: number }>(group: T[]): Omit<T, "order">[] =>
    group.sort((a, b) => a.order - b.order).map(({ order: _order, ...rest }) => rest);
  return { matched: inLineOrder(matched), uncertain: inLineOrder(open), unknown: inLineOrder(unknown) };
}

/**
 * Which roster names a screenshot shows (issue 27, decision 081): the lines text recognition read from a game's
 * party or guild-member list, matched to the roster's names (mains and alts). Exact after folding case and
 * diacritics (foldName) first, then fuzzy, where the glyphs game fonts and the recogniser confuse (0/O, 1/l/I,
 * rn/m, 5/S...) cost a quarter of another edit. A read close to two roster names is uncertain unless the
 * recogniser's glyph choices tell them apart (decision 084: the words read again closer, the glyphs where lookalikes
 * differ read on their own; wordsToReadCloser and glyphsToCheck say which); a line without a name-like word
 * (numbers, "Lv. 58", headers) is dropped instead of listed as unknown.
 * Pure: the "From screenshots" dialog shows its three groups and the officer decides.
 */
import { foldName } from "../names/fold-name.ts";

/** A word's box in its image's own pixels. */
export interface WordBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A glyph the recogniser saw at a position of a word, with its confidence 0-100. */
export interface GlyphChoice {
  glyph: string;
  confidence: number;
}

/** One word as the recogniser read it; confidence 0-100. */
export interface RecognisedWord {
  text: string;
  confidence: number;
  box?: WordBox;
  /** Whether this is the word read again, closer (wordsToReadCloser): its spelling can be trusted further. */
  closer?: boolean;
  /**
   * What the recogniser saw at each of the word's glyph positions, likeliest first, when it says (the closer look
   * does). Its best path can still spell another word: "Be1la" read "Bella" with "1" the likeliest third glyph.
   */
  choices?: readonly (readonly GlyphChoice[])[];
  /** Each position's box in the image's pixels, when the recogniser gives them (the closer look does). */
  glyphBoxes?: readonly WordBox[];
  /**
   * Positions read again on their own (glyphsToCheck), with what the recogniser saw there without the word around
   * them (which leans it to letters): they replace the position's choices when both put the same glyph first.
   */
  checked?: readonly { position: number; choices: readonly GlyphChoice[] }[];
  /**
   * The height of each position's ink in the screenshot's pixels, measured on its pixels (decision 097; NaN where
   * it could not be): a small l reaches above a capital, an o stays below a 0.
   */
  heights?: readonly number[];
}

/** A position of a word to read again on its own, and the lookalikes' glyphs there. */
export interface GlyphAt extends WordAt {
  position: number;
  glyphs: string[];
}

/** One line as the recogniser read it; confidence 0-100. */
export interface RecognisedLine {
  text: string;
  confidence: number;
  /** The line's words with their own confidence, when the recogniser gives them (their texts make up `text`). */
  words?: readonly RecognisedWord[];
}

/** A word of an image's lines: the line's index, and the word's in that line's `words`. */
export interface WordAt {
  line: number;
  word: number;
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
/**
 * How many times likelier, from the recogniser's glyph choices, a lookalike must be than each of the others for its
 * read to be matched to it ("1" seen at 0.96 where "Be1la" and "Bella" differ: Be1la).
 */
export const CHOICE_MARGIN = 3;
/**
 * The same for a lookalike plainer than the other where the recogniser's lean to letters may hide the difference
 * (plainerByLean): in a word its choice of a letter over a digit is weak evidence ("Ae1ric" read "Aelric" with no
 * "1" among the choices).
 */
export const PLAIN_CHOICE_MARGIN = 100;
/** The least likelihood of a glyph choice the matcher counts: a glyph not among the choices. */
const CHOICE_FLOOR = 0.01;
/**
 * Digits the glyph check reads reliably on their own against the letters they look like (1 and l, 5 and S). A
 * zero is not among them: alone, the recogniser cannot tell it from an o by its size.
 */
const CHECKED_DIGITS = /[1-9]/;

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
  /** The read's words: their indices in the line's `words`. */
  words: number[];
  /** Whether every word of the read was read again closer. */
  closer: boolean;
  /** The read's glyph choices, position by position, when every word of it has them. */
  choices: readonly (readonly GlyphChoice[])[] | null;
  /** Whether each position was checked on its own (with `choices`). */
  checked: readonly boolean[];
  /** Each position's measured height (with `choices`), when every word of the read has them. */
  heights: readonly number[] | null;
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
  /** Its index in the line's `words` (or among the line's text's words when the recogniser gave none). */
  index: number;
  closer: boolean;
  choices: readonly (readonly GlyphChoice[])[] | null;
  /** The index in the word's own choices of the first of `choices` (the edge punctuation cut off before it). */
  start: number;
  /** Whether each of `choices` was checked on its own. */
  checked: boolean[];
  /** Each of `choices`' measured height. */
  heights: readonly number[] | null;
  /** Whether the word has its positions' boxes. */
  boxed: boolean;
}

const isLetterOrDigit = (glyph: string | undefined) => glyph !== undefined && /^[\p{L}\p{N}]/u.test(glyph);

/** A word's glyph choices without the positions of the punctuation its text was trimmed of. */
function trimmedChoices(word: RecognisedWord): {
  choices: (readonly GlyphChoice[])[];
  start: number;
  checked: boolean[];
  heights: readonly number[] | null;
} | null {
  if (word.choices === undefined) return null;
  const choices = [...word.choices];
  const checked = choices.map(() => false);
  for (const { position, choices: seen } of word.checked ?? []) {
    if (position < 0 || position >= choices.length) continue;
    // Alone and in the word, the recogniser must see the same glyph first: a serif l alone looks like a 1, and a 1
    // in a word like an l. Where they disagree, nothing is known of the glyph.
    const agree = choices[position]?.[0]?.glyph === seen[0]?.glyph;
    choices[position] = agree ? seen : [];
    checked[position] = true;
  }
  let start = 0;
  let end = choices.length;
  while (start < end && !isLetterOrDigit(choices[start]?.[0]?.glyph)) start++;
  while (end > start && !isLetterOrDigit(choices[end - 1]?.[0]?.glyph)) end--;
  const heights = word.heights?.length === word.choices.length ? word.heights.slice(start, end) : null;
  return { choices: choices.slice(start, end), start, checked: checked.slice(start, end), heights };
}

/** The line's words with the punctuation around them gone (icons and separators read as "|", "@", "©"). */
function words(line: RecognisedLine): LineWord[] {
  const read: readonly RecognisedWord[] =
    line.words ?? line.text.split(/\s+/u).map((text) => ({ text, confidence: line.confidence }));
  return read
    .map((word, index) => ({
      text: word.text.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""),
      confidence: word.confidence,
      index,
      closer: word.closer === true,
      ...(trimmedChoices(word) ?? { choices: null, start: 0, checked: [], heights: null }),
      boxed: word.glyphBoxes !== undefined,
    }))
    .filter((word) => word.text !== "");
}

function readLine(line: RecognisedLine, order: number, roster: RosterEntry[], maxWords: number): LineReading {
  const lineWords = words(line);
  const windows: {
    read: string;
    key: string;
    spelling: string;
    confidence: number;
    words: number[];
    closer: boolean;
    choices: (readonly GlyphChoice[])[] | null;
    checked: boolean[];
    heights: number[] | null;
  }[] = [];
  for (let start = 0; start < lineWords.length; start++) {
    for (let count = 1; count <= maxWords && start + count <= lineWords.length; count++) {
      const taken = lineWords.slice(start, start + count);
      const read = taken.map((word) => word.text).join(" ");
      const key = readingKey(read);
      const confidence = Math.min(...taken.map((word) => word.confidence));
      const words = taken.map((word) => word.index);
      const closer = taken.every((word) => word.closer);
      const choices = taken.every((word) => word.choices !== null)
        ? taken.flatMap((word) => word.choices ?? [])
        : null;
      const checked = taken.flatMap((word) => word.checked);
      const heights = taken.every((word) => word.heights !== null)
        ? taken.flatMap((word) => word.heights ?? [])
        : null;
      // A UI word ("Online", "Invite") is no name, however close to one.
      if (key.length >= 2 && !NOT_NAMES.has(key))
        windows.push({
          read,
          key,
          spelling: spelling(read),
          confidence,
          words,
          closer,
          choices,
          checked,
          heights,
        });
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
          best = {
            entry,
            distance,
            score,
            read: window.read,
            spelt,
            confidence: window.confidence,
            words: window.words,
            closer: window.closer,
            choices: window.choices,
            checked: window.checked,
            heights: window.heights,
          };
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

/** The roster as the matcher compares with it, and the most words a name has. */
function rosterEntries(roster: readonly string[]): { entries: RosterEntry[]; maxWords: number } {
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
  return { entries, maxWords };
}

/**
 * Whether a read's closest name is clear of the others: close enough, and the next closest a full edit farther,
 * unless the read spells the name exactly and surely, and is not the plainer form of a lookalike ("Bella" while
 * "Be1la" is on the roster: the recogniser turns digits into letters).
 */
function isClear(best: Candidate, second: Candidate | undefined): boolean {
  const surelySpelt =
    best.spelt &&
    best.confidence >= EXACT_MIN_CONFIDENCE &&
    !second?.spelt &&
    !best.entry.plainerThanALookalike;
  return (
    best.score >= MATCH_MIN_SCORE &&
    (second === undefined || second.distance - best.distance >= AMBIGUITY_EDITS || surelySpelt)
  );
}

/** A name's glyphs the recogniser may see as two (a name's "m" read "rn", "Œ" read "Oe"). */
const AS_TWO: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(CONFUSABLE_PAIRS.map(([two, one]) => [one, [two]])),
  Œ: ["OE", "Oe"],
  œ: ["oe"],
  Æ: ["AE", "Ae"],
  æ: ["ae"],
};
/** Two glyphs of a name the recogniser may see as one ("rn" read "m"). */
const AS_ONE: Readonly<Record<string, string>> = Object.fromEntries(CONFUSABLE_PAIRS);
/** Letters whose capital is their small letter drawn larger: seeing one case is weak evidence for the other. */
const SAME_SHAPE_CASES = "cosuvwxz";
/** How much seeing a glyph counts for a name's glyph that looks like it (1 for the glyph itself). */
const KIN_SAME_SHAPE = 0.3;
const KIN_ZERO_CAPITAL_O = 0.9;
const KIN_WITHOUT_ACCENT = 0.3;
/** A capital I and a small l, which most game fonts draw alike: seeing one is nearly as good for the other. */
const KIN_I_L = 0.3;

/**
 * The glyphs that count for a name's `glyph` when seen, each with its weight. A capital O inside a word is a zero
 * more often than an o ("SOrin" for S0rin); at its start it is the letter.
 */
function kinOf(glyph: string, first: boolean): readonly (readonly [string, number])[] {
  const kin: [string, number][] = [[glyph, 1]];
  const lower = glyph.toLowerCase();
  if (SAME_SHAPE_CASES.includes(lower))
    kin.push([glyph === lower ? glyph.toUpperCase() : lower, KIN_SAME_SHAPE]);
  if (glyph === "0" && !first) kin.push(["O", KIN_ZERO_CAPITAL_O]);
  if (glyph === "I") kin.push(["l", KIN_I_L]);
  if (glyph === "l") kin.push(["I", KIN_I_L]);
  const bare = glyph.normalize("NFD").replace(/\p{M}/gu, "");
  if (bare !== glyph && bare !== "") kin.push([bare, KIN_WITHOUT_ACCENT]);
  return kin;
}

/** The log-likelihood a position's choices give a name's glyph (a floor for a glyph not among them). */
function glyphLikelihood(
  choices: readonly GlyphChoice[] | null | undefined,
  glyph: string,
  first: boolean,
): number {
  // A position decided otherwise (by the glyphs' heights) says nothing more.
  if (choices === null) return 0;
  let best = CHOICE_FLOOR;
  for (const [kin, weight] of kinOf(glyph, first)) {
    const seen = choices?.find((choice) => choice.glyph.normalize("NFC") === kin);
    if (seen !== undefined) best = Math.max(best, (weight * seen.confidence) / 100);
  }
  return Math.log(best);
}

/**
 * How likely the read's glyph choices make a name (a natural log): the best way of lining the name's glyphs up with
 * the read's positions, one to one, or a glyph seen as two ("m" as "rn") or two as one, each glyph counting the
 * confidence its position gave it (or a lookalike of it). Null when no way lines them up.
 */
function choiceLikelihood(
  choices: readonly (readonly GlyphChoice[] | null)[],
  entry: RosterEntry,
): number | null {
  const glyphs = [...entry.spelling];
  const width = glyphs.length + 1;
  const best = new Float64Array((choices.length + 1) * width).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const improve = (at: number, value: number) => {
    if (value > (best[at] as number)) best[at] = value;
  };
  for (let position = 0; position <= choices.length; position++) {
    for (let glyph = 0; glyph < glyphs.length; glyph++) {
      const here = best[position * width + glyph] as number;
      if (here === Number.NEGATIVE_INFINITY) continue;
      const name = glyphs[glyph] as string;
      if (position < choices.length) {
        improve(
          (position + 1) * width + glyph + 1,
          here + glyphLikelihood(choices[position], name, glyph === 0),
        );
        const one = AS_ONE[name + (glyphs[glyph + 1] ?? "")];
        if (one !== undefined)
          improve(
            (position + 1) * width + glyph + 2,
            here + glyphLikelihood(choices[position], one, glyph === 0),
          );
      }
      if (position + 1 < choices.length) {
        for (const two of AS_TWO[name] ?? []) {
          const [first = "", second = ""] = [...two];
          improve(
            (position + 2) * width + glyph + 1,
            here +
              glyphLikelihood(choices[position], first, glyph === 0) +
              glyphLikelihood(choices[position + 1], second, false),
          );
        }
      }
    }
  }
  const likelihood = best[choices.length * width + glyphs.length] as number;
  return likelihood === Number.NEGATIVE_INFINITY ? null : likelihood;
}

/**
 * Whether the recogniser's lean to plain letters could have made `other` look like the plainer `top`: where they
 * differ by a digit, a capital I or an accent that was not checked on its own, or by a zero starting the name
 * ("0beron" read "Oberon" with no 0 among the choices). A zero inside a word it reads as a capital O ("SOrin").
 */
function plainerByLean(top: Candidate, other: Candidate, decided: ReadonlySet<number>): boolean {
  if (surprise(top.entry.name) >= surprise(other.entry.name)) return false;
  const x = [...top.entry.spelling];
  const y = [...other.entry.spelling];
  if (top.choices === null || x.length !== top.checked.length || y.length !== x.length) return true;
  return y.some(
    (glyph, position) =>
      glyph !== x[position] &&
      !top.checked[position] &&
      !decided.has(position) &&
      (/[1-9I]/.test(glyph) || (glyph === "0" && position === 0) || /\p{M}/u.test(glyph.normalize("NFD"))),
  );
}

/** How tall a glyph is drawn: the small letters' height, a capital's (digits too), an ascender's. */
type HeightClass = "small" | "capital" | "ascender";

/** Each class's height in a capital's: measured on the corpus's three fonts (small 0.75-0.78, ascender 1.04-1.07). */
const CLASS_HEIGHT: Readonly<Record<HeightClass, number>> = { small: 0.77, capital: 1, ascender: 1.055 };
/**
 * A height tells two classes apart only when it is nearer one by this share of the gap between them (in log
 * terms): a capital and an ascender, 5% apart, only under 1.6% or over 3.8% above a capital.
 */
const HEIGHT_MARGIN = 0.4;
/**
 * Small sizes are drawn to whole pixels, and a font may then draw an ascender as tall as a capital (Roboto Condensed
 * at 720 px: an l and an I both 19 px). A capital and an ascender are told apart by height only when the word shows
 * them apart (its capitals and ascenders at least this ratio apart) or, without both, when a capital is this tall.
 */
const ASCENDER_SEEN_APART = 1.025;
const ASCENDER_APART_FROM_PX = 24;
/**
 * The most the word's glyphs may disagree on the unit (a capital's height, from each glyph's height and class):
 * more, and a spark or a neighbour's stroke was measured with a glyph.
 */
const UNIT_SPREAD = 1.1;

/** A glyph's height class; null for one whose height says little (i, j, t, f, Q, J, accented, punctuation). */
function heightClass(glyph: string): HeightClass | null {
  if (/^[acemnorsuvwxz]$/.test(glyph)) return "small";
  if (/^[A-HK-PR-Z0-9]$/.test(glyph) || glyph === "I") return "capital";
  if (/^[bdhkl]$/.test(glyph)) return "ascender";
  return null;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * The rivals the measured heights of the read's glyphs leave (decision 097): where lookalikes differ in how tall
 * their glyphs are ("Be1la" and "Bella": a 1 a capital's height, an l an ascender's; "S0rin" and "Sorin"), the
 * glyph's height, in units of the glyphs all of them share (a capital or an ascender when one is there), rules out
 * the names whose glyph is of another height (a name of another length is kept: its glyphs do not line up). All of
 * them when the heights say nothing or contradict each other. `decided`: the read's positions the heights decided.
 */
function byHeights(rivals: readonly Candidate[]): { kept: readonly Candidate[]; decided: Set<number> } {
  const decided = new Set<number>();
  const [first] = rivals;
  const heights = first?.heights;
  const unchanged = { kept: rivals, decided };
  if (first === undefined || rivals.length < 2 || heights == null) return unchanged;
  if (rivals.some((rival) => rival.words.join() !== first.words.join())) return unchanged;
  const judged = rivals.filter((rival) => [...rival.entry.spelling].length === heights.length);
  if (judged.length < 2) return unchanged;
  const classes = judged.map((rival) => [...rival.entry.spelling].map(heightClass));
  const differing: number[] = [];
  const references: { height: number; class: HeightClass }[] = [];
  for (let position = 0; position < heights.length; position++) {
    const here = classes.map((of) => of[position] ?? null);
    const height = heights[position] as number;
    if (here.some((c) => c === null) || !Number.isFinite(height)) continue;
    if (new Set(here).size > 1) differing.push(position);
    else references.push({ height, class: here[0] as HeightClass });
  }
  if (differing.length === 0 || references.length === 0) return unchanged;

  const tested = new Set(differing.flatMap((position) => classes.map((of) => of[position] as HeightClass)));
  // Glyphs of the classes in question measure the others directly, whatever the font's proportions.
  const direct = references.filter((reference) => tested.has(reference.class));
  const unit = median((direct.length > 0 ? direct : references).map((r) => r.height / CLASS_HEIGHT[r.class]));
  const units = references.map((r) => r.height / CLASS_HEIGHT[r.class]);
  if (units.some((u) => Math.abs(Math.log(u / unit)) > Math.log(UNIT_SPREAD))) return unchanged;
  const heightOf = (c: HeightClass) => references.filter((r) => r.class === c).map((r) => r.height);
  const capitals = heightOf("capital");
  const ascenders = heightOf("ascender");
  const ascendersApart =
    capitals.length > 0 && ascenders.length > 0
      ? median(ascenders) / median(capitals) >= ASCENDER_SEEN_APART
      : unit >= ASCENDER_APART_FROM_PX;
  const refuted = new Set<Candidate>();
  for (const position of differing) {
    const ratio = Math.log((heights[position] as number) / unit);
    const offered = [...new Set(classes.map((of) => of[position] as HeightClass))];
    if (!ascendersApart && offered.includes("capital") && offered.includes("ascender")) continue;
    const distance = (c: HeightClass) => Math.abs(ratio - Math.log(CLASS_HEIGHT[c]));
    const [nearest] = [...offered].sort((a, b) => distance(a) - distance(b));
    if (nearest === undefined) continue;
    const clear = offered.every(
      (c) =>
        c === nearest ||
        distance(c) - distance(nearest) >=
          HEIGHT_MARGIN * Math.abs(Math.log(CLASS_HEIGHT[c] / CLASS_HEIGHT[nearest])),
    );
    if (!clear) continue;
    decided.add(position);
    classes.forEach((of, rival) => {
      if (of[position] !== nearest) refuted.add(judged[rival] as Candidate);
    });
  }
  const kept = rivals.filter((rival) => !refuted.has(rival));
  return kept.length > 0 && kept.length < rivals.length ? { kept, decided } : unchanged;
}

/**
 * The name a read is matched to, or null when the officer must choose: the closest when clear of the others, or
 * else, among the names as close as it within one full edit (lookalikes), the one the recogniser's glyph choices
 * make CHOICE_MARGIN times likelier than each other one (PLAIN_CHOICE_MARGIN than one less plain).
 */
function decide(candidates: readonly Candidate[]): Candidate | null {
  const [best, second] = candidates;
  if (best === undefined) return null;
  if (isClear(best, second)) return best;
  const { kept: close, decided } = byHeights(
    candidates.filter((candidate) => candidate.distance - best.distance < AMBIGUITY_EDITS),
  );
  // The heights leave one name: the recogniser's lean to letters cannot hide a glyph's height.
  if (close.length === 1)
    return (close[0] as Candidate).score >= MATCH_MIN_SCORE ? (close[0] as Candidate) : null;
  // A position the heights decided counts for none of the names left: its glyph choices lean to letters.
  const rivals = close.map((candidate) => ({
    candidate,
    likelihood:
      candidate.choices === null
        ? null
        : choiceLikelihood(
            candidate.choices.map((choices, position) => (decided.has(position) ? null : choices)),
            candidate.entry,
          ),
  }));
  if (rivals.some((rival) => rival.likelihood === null)) return null;
  const [top] = rivals.sort((a, b) => (b.likelihood ?? 0) - (a.likelihood ?? 0));
  if (top === undefined || top.candidate.score < MATCH_MIN_SCORE) return null;
  for (const other of rivals.slice(1)) {
    const margin = plainerByLean(top.candidate, other.candidate, decided)
      ? PLAIN_CHOICE_MARGIN
      : CHOICE_MARGIN;
    if ((top.likelihood ?? 0) - (other.likelihood ?? 0) < Math.log(margin)) return null;
  }
  return top.candidate;
}

/** Each line with words whose closest roster name is not decided (the officer would choose), with its reading. */
function* undecided(
  lines: readonly RecognisedLine[],
  roster: readonly string[],
): Generator<{ index: number; line: RecognisedLine; best: Candidate; candidates: Candidate[] }> {
  const { entries, maxWords } = rosterEntries(roster);
  for (const [index, line] of lines.entries()) {
    if (line.words === undefined) continue;
    const { candidates } = readLine(line, index, entries, maxWords);
    const [best] = candidates;
    if (best !== undefined && decide(candidates) === null) yield { index, line, best, candidates };
  }
}

/**
 * The words of an image's lines worth reading again closer (a larger crop, decision 084): those of each read that
 * is close to a roster name but not clear of the others (a lookalike, or a loose read), and was not read closer.
 */
export function wordsToReadCloser(lines: readonly RecognisedLine[], roster: readonly string[]): WordAt[] {
  const wanted: WordAt[] = [];
  for (const { index, best } of undecided(lines, roster)) {
    if (!best.closer) for (const word of best.words) wanted.push({ line: index, word });
  }
  return wanted;
}

/** At most this many positions of a word are read again on their own: more differ between names than lookalikes. */
const MAX_GLYPH_CHECKS = 2;

/**
 * The positions worth reading again on their own (decision 084): in a one-word read with glyph boxes that is close
 * to two or more lookalikes spelt with as many glyphs, the positions where their glyphs differ by a digit the check
 * reads reliably ("Bella" and "Be1la": the third, l or 1). A word whose positions were checked is not checked again.
 */
export function glyphsToCheck(lines: readonly RecognisedLine[], roster: readonly string[]): GlyphAt[] {
  const wanted: GlyphAt[] = [];
  for (const { index, line, best, candidates } of undecided(lines, roster)) {
    if (best.words.length !== 1 || line.words === undefined) continue;
    const word = words(line).find((w) => w.index === best.words[0]);
    const positions = word?.choices;
    if (!word?.boxed || !positions || (line.words[word.index]?.checked?.length ?? 0) > 0) continue;
    const rivals = candidates
      .filter((c) => c.distance - best.distance < AMBIGUITY_EDITS && c.words.join() === best.words.join())
      .map((c) => [...c.entry.spelling]);
    if (rivals.length < 2 || rivals.some((glyphs) => glyphs.length !== positions.length)) continue;
    const differing: GlyphAt[] = [];
    for (let position = 0; position < positions.length; position++) {
      const glyphs = [...new Set(rivals.map((spelt) => spelt[position] as string))];
      if (glyphs.length > 1 && glyphs.some((glyph) => CHECKED_DIGITS.test(glyph)))
        differing.push({ line: index, word: word.index, position: position + word.start, glyphs });
    }
    if (differing.length <= MAX_GLYPH_CHECKS) wanted.push(...differing);
  }
  return wanted;
}

/**
 * The roster names `lines` show (one screenshot's lines, or several screenshots' one after another). Each roster
 * name is matched at most once; the same name read again (overlapping screenshots) is dropped.
 */
export function matchRoster(lines: readonly RecognisedLine[], roster: readonly string[]): RosterMatch {
  const { entries, maxWords } = rosterEntries(roster);
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
    const [best] = reading.candidates;
    if (best === undefined) {
      if (reading.nameLike === null || reading.confidence < UNKNOWN_MIN_CONFIDENCE) continue;
      const key = readingKey(reading.nameLike);
      if (!unknownKeys.has(key)) unknown.push({ read: reading.nameLike, order: reading.order });
      unknownKeys.add(key);
      continue;
    }
    const readKey = readingKey(best.read);
    // A lookalike on the roster leaves a read uncertain, unless the read spells the name exactly and surely, or
    // the recogniser's glyph choices or the glyphs' heights tell the lookalikes apart.
    const chosen = decide(reading.candidates);
    // The same name read again (overlapping screenshots). A read left undecided is not taken for a name matched by
    // the same spelling: "Bella" matched by its l's height, a second "Bella" may be Be1la.
    if (chosen !== null && matchedBy.get(chosen.entry.name) === readKey) continue;
    if (chosen !== null && !matchedBy.has(chosen.entry.name)) {
      matchedBy.set(chosen.entry.name, readKey);
      matched.push({
        read: chosen.read,
        name: chosen.entry.name,
        score: rounded(chosen.score),
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

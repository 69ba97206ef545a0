/**
 * Whether two names are the same name to a person (decision 071): a Discord nickname "Élan " and the character
 * "elan" are. Case and diacritics are folded: compatibility decomposition (NFKD: "ﬁ" is "fi", a full-width "Ａ"
 * is "A"), combining marks dropped ("é" is "e"), the few Latin letters whose stroke or ligature does not
 * decompose written out ("ø" is "o", "æ" is "ae", "ß" is "ss"), lower case, white space trimmed and runs of it
 * made one space. The claims compare an account's name with the roster's with it; the check-in reuses it.
 * Unlike nameSkeleton (normalize-name.ts), it does not map lookalikes of other scripts: a Cyrillic "а" is not
 * a Latin "a" to the person who typed it.
 */

const NOT_DECOMPOSED: Readonly<Record<string, string>> = {
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ł: "l",
  ŧ: "t",
  ƀ: "b",
  ɨ: "i",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  þ: "th",
};

const COMBINING_MARKS = /\p{M}/gu;
const NOT_DECOMPOSED_LETTERS = new RegExp(`[${Object.keys(NOT_DECOMPOSED).join("")}]`, "gu");
const WHITE_SPACE = /\s+/gu;

/** `name` folded for comparison: "  Ĺø  Ðrake " gives "lo drake". */
export function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(NOT_DECOMPOSED_LETTERS, (letter) => NOT_DECOMPOSED[letter] ?? letter)
    .replace(WHITE_SPACE, " ")
    .trim();
}

/** Whether `a` and `b` fold to the same non-empty name. */
export const sameFoldedName = (a: string, b: string): boolean => {
  const folded = foldName(a);
  return folded !== "" && folded === foldName(b);
};

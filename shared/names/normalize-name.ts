/**
 * The one rule for the names the portal stores (member names and aliases, boss names, loot names, account
 * display names, each participant name): which characters a name may not hold, how it is normalised, and the
 * skeleton that tells when two names look alike. Pure; the zod name fields (shared/schemas/name-field.ts)
 * and the server's uniqueness checks use it, so the forms and the API refuse the same names.
 * docs/decisions/029-timer-rules-and-names.md has the reasons.
 */

/**
 * Characters no name may hold: controls (Cc), format characters (Cf: zero-width space, joiners, soft
 * hyphen, bidi marks, embeddings, overrides and isolates, word joiner, byte order mark, tags), the other
 * default-ignorable code points (Hangul fillers, combining grapheme joiner, variation selectors), line and
 * paragraph separators, lone surrogates (Cs) and U+FFFD, which stands for text damaged on its way here.
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}\uFFFD]/u;

/** What the skeleton leaves out: everything refused above, and white space. */
const IGNORED_IN_SKELETON = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cs}\uFFFD]/gu;

export interface RefusedCharacter {
  /** The code point, e.g. 0x200b. */
  codePoint: number;
  /** 'broken': a lone surrogate or U+FFFD (damaged text); 'invisible': anything else refused. */
  kind: "invisible" | "broken";
}

/**
 * The first refused character of `text`, or null. `allowed` lets a caller accept some of them (participant
 * texts use C0 controls to separate names).
 */
export function refusedCharacterIn(
  text: string,
  allowed: (codePoint: number) => boolean = () => false,
): RefusedCharacter | null {
  for (const character of text) {
    if (!REFUSED.test(character)) continue;
    const codePoint = character.codePointAt(0) as number;
    if (allowed(codePoint)) continue;
    const broken = codePoint === 0xfffd || (codePoint >= 0xd800 && codePoint <= 0xdfff);
    return { codePoint, kind: broken ? "broken" : "invisible" };
  }
  return null;
}

/** 'U+200B'. */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * A name as stored: NFC (so a decomposed "é" and a composed one are the same text) and trimmed. Call it on
 * a name that refusedCharacterIn() accepted; it never adds a refused character.
 */
export function normalizeName(name: string): string {
  return name.normalize("NFC").trim();
}

/**
 * Letters of other scripts (and a few Latin ones) that look like a Latin letter, in the lower case the
 * skeleton works in: a letter whose capital looks like a Latin capital maps to that letter (Cyrillic в, whose
 * capital is В, maps to b). Dashes and apostrophes map to the ASCII ones. Digits and same-script lookalikes
 * (I and l, 0 and O, rn and m) are left alone: they would refuse too many real names.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  һ: "h",
  н: "h",
  і: "i",
  ӏ: "l",
  ј: "j",
  к: "k",
  м: "m",
  о: "o",
  р: "p",
  ԛ: "q",
  с: "c",
  ѕ: "s",
  т: "t",
  у: "y",
  ү: "y",
  х: "x",
  ԁ: "d",
  ԝ: "w",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  ζ: "z",
  η: "h",
  ι: "i",
  κ: "k",
  μ: "m",
  ν: "n",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "y",
  χ: "x",
  ϲ: "c",
  ϳ: "j",
  ς: "σ",
  // Latin
  ı: "i",
  ȷ: "j",
  ɑ: "a",
  ɡ: "g",
  // Dashes and apostrophes
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "―": "-",
  "−": "-",
  "‘": "'",
  "’": "'",
  "‛": "'",
  "′": "'",
  ʹ: "'",
  ʻ: "'",
  ʼ: "'",
  "`": "'",
  "´": "'",
};

function skeletonPass(text: string): string {
  // Decomposed first, so a lookalike under an accent (Cyrillic ё) maps like the bare letter.
  const visible = text.normalize("NFKD").replace(IGNORED_IN_SKELETON, "");
  // Upper then lower case folds what lower case alone keeps apart (ß and ss, ı and i).
  const folded = visible.toUpperCase().toLowerCase().normalize("NFKD").replace(IGNORED_IN_SKELETON, "");
  let mapped = "";
  for (const character of folded) mapped += LOOKALIKES[character] ?? character;
  return mapped.normalize("NFKC");
}

/**
 * What a name looks like, for finding names that look alike: compatibility forms folded (NFKC: full-width
 * and mathematical letters, ligatures), case folded, invisible characters and white space removed, and the
 * lookalike letters above mapped to Latin ones. Two names with the same skeleton are confusable. Only ever
 * compared, never shown or stored.
 */
export function nameSkeleton(name: string): string {
  // One pass almost always settles; a few characters (whose case or decomposition yields another mapped
  // or composable one) need another, so it repeats until nothing changes and is idempotent by construction.
  let current = name;
  for (let pass = 0; pass < 8; pass += 1) {
    const next = skeletonPass(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** The first of `existing` that looks like `name` (the same skeleton), or undefined. */
export function findLookalike(name: string, existing: Iterable<string>): string | undefined {
  const skeleton = nameSkeleton(name);
  for (const other of existing) if (nameSkeleton(other) === skeleton) return other;
  return undefined;
}

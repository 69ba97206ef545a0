import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  codePointLabel,
  findLookalike,
  nameSkeleton,
  normalizeName,
  refusedCharacterIn,
} from "./normalize-name.ts";

const REFUSED_SAMPLES = [
  "\u0000", // NUL
  "\u0009", // tab
  "\u007F", // DEL
  "\u0085", // next line (C1)
  "\u00AD", // soft hyphen
  "\u034F", // combining grapheme joiner
  "\u061C", // Arabic letter mark
  "\u115F", // Hangul choseong filler
  "\u180E", // Mongolian vowel separator
  "\u200B", // zero-width space
  "\u200C", // zero-width non-joiner
  "\u200D", // zero-width joiner
  "\u200E", // left-to-right mark
  "\u200F", // right-to-left mark
  "\u2028", // line separator
  "\u2029", // paragraph separator
  "\u202A", // left-to-right embedding
  "\u202E", // right-to-left override
  "\u2060", // word joiner
  "\u2066", // left-to-right isolate
  "\u2069", // pop directional isolate
  "\u3164", // Hangul filler
  "\uFE0F", // variation selector 16
  "\uFEFF", // byte order mark
  "\uFFA0", // halfwidth Hangul filler
  "\uFFFD", // replacement character
  "\u{E0041}", // tag latin capital letter A
  "\uD800", // lone high surrogate
  "\uDC00", // lone low surrogate
];

/** Characters that stress the rule: refused ones, lookalikes, combining marks, odd spaces, case oddities. */
const TRICKY = [
  ...REFUSED_SAMPLES,
  ..."аеорсхуіјѕԁһԛԝӏвнмткАВЕНКМОРСТХαβεηικμνορτυχςσΑΒΕΗΙΚΜΝΟΡΤΥΧıİßẞſǅﬁ",
  ..."\u0301\u0308\u0307\u0327 \u00A0\u2009\u3000\u2010\u2014\u2212\u2019`´",
  "e\u0301",
  "\uFF21",
  "\u{1D400}",
  "😀",
  "👨\u200D👩",
];

/** Any text: whole code points (surrogate pairs included), lone surrogates and the tricky characters. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
    fc.constantFrom(...TRICKY),
    fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 20,
});

describe("refusedCharacterIn", () => {
  it.each(
    REFUSED_SAMPLES.map((character) => [codePointLabel(character.codePointAt(0) as number), character]),
  )("refuses %s wherever it stands", (_, character) => {
    for (const text of [character, `Ash${character}vale`, `Ashvale${character}`, `${character}Ashvale`]) {
      expect(refusedCharacterIn(text)?.codePoint).toBe(character.codePointAt(0));
    }
  });

  it("calls lone surrogates and U+FFFD broken, the rest invisible", () => {
    expect(refusedCharacterIn("Ash\uD800vale")).toEqual({ codePoint: 0xd800, kind: "broken" });
    expect(refusedCharacterIn("\uDFFF")).toEqual({ codePoint: 0xdfff, kind: "broken" });
    expect(refusedCharacterIn("Ash\uFFFDvale")).toEqual({ codePoint: 0xfffd, kind: "broken" });
    expect(refusedCharacterIn("Ash\u200Bvale")).toEqual({ codePoint: 0x200b, kind: "invisible" });
    expect(refusedCharacterIn("\u202Eelav")).toEqual({ codePoint: 0x202e, kind: "invisible" });
  });

  it.each([
    ["a plain name", "Ashvale"],
    ["spaces and punctuation", "Sir O'Brien-Smythe Jr."],
    ["accents", "Élodie Ñúñez"],
    ["other scripts", "Аш Вейл 灰谷 رماد"],
    ["an emoji made of a surrogate pair", "Ash 🐉"],
    ["a no-break space", "Ash\u00A0vale"],
  ])("accepts %s", (_, text) => {
    expect(refusedCharacterIn(text)).toBeNull();
  });

  it("lets a caller allow some characters (participant texts split names at control characters)", () => {
    const isC0 = (codePoint: number) => codePoint <= 0x1f;
    expect(refusedCharacterIn("Ashvale\nBrightforge", isC0)).toBeNull();
    expect(refusedCharacterIn("Ashvale\n\u200BBrightforge", isC0)?.codePoint).toBe(0x200b);
  });
});

describe("normalizeName", () => {
  it("composes to NFC and trims", () => {
    expect(normalizeName("  Ame\u0301lie ")).toBe("Amélie");
    expect(normalizeName("  Ame\u0301lie ")).toHaveLength(6);
    expect(normalizeName("\u00A0Ashvale\u3000")).toBe("Ashvale");
    expect(normalizeName("Ash vale")).toBe("Ash vale");
  });

  it("is idempotent, answers NFC and trimmed text, and never adds a refused character", () => {
    fc.assert(
      fc.property(anyText, (raw) => {
        const name = normalizeName(raw);
        expect(normalizeName(name)).toBe(name);
        expect(name.normalize("NFC")).toBe(name);
        expect(name.trim()).toBe(name);
        if (refusedCharacterIn(raw) === null) expect(refusedCharacterIn(name)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe("nameSkeleton", () => {
  it.each([
    ["letter case", "ASHVALE"],
    ["a zero-width space", "Ash\u200Bvale"],
    ["a soft hyphen", "Ash\u00ADvale"],
    ["a right-to-left override", "\u202EAshvale"],
    ["a Cyrillic А", "\u0410shvale"],
    ["a Cyrillic а and е", "Ashv\u0430l\u0435"],
    ["a Greek Α", "\u0391shvale"],
    ["full-width letters", "Ａｓｈｖａｌｅ"],
    ["mathematical bold letters", "\u{1D400}shvale"],
    ["a space inside", "Ash vale"],
    ["a no-break space inside", "Ash\u00A0vale"],
  ])("sees through %s", (_, lookalike) => {
    expect(nameSkeleton(lookalike)).toBe(nameSkeleton("Ashvale"));
    expect(nameSkeleton(lookalike)).toBe("ashvale");
  });

  it("folds the same letter written decomposed, composed or in capitals", () => {
    expect(nameSkeleton("Ame\u0301lie")).toBe(nameSkeleton("AMÉLIE"));
    expect(nameSkeleton("Straße")).toBe(nameSkeleton("STRASSE"));
    expect(nameSkeleton("Fıre")).toBe(nameSkeleton("Fire"));
    expect(nameSkeleton("Gold\u2014Fang")).toBe(nameSkeleton("Gold-Fang"));
    expect(nameSkeleton("O\u2019Brien")).toBe(nameSkeleton("O'Brien"));
  });

  it.each([
    ["another letter", "Ashvale", "Ashvile"],
    ["an accent", "Ashvale", "Ashvalé"],
    ["a digit for a letter (left alone)", "Ashvale", "Ashva1e"],
    ["punctuation", "Ash-vale", "Ashvale"],
  ])("keeps names apart that differ by %s", (_, a, b) => {
    expect(nameSkeleton(a)).not.toBe(nameSkeleton(b));
  });

  it("is idempotent, case-blind, and blind to refused characters anywhere", () => {
    fc.assert(
      fc.property(
        anyText,
        fc.nat(20),
        fc.constantFrom(...REFUSED_SAMPLES.filter((c) => c !== "\uD800" && c !== "\uDC00")),
        (text, at, invisible) => {
          const skeleton = nameSkeleton(text);
          expect(nameSkeleton(skeleton)).toBe(skeleton);
          expect(refusedCharacterIn(skeleton)).toBeNull();
          const chars = [...text];
          const position = Math.min(at, chars.length);
          const withInvisible = [...chars.slice(0, position), invisible, ...chars.slice(position)].join("");
          expect(nameSkeleton(withInvisible)).toBe(skeleton);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives a name and its capitals the same skeleton", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 12 }), (text) => {
        expect(nameSkeleton(text.toUpperCase())).toBe(nameSkeleton(text.toLowerCase()));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("findLookalike", () => {
  it("answers the first existing name with the same skeleton", () => {
    expect(findLookalike("\u0410SHVALE", ["Brightforge", "Ashvale", "ashvale"])).toBe("Ashvale");
    expect(findLookalike("Ashvile", ["Brightforge", "Ashvale"])).toBeUndefined();
    expect(findLookalike("Ashvale", [])).toBeUndefined();
  });
});

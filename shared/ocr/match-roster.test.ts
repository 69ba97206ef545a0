import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type GlyphChoice,
  glyphsToCheck,
  matchRoster,
  type RecognisedLine,
  readingDistance,
  readingKey,
  wordsToReadCloser,
} from "./match-roster.ts";

const line = (text: string, confidence = 90): RecognisedLine => ({ text, confidence });
const lines = (...texts: string[]) => texts.map((text) => line(text));
const matchedNames = (result: ReturnType<typeof matchRoster>) => result.matched.map((m) => m.name);

const ROSTER = [
  "Ashvale",
  "Ashva1e",
  "Brightforge",
  "Émberlyn",
  "Mossbane",
  "Oakenshard",
  "Sol5tice",
  "Dark Knight",
];

describe("readingDistance", () => {
  it("charges a quarter edit for glyphs games confuse, and a full edit otherwise", () => {
    expect(readingDistance("ashvale", "ashvale")).toBe(0);
    expect(readingDistance("ashvale", "ashva1e")).toBe(0.25);
    expect(readingDistance("0akenshard", "oakenshard")).toBe(0.25);
    expect(readingDistance("sol5tice", "solstice")).toBe(0.25);
    expect(readingDistance("rnossbane", "mossbane")).toBe(0.35);
    expect(readingDistance("mossbane", "rnossbane")).toBe(0.35);
    expect(readingDistance("mossbane", "mossbanx")).toBe(1);
  });

  it("is a distance: zero only for the same key, symmetric, at most the longer length", () => {
    const key = fc.string({ unit: fc.constantFrom(..."aeilmnorsv015 "), maxLength: 10 }).map(readingKey);
    fc.assert(
      fc.property(key, key, (a, b) => {
        const d = readingDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(readingDistance(b, a)).toBeCloseTo(d, 10);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe("matchRoster", () => {
  it("matches exactly after folding case and diacritics, with the level, class and numbers around the name", () => {
    const result = matchRoster(
      lines("BRIGHTFORGE Lv. 58 Warrior", "emberlyn  12,345", "| Oakenshard"),
      ROSTER,
    );
    expect(result.matched).toEqual([
      { read: "BRIGHTFORGE", name: "Brightforge", score: 1 },
      { read: "emberlyn", name: "Émberlyn", score: 1 },
      { read: "Oakenshard", name: "Oakenshard", score: 1 },
    ]);
    expect(result.uncertain).toEqual([]);
    expect(result.unknown).toEqual([]);
  });

  it("matches through the glyphs games confuse, with a score under 1", () => {
    const result = matchRoster(lines("0akenshard 57", "Rnossbane", "Brightf0rge"), ROSTER);
    expect(matchedNames(result)).toEqual(["Oakenshard", "Mossbane", "Brightforge"]);
    for (const match of result.matched) expect(match.score).toBeLessThan(1);
    expect(result.matched[0]?.score).toBeGreaterThan(0.9);
  });

  it("matches names of two words", () => {
    expect(matchedNames(matchRoster(lines("Dark Knight Lv 60"), ROSTER))).toEqual(["Dark Knight"]);
  });

  it("leaves a read close to two roster names (Ashvale, Ashva1e) to the officer, unless spelt surely", () => {
    // "Ashvale" may be "Ashva1e" read the way the recogniser prefers: even spelt exactly, it stays uncertain.
    for (const read of [
      line("AshvaIe"),
      line("Ashvaie"),
      line("Ashvale"),
      line("Ashva1e", 70),
      line("ashva1e"),
    ]) {
      const result = matchRoster([read], ROSTER);
      expect(result.matched, read.text).toEqual([]);
      expect(
        result.uncertain.map((u) => u.suggestions.map((s) => s.name).sort()),
        read.text,
      ).toEqual([["Ashva1e", "Ashvale"]]);
    }
    expect(matchRoster(lines("Ashva1e Lv. 40"), ROSTER).matched).toEqual([
      { read: "Ashva1e", name: "Ashva1e", score: 1 },
    ]);
  });

  it("takes the confidence of the name's own words when the recogniser gives them", () => {
    const sure = { text: "Ashva1e", confidence: 95 };
    const unsure = { text: "Lv.4O", confidence: 20 };
    const read = { text: "Ashva1e Lv.4O", confidence: 40, words: [sure, unsure] };
    expect(matchRoster([read], ROSTER).matched.map((m) => m.name)).toEqual(["Ashva1e"]);
    expect(matchRoster([{ ...read, words: [{ ...sure, confidence: 60 }, unsure] }], ROSTER).matched).toEqual(
      [],
    );
  });

  it("matches a roster name at most once; the same name read twice (overlapping screenshots) is dropped", () => {
    const result = matchRoster(lines("Mossbane", "Oakenshard", "Mossbane 58", "0akenshard"), ROSTER);
    expect(matchedNames(result)).toEqual(["Mossbane", "Oakenshard"]);
    expect(result.uncertain).toEqual([]);
    expect(result.unknown).toEqual([]);
  });

  it("lists a name-like read close to nobody as unknown, once; drops numbers, levels, headers, classes, chat", () => {
    const result = matchRoster(
      [
        ...lines(
          "Party (8/8)",
          "Lv. 58",
          "12,345",
          "58 / 60",
          "Guild Members",
          "ONLINE",
          "—",
          "Zyxwvut Lv 12",
          "Warrior",
          "Invite",
          "[System] Field boss has appeared!",
          "[Trade] WTS +7 bow, pm me",
        ),
        line("zyxwvut"),
        line("qwhtkp", 20),
      ],
      ROSTER,
    );
    expect(result).toEqual({ matched: [], uncertain: [], unknown: [{ read: "Zyxwvut" }] });
  });

  it("suggests the closest names for a loose read, closest first", () => {
    const result = matchRoster(lines("Mosxbxxe"), ROSTER);
    expect(result.matched).toEqual([]);
    expect(result.uncertain[0]?.suggestions[0]?.name).toBe("Mossbane");
  });

  // Names of the sample roster (sql/seed), none a lookalike of another.
  const namePool = (
    "Ashvale Brightforge Cinderwhisk Dawnrider Emberlyn Frostmantle Galewarden Hollowpeak Ironveil Jadeclaw " +
    "Kestrelmoor Larkspire Quillfeather Runeweaver Thistledown Zephyrine"
  ).split(" ");
  const rosterAndShown = fc
    .shuffledSubarray(namePool, { minLength: 1 })
    .chain((roster) =>
      fc.record({ roster: fc.constant(roster), shown: fc.shuffledSubarray(roster, { minLength: 1 }) }),
    );

  it("matches every name shown exactly, whatever the order of the lines and the roster", () => {
    fc.assert(
      fc.property(rosterAndShown, fc.boolean(), ({ roster, shown }, upper) => {
        const read = shown.map((name) => `${upper ? name.toUpperCase() : name} Lv. 5${name.length}`);
        const result = matchRoster(lines(...read), roster);
        expect(matchedNames(result).sort()).toEqual([...shown].sort());
        expect(result.uncertain).toEqual([]);
        expect(result.unknown).toEqual([]);
      }),
    );
  });

  it("matches each roster name at most once and every read to at most one group, on any input", () => {
    const glyphs = fc.constantFrom(..."AaEeIilLoO0105Ss rnmMvwK. ");
    const text = fc.string({ unit: glyphs, maxLength: 14 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ text, confidence: fc.integer({ min: 0, max: 100 }) }), { maxLength: 12 }),
        fc.uniqueArray(text, { maxLength: 10 }),
        (read, roster) => {
          const result = matchRoster(read, roster);
          const names = matchedNames(result);
          expect(new Set(names).size).toBe(names.length);
          for (const name of names) expect(roster).toContain(name);
          const groups = result.matched.length + result.uncertain.length + result.unknown.length;
          expect(groups).toBeLessThanOrEqual(read.length);
          for (const u of result.uncertain) {
            expect(u.suggestions.length).toBeGreaterThan(0);
            for (const s of u.suggestions) expect(names).not.toContain(s.name);
          }
        },
      ),
    );
  });

  it("of two names a digit apart, matches an exact read of the one with the digit only, and a third spelling to neither", () => {
    const swaps: [string, string][] = [
      ["l", "1"],
      ["o", "0"],
      ["s", "5"],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...namePool), fc.constantFrom(...swaps), (name, [from, to]) => {
        fc.pre(name.includes(from));
        const twin = name.replace(from, to);
        const roster = [...namePool, twin];
        expect(matchedNames(matchRoster(lines(twin), roster))).toEqual([twin]);
        const plain = matchRoster(lines(name), roster);
        expect(matchedNames(plain)).toEqual([]);
        expect(plain.uncertain[0]?.suggestions.map((s) => s.name).sort()).toEqual([name, twin].sort());
        const third = name.replace(from, from === "l" ? "I" : from.toUpperCase());
        fc.pre(third !== name);
        expect(matchedNames(matchRoster(lines(third), roster))).toEqual([]);
      }),
    );
  });
});

/**
 * A word read closer: "l86/149" is a position where the recogniser saw l at 0.86 and 1 at 0.49; "!l86/149" the
 * same seen when the glyph was checked on its own.
 */
function closer(text: string, ...positions: string[]): RecognisedLine {
  const choices: GlyphChoice[][] = positions.map((position) =>
    position
      .replace(/^!/, "")
      .split("/")
      .map((seen) => ({ glyph: [...seen][0] as string, confidence: Number(seen.slice(1)) })),
  );
  const checked = positions.flatMap((position, index) =>
    position.startsWith("!") ? [{ position: index, choices: choices[index] ?? [] }] : [],
  );
  return { text, confidence: 70, words: [{ text, confidence: 70, closer: true, choices, checked }] };
}

describe("the closer look's glyph choices", () => {
  const LOOKALIKES = [
    "Bella",
    "Be1la",
    "Rowan",
    "R0wan",
    "Noval",
    "NovaI",
    "Kornelia",
    "Komelia",
    "Oberon",
    "0beron",
  ];

  it("tells lookalikes apart by what the recogniser saw where they differ, not by the word it spelt", () => {
    // "Be1la" spelt "Bella" by the recogniser, with "1" the likeliest third glyph
    expect(
      matchedNames(matchRoster([closer("Bella", "B93", "e93", "196/i25", "l95", "a94")], LOOKALIKES)),
    ).toEqual(["Be1la"]);
    // the plainer name, once the glyph where they differ was checked on its own
    expect(
      matchedNames(matchRoster([closer("Bella", "B94", "e89", "!l90", "l90", "a94")], LOOKALIKES)),
    ).toEqual(["Bella"]);
    // a glyph checked on its own outweighs the word's lean to letters
    expect(
      matchedNames(matchRoster([closer("Bella", "B94", "e89", "!178", "l90", "a94")], LOOKALIKES)),
    ).toEqual(["Be1la"]);
    // a capital O inside a lower case word is a zero
    expect(
      matchedNames(matchRoster([closer("ROwan", "R93", "O94", "w95", "a94", "n93")], LOOKALIKES)),
    ).toEqual(["R0wan"]);
  });

  it("leaves a read uncertain when the choices are close, or lean to the plainer name only a little", () => {
    const uncertain = (read: RecognisedLine) => {
      const result = matchRoster([read], LOOKALIKES);
      expect(result.matched, read.text).toEqual([]);
      expect(result.uncertain, read.text).toHaveLength(1);
    };
    // l at 0.86 against 1 at 0.49: the recogniser leans to letters, so that is not enough for Bella
    uncertain(closer("Bella", "B94", "e95", "l86/149", "l95", "a95"));
    // nor an l without a 1 among the choices, unless checked on its own ("Ae1ric" was read so)
    uncertain(closer("Bella", "B94", "e95", "l95", "l95", "a95"));
    // O at 0.78 against 0 at 0.18 at the start of the word: not enough for Oberon
    uncertain(closer("Oberon", "O78/018", "b96", "e93", "r89", "o92", "n81"));
    // a capital I and a small l are drawn alike: the recogniser's l says nothing against I
    uncertain(closer("Noval", "N93", "o93", "v95", "a94", "l93"));
    // the read's glyphs line up with both names' ("rn" seen as one glyph of "Komelia"): nothing tells them apart
    uncertain({
      ...closer("Kornelia", "K93", "o94", "r95", "n94", "e93", "l95", "i94", "a94"),
      confidence: 60,
    });
  });

  it("asks for a closer look only at words close to a roster name and not clear of its lookalikes", () => {
    const read: RecognisedLine[] = [
      {
        text: "Bella Lv.58",
        confidence: 90,
        words: [
          { text: "Bella", confidence: 90 },
          { text: "Lv.58", confidence: 90 },
        ],
      },
      { text: "Mossbane", confidence: 90, words: [{ text: "Mossbane", confidence: 90 }] },
      { text: "Online", confidence: 90, words: [{ text: "Online", confidence: 90 }] },
      { text: "Be1la", confidence: 90 },
    ];
    expect(wordsToReadCloser(read, [...LOOKALIKES, "Mossbane", "Olin"])).toEqual([{ line: 0, word: 0 }]);
    // once read closer, never again
    expect(wordsToReadCloser([closer("Bella", "B94", "e95", "l86/149", "l95", "a95")], LOOKALIKES)).toEqual(
      [],
    );
  });

  it("checks on their own the glyphs where lookalikes differ by a digit, once, and only with their boxes", () => {
    const boxed = (read: RecognisedLine): RecognisedLine => ({
      ...read,
      words: read.words?.map((word) => ({
        ...word,
        glyphBoxes: (word.choices ?? []).map((_, i) => ({ x0: 10 * i, y0: 0, x1: 10 * i + 9, y1: 20 })),
      })),
    });
    const bella = closer("'Bella", "'80", "B94", "e95", "l95", "l95", "a95");
    expect(glyphsToCheck([boxed(bella)], LOOKALIKES)).toEqual([
      { line: 0, word: 0, position: 3, glyphs: ["l", "1"] },
    ]);
    expect(glyphsToCheck([bella], LOOKALIKES)).toEqual([]);
    // a zero alone cannot be told from an o by its size: not checked
    expect(glyphsToCheck([boxed(closer("Rowan", "R93", "o94", "w95", "a94", "n93"))], LOOKALIKES)).toEqual(
      [],
    );
    const checked = boxed(closer("Bella", "B94", "e95", "!l95", "l95", "a95"));
    expect(glyphsToCheck([checked], LOOKALIKES)).toEqual([]);
  });
});

describe("the glyphs' heights", () => {
  const LOOKALIKES = ["Bella", "Be1la", "Rowan", "R0wan", "Noval", "NovaI", "Nova1", "Iloria", "lloria"];
  /** A word read closer without a lean either way, with each glyph's measured height in pixels. */
  const measured = (text: string, ...heights: number[]): RecognisedLine => {
    const read = closer(text, ...[...text].map((glyph) => `${glyph}90`));
    return { ...read, words: read.words?.map((word) => ({ ...word, heights })) };
  };
  const matched = (...read: RecognisedLine[]) => matchedNames(matchRoster(read, LOOKALIKES));

  it("tells a 1 or an I, a capital's height, from an l, an ascender's, and a 0 from an o", () => {
    // Bella's l as tall as the other l, above the B; Be1la's 1 the B's height
    expect(matched(measured("Bella", 28, 21, 30, 30, 21))).toEqual(["Bella"]);
    expect(matched(measured("Bella", 28, 21, 28.2, 30, 21))).toEqual(["Be1la"]);
    // a lookalike of another length ("Œlric" for "Aelric") does not keep the heights from telling the others apart
    expect(
      matchedNames(
        matchRoster([measured("Aelric", 30, 23, 32, 23, Number.NaN, 23)], ["Aelric", "Ae1ric", "Œlric"]),
      ),
    ).toEqual(["Aelric"]);
    expect(
      matchedNames(
        matchRoster([measured("Aelric", 30, 23, 30, 23, Number.NaN, 23)], ["Aelric", "Ae1ric", "Œlric"]),
      ),
    ).toEqual(["Ae1ric"]);
    // a zero a capital's height, an o a small letter's
    expect(matched(measured("Rowan", 28, 28, 21, 21, 21))).toEqual(["R0wan"]);
    expect(matched(measured("Rowan", 28, 21, 21, 21, 21))).toEqual(["Rowan"]);
    // the last glyph of Noval above the N: an l; the N's height: I or 1, which the choices leave to the officer
    expect(matched(measured("Noval", 30, 22, 22, 22, 32))).toEqual(["Noval"]);
    const capital = matchRoster([measured("Noval", 30, 22, 22, 22, 30)], LOOKALIKES);
    expect(capital.matched).toEqual([]);
    expect(capital.uncertain).toHaveLength(1);
  });

  it("leaves lookalikes to the officer when a height is between two, or the word cannot show it", () => {
    const uncertain = (read: RecognisedLine) => {
      const result = matchRoster([read], LOOKALIKES);
      expect(result.matched, JSON.stringify(read.words?.[0]?.heights)).toEqual([]);
      expect(result.uncertain).toHaveLength(1);
    };
    // 2.5% above the B: neither a capital's height nor an ascender's
    uncertain(measured("Bella", 28, 21, 28.7, 30, 21));
    // small and drawn to whole pixels, an l is as tall as a capital: with no capital and ascender seen apart in
    // the word, and a capital under 24 px, the I of Iloria and the l of lloria are not told apart
    uncertain(measured("lloria", 19, 19, 14, 14, 14, 14));
    uncertain(measured("lloria", 18, 19, 14, 14, 14, 14));
    // a height that could not be measured says nothing
    uncertain(measured("Bella", 28, 21, Number.NaN, 30, 21));
    // the small letters put a capital at 28.6 px, the B and the l at 25: something else was measured with a glyph
    uncertain(measured("Bella", 24.5, 22, 27, 27, 22));
  });

  it("does not drop an undecided read as a second reading of a name matched by the same spelling", () => {
    const result = matchRoster(
      [measured("Bella", 28, 21, 30, 30, 21), measured("Bella", 28, 21, 28.7, 30, 21)],
      LOOKALIKES,
    );
    expect(matchedNames(result)).toEqual(["Bella"]);
    expect(result.uncertain).toEqual([{ read: "Bella", suggestions: [{ name: "Be1la", score: 0.95 }] }]);
  });
});

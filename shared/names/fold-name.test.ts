import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldName, sameFoldedName } from "./fold-name.ts";

describe("foldName", () => {
  it.each([
    ["Thornfang", "thornfang"],
    ["  THORNFANG  ", "thornfang"],
    ["Élan", "elan"],
    ["E\u0301lan", "elan"],
    ["Zoë", "zoe"],
    ["Ñoño", "nono"],
    ["Çağrı", "cagrı"],
    ["Søren", "soren"],
    ["Łukasz", "lukasz"],
    ["Æthelred", "aethelred"],
    ["Straße", "strasse"],
    ["Ｔｈｏｒｎ", "thorn"],
    ["ﬁre", "fire"],
    ["Dark   Knight", "dark knight"],
    ["Dark\tKnight", "dark knight"],
    ["", ""],
  ])("%j folds to %j", (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it("keeps other scripts' letters: a Cyrillic name is not a Latin one", () => {
    expect(foldName("Аrthas")).not.toBe(foldName("Arthas"));
    expect(foldName("Дракон")).toBe("дракон");
  });

  it("is idempotent, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        expect(foldName(foldName(name))).toBe(foldName(name));
      }),
    );
  });

  it("ignores the case of Latin names, accented or not", () => {
    const letter = fc.constantFrom(..."abcxyzéèêëàáâäåçñóöøüúíïæœßł ".split(""));
    fc.assert(
      fc.property(fc.string({ unit: letter }), (name) => {
        expect(foldName(name.toUpperCase())).toBe(foldName(name));
      }),
    );
  });
});

describe("sameFoldedName", () => {
  it("matches names that differ only in case, accents and spacing", () => {
    expect(sameFoldedName("élan", "ELAN ")).toBe(true);
    expect(sameFoldedName("Elan", "Elana")).toBe(false);
  });

  it("never matches an empty or blank name", () => {
    expect(sameFoldedName("", "")).toBe(false);
    expect(sameFoldedName("  ", " ")).toBe(false);
  });
});

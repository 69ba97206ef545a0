import { describe, expect, it } from "vitest";
import { namesContain, playerSearch } from "./name-search.ts";

const ROSTER = [
  { id: 1, playerName: "Thornwick", mainMemberId: null, playerAlias: "Thorn" },
  { id: 2, playerName: "Élanora", mainMemberId: 1, playerAlias: null },
  { id: 3, playerName: "Brightforge", mainMemberId: null, playerAlias: null },
  { id: 4, playerName: "Ashvale", mainMemberId: null },
  // Its main is not on this device yet: a player of its own.
  { id: 5, playerName: "Strayling", mainMemberId: 99, playerAlias: null },
];

const found = (query: string) => ROSTER.filter((c) => playerSearch(ROSTER)(c.id, query)).map((c) => c.id);

describe("playerSearch", () => {
  it("finds every character of the player by part of an alt's name, folding case and diacritics", () => {
    expect(found("ELAN")).toEqual([1, 2]);
    expect(found("lanor")).toEqual([1, 2]);
  });

  it("finds the player by the main's name and by the player alias, and no one else", () => {
    expect(found("thornw")).toEqual([1, 2]);
    expect(found("  thorn ")).toEqual([1, 2]);
    expect(found("forge")).toEqual([3]);
  });

  it("lists everyone for a blank query and no one for a name nobody has", () => {
    expect(found("   ")).toEqual([1, 2, 3, 4, 5]);
    expect(found("zzz")).toEqual([]);
    expect(found("stray")).toEqual([5]);
  });
});

describe("namesContain", () => {
  it("compares folded names", () => {
    expect(namesContain(["Ĺøki"], "LOK")).toBe(true);
    expect(namesContain(["Loki"], "lø")).toBe(true);
    expect(namesContain(["Loki"], "x")).toBe(false);
    expect(namesContain([], "")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { claimOptions, MAX_CLAIM_OPTIONS } from "./claim-options.ts";

const roster = [
  { id: 1, playerName: "Thornfang", mainMemberId: null },
  { id: 2, playerName: "Thornlet", mainMemberId: 1 },
  { id: 3, playerName: "Élan", mainMemberId: null },
  { id: 4, playerName: "Northorn", mainMemberId: null },
];

describe("claimOptions", () => {
  it("finds names containing the search, folded, those starting with it first", () => {
    expect(claimOptions(roster, "THORN", new Set()).map((option) => option.name)).toEqual([
      "Thornfang",
      "Thornlet",
      "Northorn",
    ]);
    expect(claimOptions(roster, "elan", new Set()).map((option) => option.name)).toEqual(["Élan"]);
  });

  it("offers an alt as its main, and marks a main another account holds", () => {
    const [alt] = claimOptions(roster, "thornlet", new Set([1]));
    expect(alt).toEqual({ memberId: 2, name: "Thornlet", mainId: 1, mainName: "Thornfang", taken: true });
    expect(claimOptions(roster, "elan", new Set([1]))[0]?.taken).toBe(false);
  });

  it("offers nothing for an empty search, and at most a screenful", () => {
    expect(claimOptions(roster, "  ", new Set())).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      playerName: `Raider${i}`,
      mainMemberId: null,
    }));
    expect(claimOptions(many, "raider", new Set())).toHaveLength(MAX_CLAIM_OPTIONS);
  });
});

import { describe, expect, it } from "vitest";
import { type RaidCountMember, raidCountChanges } from "./raid-counts.ts";

const roster: RaidCountMember[] = [
  { id: 1, playerName: "Aldric", status: "active", raidsParticipated: 3 },
  { id: 2, playerName: "Brina", status: "active", raidsParticipated: 0 },
  { id: 3, playerName: "Dagny", status: "kicked", raidsParticipated: 5 },
];

const counts = (before: string[], after: string[]) =>
  raidCountChanges(roster, before, after).map((change) => [
    change.member.playerName,
    change.raidsParticipated,
  ]);

describe("raidCountChanges", () => {
  it("counts a raid for each active member a new record names, ignoring letter case", () => {
    expect(counts([], ["aldric", "BRINA", "Stranger"])).toEqual([
      ["Aldric", 4],
      ["Brina", 1],
    ]);
  });

  it("does not count a raid for a kicked member added to a record", () => {
    expect(counts([], ["Dagny"])).toEqual([]);
  });

  it("takes the raid back from members of any status, never below 0", () => {
    expect(counts(["Aldric", "Brina", "Dagny"], [])).toEqual([
      ["Aldric", 2],
      ["Dagny", 4],
    ]);
  });

  it("moves only the names an edit removes or adds", () => {
    expect(counts(["Aldric", "Dagny"], ["ALDRIC", "Brina"])).toEqual([
      ["Brina", 1],
      ["Dagny", 4],
    ]);
    expect(counts(["Aldric"], ["aldric"])).toEqual([]);
  });
});

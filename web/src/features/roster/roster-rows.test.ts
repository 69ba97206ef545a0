import { describe, expect, it } from "vitest";
import { buildRosterRows, type RosterMemberInput } from "./roster-rows.ts";

const member = (
  id: number,
  playerName: string,
  extra: Partial<RosterMemberInput> = {},
): RosterMemberInput => ({
  id,
  playerName,
  category: "Members",
  salary: "0.00",
  mainMemberId: null,
  playerAlias: null,
  ...extra,
});

describe("buildRosterRows", () => {
  const roster = [
    member(1, "Ashvale", { category: "Guild Master", salary: "440.00" }),
    member(2, "Ironveil", { category: "Core", playerAlias: "Veil" }),
    member(3, "Veilshade", { mainMemberId: 2 }),
    member(4, "Larkspire"),
  ];
  const items = [
    { status: "Sold", participatedMembers: '["Ashvale","Larkspire"]' },
    { status: "Pending", participatedMembers: "ashvale, Veil" },
    { status: "Pending", participatedMembers: "Ashvale, Ashvale, Stranger" },
    { status: "Sold", participatedMembers: "" },
  ];

  it("counts every item naming a member as Attendance and the Sold ones as Loot Participation", () => {
    const rows = buildRosterRows(roster, items);
    expect(rows.map((r) => [r.playerName, r.attendance, r.lootParticipation])).toEqual([
      ["Ashvale", 3, 1],
      ["Ironveil", 1, 0],
      ["Veilshade", 1, 0],
      ["Larkspire", 1, 1],
    ]);
  });

  it("keeps each member's category and stored salary", () => {
    expect(buildRosterRows(roster, [])[0]).toEqual({
      id: 1,
      playerName: "Ashvale",
      category: "Guild Master",
      salary: "440.00",
      attendance: 0,
      lootParticipation: 0,
    });
  });

  it("shows only the asked members but resolves aliases against the whole cached roster", () => {
    const rows = buildRosterRows([roster[2] as RosterMemberInput], items, roster);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attendance).toBe(1);
  });
});

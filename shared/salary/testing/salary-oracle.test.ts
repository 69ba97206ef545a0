import { describe, expect, it } from "vitest";
import { distributeItem, type SalaryRosterMember } from "../distribute-item.ts";
import { addItemDistribution, emptySalaryTotals } from "./salary-oracle.ts";

const roster: SalaryRosterMember[] = [
  {
    id: 1,
    playerName: "Ashvale",
    category: "Guild Master",
    raidsParticipated: 1,
    mainMemberId: null,
    playerAlias: null,
  },
  {
    id: 2,
    playerName: "Larkspire",
    category: "Members",
    raidsParticipated: 1,
    mainMemberId: null,
    playerAlias: null,
  },
];
const sold = (id: number, value: string, participatedMembers: string) =>
  distributeItem({ id, lootName: `Loot ${id}`, value, participatedMembers, status: "Sold" }, roster);

describe("the salary oracle's totals", () => {
  it("adds an item's funds and shares", () => {
    const totals = addItemDistribution(
      emptySalaryTotals(),
      sold(1, "100.00", "Ashvale, Larkspire, Wanderer"),
    );
    expect(totals.guildFundCents).toBe(1000);
    expect(totals.adminFundCents).toBe(500);
    expect(totals.generalShareCents).toBe(6000);
    expect(totals.eliteShareCents).toBe(2500);
    expect(totals.members.get("member:1")).toMatchObject({ generalShareCents: 2000, eliteShareCents: 2500 });
    expect(totals.members.get("name:wanderer")).toMatchObject({ memberId: null, generalShareCents: 2000 });
  });

  it("leaves the totals it was given unchanged", () => {
    const empty = emptySalaryTotals();
    addItemDistribution(empty, sold(1, "100.00", "Ashvale"));
    expect(empty).toEqual(emptySalaryTotals());
  });

  it("refuses to add an item twice", () => {
    const totals = addItemDistribution(emptySalaryTotals(), sold(1, "100.00", "Ashvale"));
    expect(() => addItemDistribution(totals, sold(1, "100.00", "Ashvale"))).toThrow(/already/);
  });
});

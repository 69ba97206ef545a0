import { describe, expect, it } from "vitest";
import { distributeItem, type ItemDistribution, type SalaryRosterMember } from "./distribute-item.ts";

const member = (
  id: number,
  playerName: string,
  category: SalaryRosterMember["category"],
  more: Partial<SalaryRosterMember> = {},
): SalaryRosterMember => ({
  id,
  playerName,
  category,
  raidsParticipated: 0,
  mainMemberId: null,
  playerAlias: null,
  ...more,
});

const item = (value: string, participatedMembers: string) => ({
  id: 1,
  lootName: "Obsidian Greatblade",
  value,
  participatedMembers,
  status: "Sold",
});

/** name -> [general, elite] in cents. */
const sharesOf = (distribution: ItemDistribution) =>
  Object.fromEntries(
    distribution.shares.map((share) => [share.name, [share.generalShareCents, share.eliteShareCents]]),
  );

const funds = (distribution: ItemDistribution) => ({
  guildFund: distribution.guildFundCents,
  adminFund: distribution.adminFundCents,
  elitePool: distribution.elitePoolCents,
  basePool: distribution.basePoolCents,
});

describe("distributeItem", () => {
  const roster = [
    member(1, "Ashvale", "Guild Master"),
    member(2, "Brightforge", "Core"),
    member(3, "Cinderwhisk", "Core"),
    member(12, "Larkspire", "Members"),
    member(13, "Mossbane", "Members"),
    member(14, "Nightquill", "Members"),
  ];

  it("gives the market page's worked example: 1,000 with 3 Members and 2 Core", () => {
    const distribution = distributeItem(
      item("1000.00", "Brightforge, Cinderwhisk, Larkspire, Mossbane, Nightquill"),
      roster,
    );
    expect(funds(distribution)).toEqual({
      guildFund: 10000,
      adminFund: 5000,
      elitePool: 25000,
      basePool: 60000,
    });
    expect(sharesOf(distribution)).toEqual({
      Brightforge: [12000, 12500],
      Cinderwhisk: [12000, 12500],
      Larkspire: [12000, 0],
      Mossbane: [12000, 0],
      Nightquill: [12000, 0],
    });
    expect(distribution.shares.map((share) => share.category)).toEqual([
      "Core",
      "Core",
      "Members",
      "Members",
      "Members",
    ]);
  });

  it("splits a value that does not divide evenly exactly, ties to the larger part", () => {
    // 0.10: exact parts 1, 0.5, 2.5, 6 cents; the one leftover cent goes to the elite pool (25 beats 5).
    const distribution = distributeItem(item("0.10", "Ashvale"), roster);
    expect(funds(distribution)).toEqual({ guildFund: 1, adminFund: 0, elitePool: 3, basePool: 6 });
  });

  it("gives leftover cents of an equal split by participant name", () => {
    // 1.00: base pool 60 cents among 7 = 8 each and 4 left, to the first four names.
    const distribution = distributeItem(
      item("1.00", "Nightquill, Mossbane, Larkspire, Cinderwhisk, Brightforge, Ashvale, Zed"),
      roster,
    );
    expect(distribution.shares.map((share) => [share.name, share.generalShareCents])).toEqual([
      ["Nightquill", 8],
      ["Mossbane", 8],
      ["Larkspire", 9],
      ["Cinderwhisk", 9],
      ["Brightforge", 9],
      ["Ashvale", 9],
      ["Zed", 8],
    ]);
  });

  it("sends the elite pool to the guild fund when no Guild Master or Core took part", () => {
    const distribution = distributeItem(item("1000.00", "Larkspire, Mossbane, Nightquill"), roster);
    expect(distribution.elitePoolToGuildFund).toBe(true);
    expect(distribution.basePoolToGuildFund).toBe(false);
    expect(distribution.guildFundCents).toBe(35000);
    expect(distribution.guildFundPartCents).toBe(10000);
    expect(sharesOf(distribution)).toEqual({
      Larkspire: [20000, 0],
      Mossbane: [20000, 0],
      Nightquill: [20000, 0],
    });
  });

  it("sends both pools to the guild fund when nobody took part", () => {
    for (const participants of ["", "[]", " , "]) {
      const distribution = distributeItem(item("1000.00", participants), roster);
      expect(distribution.shares).toEqual([]);
      expect(distribution.elitePoolToGuildFund).toBe(true);
      expect(distribution.basePoolToGuildFund).toBe(true);
      expect(distribution.guildFundCents).toBe(95000);
      expect(distribution.adminFundCents).toBe(5000);
    }
  });

  it("gives a participant not on the roster a base share as Members", () => {
    const distribution = distributeItem(item("1000.00", '["Brightforge","Wanderer"]'), roster);
    expect(distribution.shares).toEqual([
      {
        name: "Brightforge",
        memberId: 2,
        category: "Core",
        generalShareCents: 30000,
        eliteShareCents: 25000,
      },
      { name: "Wanderer", memberId: null, category: "Members", generalShareCents: 30000, eliteShareCents: 0 },
    ]);
  });

  it("counts a participant not on the roster as nobody elite", () => {
    const distribution = distributeItem(item("100.00", "Wanderer"), roster);
    expect(distribution.elitePoolToGuildFund).toBe(true);
    expect(sharesOf(distribution)).toEqual({ Wanderer: [6000, 0] });
  });

  it("refuses a value that is not an amount", () => {
    expect(() => distributeItem(item("12.345", "Ashvale"), roster)).toThrow(RangeError);
    expect(() => distributeItem(item("-1.00", "Ashvale"), roster)).toThrow(RangeError);
  });

  it("reads the value's decimal text", () => {
    expect(distributeItem(item("850.5", "Ashvale"), roster).valueCents).toBe(85050);
  });
});

describe("distributeItem with the characters of one player", () => {
  const player = (raids: [number, number, number]) => [
    member(9, "Ironveil", "Core", { playerAlias: "Veil", raidsParticipated: raids[0] }),
    member(46, "Veilshade", "Members", { mainMemberId: 9, raidsParticipated: raids[1] }),
    member(47, "Shadeveil", "Members", { mainMemberId: 9, raidsParticipated: raids[2] }),
    member(10, "Galewarden", "Core", { raidsParticipated: 5 }),
    member(11, "Quillfeather", "Members", { raidsParticipated: 2 }),
  ];

  it("expands the alias and re-splits the player's shares by raids", () => {
    // 1,000: base 600 among 5 = 120 each; elite 250 between Galewarden and Ironveil = 125 each.
    // The player's three characters earned 360 general and 125 elite; raids 3:1:0.
    const distribution = distributeItem(item("1000.00", "Galewarden, veil, Quillfeather"), player([3, 1, 0]));
    expect(sharesOf(distribution)).toEqual({
      Galewarden: [12000, 12500],
      Ironveil: [27000, 9375],
      Veilshade: [9000, 3125],
      Shadeveil: [0, 0],
      Quillfeather: [12000, 0],
    });
  });

  it("re-splits equally when every character has 0 raids", () => {
    const distribution = distributeItem(item("1000.00", "Galewarden, Veil, Quillfeather"), player([0, 0, 0]));
    expect(sharesOf(distribution)).toEqual({
      Galewarden: [12000, 12500],
      Ironveil: [12000, 4167],
      Veilshade: [12000, 4166],
      Shadeveil: [12000, 4167],
      Quillfeather: [12000, 0],
    });
  });

  it("re-splits exactly to the cent when the raids do not divide the total", () => {
    // 0.99: guild 10, admin 5, elite 25, base 59 cents. The player earned 59 general and 25 elite; raids 1:1
    // give Ironveil (first by name) the odd cent of each.
    const distribution = distributeItem(item("0.99", "Ironveil, Veilshade"), player([1, 1, 0]));
    expect(funds(distribution)).toEqual({ guildFund: 10, adminFund: 5, elitePool: 25, basePool: 59 });
    expect(sharesOf(distribution)).toEqual({ Ironveil: [30, 13], Veilshade: [29, 12] });
  });

  it("re-splits only among the characters that took part", () => {
    const distribution = distributeItem(item("1000.00", "Ironveil, Veilshade"), player([1, 3, 9]));
    // 600 + 250 earned by the two; general 600 by 1:3, elite 250 by 1:3.
    expect(sharesOf(distribution)).toEqual({ Ironveil: [15000, 6250], Veilshade: [45000, 18750] });
  });

  it("leaves a lone character of a player untouched", () => {
    const distribution = distributeItem(item("1000.00", "Veilshade, Galewarden"), player([3, 1, 0]));
    expect(sharesOf(distribution)).toEqual({ Veilshade: [30000, 0], Galewarden: [30000, 25000] });
  });
});

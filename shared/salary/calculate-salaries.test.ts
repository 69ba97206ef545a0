import { describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "../money/money.ts";
import { calculateSalaries } from "./calculate-salaries.ts";
import type { SalaryItem, SalaryRosterMember } from "./distribute-item.ts";

// The roster of sql/seed/sample-data.sql: ids in insertion order, raid counts from its three attendance records.
const SEED_NAMES: [string, SalaryRosterMember["category"]][] = [
  ["Ashvale", "Guild Master"],
  ..."Brightforge Cinderwhisk Dawnrider Emberlyn Frostmantle Galewarden Hollowpeak Ironveil Jadeclaw Kestrelmoor"
    .split(" ")
    .map((name): [string, "Core"] => [name, "Core"]),
  ...(
    "Larkspire Mossbane Nightquill Oakenshard Pyrelight Quillfeather Runeweaver Stormhollow Thistledown Umbravane " +
    "Vexwind Wyrmtooth Yarrowstep Zephyrine Amberlock Briarwind Coppervale Duskmere Elmsworth Flintridge " +
    "Glimmerfen Hazelcrest Ivorytide Juniperra Kindlebrook Lumenhart Marrowfen Nettlewick Onyxgale Pebblewhit " +
    "Quartzlyn Rimefall Sablethorn Tidecaller Veilshade Willowmere"
  )
    .split(" ")
    .map((name): [string, "Members"] => [name, "Members"]),
];
const SEED_RAIDERS = new Set(
  (
    "Ashvale Brightforge Cinderwhisk Dawnrider Larkspire Mossbane Nightquill Oakenshard Emberlyn Frostmantle " +
    "Pyrelight Galewarden Ironveil Veilshade Quillfeather Runeweaver"
  ).split(" "),
);
const seedRoster: SalaryRosterMember[] = SEED_NAMES.map(([playerName, category], index) => ({
  id: index + 1,
  playerName,
  category,
  raidsParticipated: SEED_RAIDERS.has(playerName) ? 1 : 0,
  mainMemberId: playerName === "Veilshade" ? 9 : null,
  playerAlias: playerName === "Ironveil" ? "Veil" : null,
}));
const seedItems: SalaryItem[] = [
  {
    id: 1,
    lootName: "Obsidian Greatblade",
    value: "3200.00",
    status: "Sold",
    participatedMembers:
      '["Ashvale","Brightforge","Cinderwhisk","Dawnrider","Larkspire","Mossbane","Nightquill","Oakenshard"]',
  },
  {
    id: 2,
    lootName: "Frostbound Circlet",
    value: "850.50",
    status: "Pending",
    participatedMembers: "Emberlyn, Frostmantle, Pyrelight",
  },
  {
    id: 3,
    lootName: "Tome of Ember Runes",
    value: "1200.00",
    status: "Pending",
    participatedMembers: '["Galewarden","Veil","Quillfeather","Runeweaver"]',
  },
];

const salaryOf = (calculation: ReturnType<typeof calculateSalaries>, name: string) =>
  calculation.rosterSalaries.find((stored) => stored.playerName === name)?.salary;

describe("calculateSalaries on the sample data", () => {
  const calculation = calculateSalaries(seedItems, seedRoster);

  it("matches the seeded salaries and funds", () => {
    expect(seedRoster).toHaveLength(47);
    for (const name of ["Ashvale", "Brightforge", "Cinderwhisk", "Dawnrider"]) {
      expect(salaryOf(calculation, name)).toBe("440.00");
    }
    for (const name of ["Larkspire", "Mossbane", "Nightquill", "Oakenshard"]) {
      expect(salaryOf(calculation, name)).toBe("240.00");
    }
    expect(calculation.reservedGuildFunds).toBe("320.00");
    expect(calculation.adminFund).toBe("160.00");
  });

  it("counts only the Sold item and zeroes everyone else", () => {
    expect(calculation.receipt.processedItems).toBe(1);
    expect(calculation.rosterSalaries).toHaveLength(47);
    expect(calculation.rosterSalaries.filter((stored) => stored.salary === "0.00")).toHaveLength(39);
    expect(calculation.rosterSalaries.map((stored) => stored.memberId)).toEqual(
      Array.from({ length: 47 }, (_, index) => index + 1),
    );
  });

  it("produces the receipt of the worked example", () => {
    const { calculationDetails, summaryTotals, membersWithSalaries } = calculation.receipt;
    expect(summaryTotals).toEqual({
      totalProcessedItems: 1,
      totalGeneralShareDistributed: "1920.00",
      totalEliteShareDistributed: "800.00",
      totalSalariesDistributed: "2720.00",
      totalAdminFund: "160.00",
      totalGuildFund: "320.00",
    });
    expect(calculationDetails.map((row) => row.memberName)).toEqual([
      "Ashvale",
      "Brightforge",
      "Cinderwhisk",
      "Dawnrider",
      "Larkspire",
      "Mossbane",
      "Nightquill",
      "Oakenshard",
    ]);
    expect(calculationDetails[0]).toEqual({
      memberName: "Ashvale",
      category: "Guild Master",
      totalRaids: 1,
      participatedItemsCount: 1,
      totalFromGeneralShare: "240.00",
      totalFromEliteShare: "200.00",
      finalCalculatedSalary: "440.00",
      participatedItems: [
        {
          itemId: 1,
          lootName: "Obsidian Greatblade",
          itemValue: "3200.00",
          generalShareEarned: "240.00",
          eliteShareEarned: "200.00",
        },
      ],
    });
    expect(membersWithSalaries).toEqual(
      calculationDetails.map((row, index) => ({
        memberId: index < 4 ? index + 1 : index + 8,
        playerName: row.memberName,
        salary: row.finalCalculatedSalary,
      })),
    );
  });

  it("shares the player alias item between both characters once it is sold", () => {
    // 1,200: base 720 among 5 = 144; elite 300 between Galewarden and Ironveil = 150. Ironveil and Veilshade,
    // one raid each, split the player's 288 general and 150 elite equally.
    const sold = seedItems.map((item) => ({ ...item, status: "Sold" }));
    const withAll = calculateSalaries(sold, seedRoster);
    expect(salaryOf(withAll, "Ironveil")).toBe("219.00");
    expect(salaryOf(withAll, "Veilshade")).toBe("219.00");
    expect(salaryOf(withAll, "Galewarden")).toBe("294.00");
    expect(salaryOf(withAll, "Quillfeather")).toBe("144.00");
    const veilshade = withAll.receipt.calculationDetails.find((row) => row.memberName === "Veilshade");
    expect(veilshade?.category).toBe("Members");
    expect(veilshade?.totalFromEliteShare).toBe("75.00");
    expect(withAll.receipt.processedItems).toBe(3);
  });
});

describe("calculateSalaries", () => {
  const roster: SalaryRosterMember[] = [
    {
      id: 1,
      playerName: "Ashvale",
      category: "Guild Master",
      raidsParticipated: 4,
      mainMemberId: null,
      playerAlias: null,
    },
    {
      id: 2,
      playerName: "Brightforge",
      category: "Core",
      raidsParticipated: 2,
      mainMemberId: null,
      playerAlias: null,
    },
    {
      id: 3,
      playerName: "Larkspire",
      category: "Members",
      raidsParticipated: 1,
      mainMemberId: null,
      playerAlias: null,
    },
  ];
  const sold = (id: number, value: string, participatedMembers: string): SalaryItem => ({
    id,
    lootName: `Loot ${id}`,
    value,
    participatedMembers,
    status: "Sold",
  });

  it("shows participants not on the roster as Members on the receipt but stores no salary for them", () => {
    const items = [sold(1, "100.00", "Ashvale, wanderer"), sold(2, "100.00", "Wanderer, Larkspire")];
    const calculation = calculateSalaries(items, roster);
    // The spelling comes from the lowest item id, whatever the order of the items.
    expect(calculateSalaries([...items].reverse(), roster).receipt).toEqual(calculation.receipt);
    const wanderer = calculation.receipt.calculationDetails.find(
      (row) => row.memberName.toLowerCase() === "wanderer",
    );
    expect(wanderer).toMatchObject({
      memberName: "wanderer",
      category: "Members",
      totalRaids: 0,
      participatedItemsCount: 2,
      finalCalculatedSalary: "60.00",
    });
    expect(calculation.receipt.membersWithSalaries.map((stored) => stored.playerName)).toEqual([
      "Ashvale",
      "Larkspire",
    ]);
    expect(calculation.rosterSalaries.map((stored) => stored.salary)).toEqual(["55.00", "0.00", "30.00"]);
    expect(calculation.receipt.summaryTotals.totalSalariesDistributed).toBe("145.00");
  });

  it("orders the receipt by category, then name, with each member's items by id", () => {
    const calculation = calculateSalaries(
      [sold(9, "10.00", "wanderer, Larkspire, Brightforge"), sold(4, "20.00", "Ashvale, Brightforge, Abel")],
      roster,
    );
    expect(calculation.receipt.calculationDetails.map((row) => row.memberName)).toEqual([
      "Ashvale",
      "Brightforge",
      "Abel",
      "Larkspire",
      "wanderer",
    ]);
    const brightforge = calculation.receipt.calculationDetails[1];
    expect(brightforge?.participatedItems.map((earned) => earned.itemId)).toEqual([4, 9]);
  });

  it("gives a kicked or paid-out member the salary they earned", () => {
    const withStatus = roster.map((member, index) => ({
      ...member,
      status: index === 0 ? "kicked" : "paid_out",
    }));
    const calculation = calculateSalaries([sold(1, "100.00", "Ashvale, Larkspire")], withStatus);
    expect(calculation.rosterSalaries.map((stored) => stored.salary)).toEqual(["55.00", "0.00", "30.00"]);
  });

  it("gives an empty receipt for no Sold items", () => {
    const calculation = calculateSalaries([{ ...sold(1, "100.00", "Ashvale"), status: "Pending" }], roster);
    expect(calculation.receipt).toEqual({
      calculationDetails: [],
      summaryTotals: {
        totalProcessedItems: 0,
        totalGeneralShareDistributed: "0.00",
        totalEliteShareDistributed: "0.00",
        totalSalariesDistributed: "0.00",
        totalAdminFund: "0.00",
        totalGuildFund: "0.00",
      },
      processedItems: 0,
      membersWithSalaries: [],
    });
    expect(calculation.reservedGuildFunds).toBe("0.00");
    expect(calculation.adminFund).toBe("0.00");
  });

  it("counts a Sold item without participants, its pools going to the guild fund", () => {
    const calculation = calculateSalaries([sold(1, "1000.00", "")], roster);
    expect(calculation.receipt.processedItems).toBe(1);
    expect(calculation.receipt.calculationDetails).toEqual([]);
    expect(calculation.reservedGuildFunds).toBe("950.00");
    expect(calculation.adminFund).toBe("50.00");
  });

  it("refuses the same item twice", () => {
    expect(() => calculateSalaries([sold(1, "1.00", "Ashvale"), sold(1, "1.00", "Ashvale")], roster)).toThrow(
      /already/,
    );
  });

  it("handles 10,000 items and 1,000 members quickly", () => {
    const roster: SalaryRosterMember[] = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      playerName: `Raider${i}`,
      category: i % 10 === 0 ? "Core" : "Members",
      raidsParticipated: i % 7,
      mainMemberId: null,
      playerAlias: null,
    }));
    const items: SalaryItem[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      lootName: `Loot ${i}`,
      value: "1234.56",
      status: "Sold",
      participatedMembers: JSON.stringify(
        Array.from({ length: 20 }, (_, j) => `Raider${(i * 7 + j * 13) % 1000}`),
      ),
    }));
    const result = calculateSalaries(items, roster);
    expect(result.receipt.processedItems).toBe(10_000);
    const distributed =
      parseMoney(result.reservedGuildFunds) +
      parseMoney(result.adminFund) +
      parseMoney(result.receipt.summaryTotals.totalSalariesDistributed);
    expect(moneyText(distributed)).toBe("12345600.00");
    // 5% of 1,234.56 is 61.728: 61.73 per item after the largest-remainder split.
    expect(result.adminFund).toBe("617300.00");
  });
});

import { describe, expect, it } from "vitest";
import { ADD_INCOMPLETE, NO_VALID_MEMBERS } from "@web/lib/attendance-form.ts";
import {
  checkRaid,
  emptyLoot,
  emptyRaid,
  lootParticipants,
  raidFromSearch,
  raidRecordedMessage,
  submitLabel,
} from "./record-raid-model.ts";

const NOW = new Date(2026, 10, 25, 20, 0, 0);
const ACTIVE = ["Ashvale", "Brightforge", "Larkspire", "Mossbane"];

function raid() {
  return {
    ...emptyRaid("2026-11-25"),
    bossName: "Gravemaw",
    participants: ["ashvale", "Brightforge", "Larkspire"],
  };
}

describe("checkRaid", () => {
  it("gives the attendance record and one item per loot row, each with the raid's boss, day and participants", () => {
    const result = checkRaid(
      {
        ...raid(),
        items: [
          { ...emptyLoot("a"), lootName: " Relic of the Deep ", value: "1250.5" },
          {
            ...emptyLoot("b"),
            lootName: "Ember Shard",
            value: "80",
            status: "Sold",
            participants: ["Mossbane"],
          },
        ],
      },
      ACTIVE,
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.attendance).toEqual({
      bossName: "Gravemaw",
      dateAttended: new Date(2026, 10, 25, 12, 0, 0),
      participatedMembers: ["Ashvale", "Brightforge", "Larkspire"],
    });
    expect(result.items).toEqual([
      {
        lootName: "Relic of the Deep",
        bossName: "Gravemaw",
        value: "1250.50",
        status: "Pending",
        participatedMembers: ["Ashvale", "Brightforge", "Larkspire"],
        totalFunds: "0.00",
        dateAcquired: "2026-11-25",
      },
      {
        lootName: "Ember Shard",
        bossName: "Gravemaw",
        value: "80.00",
        status: "Sold",
        participatedMembers: ["Mossbane"],
        totalFunds: "0.00",
        dateAcquired: "2026-11-25",
      },
    ]);
  });

  it("reads the value with the shared money parser: plain decimals pass, text and three decimals do not", () => {
    const one = (value: string) =>
      checkRaid({ ...raid(), items: [{ ...emptyLoot("a"), lootName: "X", value }] }, ACTIVE, NOW);
    const plain = one("1250.5");
    expect(plain.ok && plain.items[0]?.value).toBe("1250.50");
    for (const bad of ["", "abc", "1.234"]) {
      const result = one(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.itemErrors.a?.value).toBeTruthy();
    }
  });

  it("reads the value as the portal prints it, and asks back one that reads two ways (decision 060)", () => {
    const one = (value: string) =>
      checkRaid({ ...raid(), items: [{ ...emptyLoot("a"), lootName: "X", value }] }, ACTIVE, NOW);
    for (const typed of ["1250", "1,250.00", "1 250,00", "1.250,00", "1,250.00 USDT"]) {
      const result = one(typed);
      expect({ typed, value: result.ok && result.items[0]?.value }).toEqual({ typed, value: "1250.00" });
    }
    const asked = one("1,250");
    expect(asked.ok).toBe(false);
    if (!asked.ok)
      expect(asked.itemErrors.a?.value).toBe('Is "1,250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.');
  });

  it("gives the attendance form's messages for the raid and the loot form's for each row, all at once", () => {
    const result = checkRaid({ ...emptyRaid("2026-11-25"), items: [emptyLoot("a")] }, ACTIVE, NOW);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(ADD_INCOMPLETE);
    expect(result.itemErrors.a?.lootName).toBe("Loot name is required");
    expect(result.itemErrors.a?.participatedMembers).toBe("Participated members are required");
    // The boss's message is the raid's, not repeated on each row.
    expect(Object.keys(result.itemErrors.a ?? {})).not.toContain("bossName");
  });

  it("refuses a raid whose names are none of the active roster, and a day in the future", () => {
    const unknown = checkRaid({ ...raid(), participants: ["Nobody"] }, ACTIVE, NOW);
    expect(unknown.ok || unknown.message).toBe(NO_VALID_MEMBERS);
    const future = checkRaid({ ...raid(), date: "2026-11-27" }, ACTIVE, NOW);
    expect(future.ok).toBe(false);
    if (!future.ok) expect(future.dateError).toBeTruthy();
  });

  it("an item edited to an empty list keeps its own empty list (not the raid's)", () => {
    const item = { ...emptyLoot("a"), lootName: "X", value: "1", participants: [] as string[] };
    expect(lootParticipants(item, ["Ashvale"])).toEqual([]);
    expect(lootParticipants(emptyLoot("b"), ["Ashvale"])).toEqual(["Ashvale"]);
    const result = checkRaid({ ...raid(), items: [item] }, ACTIVE, NOW);
    expect(result.ok || result.itemErrors.a?.participatedMembers).toBe("Participated members are required");
  });
});

describe("the texts", () => {
  it("says what was recorded, plural-correct", () => {
    expect(raidRecordedMessage("Gravemaw", 20, 2)).toBe(
      "Raid recorded: Gravemaw, 20 participants, 2 loot items.",
    );
    expect(raidRecordedMessage("Gravemaw", 1, 1)).toBe(
      "Raid recorded: Gravemaw, 1 participant, 1 loot item.",
    );
    expect(raidRecordedMessage("Gravemaw", 3, 0)).toBe("Raid recorded: Gravemaw, 3 participants, no loot.");
    expect(submitLabel(0)).toBe("Record raid");
    expect(submitLabel(2)).toBe("Record raid and 2 loot items");
  });
});

describe("raidFromSearch (a check-in closed into Record a raid, decision 080)", () => {
  it("starts from the address's boss, day and names, each name once", () => {
    expect(
      raidFromSearch(
        { boss: "Frostfang", day: "2026-11-28", participants: ["Vigil01", "Vigil02", "Vigil01"] },
        "2026-11-29",
      ),
    ).toEqual({ bossName: "Frostfang", date: "2026-11-28", participants: ["Vigil01", "Vigil02"], items: [] });
  });

  it("keeps today and nobody for what is missing or malformed", () => {
    expect(raidFromSearch({}, "2026-11-29")).toEqual(emptyRaid("2026-11-29"));
    expect(raidFromSearch({ boss: 3, day: "tomorrow", participants: "Vigil01" }, "2026-11-29")).toEqual(
      emptyRaid("2026-11-29"),
    );
    expect(raidFromSearch({ participants: ["Vigil01", 7, null] }, "2026-11-29").participants).toEqual([
      "Vigil01",
    ]);
  });
});

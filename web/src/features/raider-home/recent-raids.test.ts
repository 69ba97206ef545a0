import { describe, expect, it } from "vitest";
import type { EarningsItem, EarningsRaid } from "@shared/schemas/my-earnings.ts";
import { recentRaids } from "./recent-raids.ts";

let nextId = 1;
function item(date: string | null, bossName: string, lootName: string, characterName: string, share: string) {
  const id = nextId++;
  return { itemId: id, date, bossName, lootName, memberId: 1, characterName, share } satisfies EarningsItem;
}
function raid(dateAttended: string, bossName: string, characters: string[]) {
  const id = nextId++;
  return { id, dateAttended, bossName, characters } satisfies EarningsRaid;
}

describe("recentRaids", () => {
  it("makes one raid of a boss's items on one day, adding the shares to the cent, newest first", () => {
    const raids = recentRaids(
      [
        item("2026-11-03", "Gravemaw", "Ash Ring", "Thornlet", "6.03"),
        item("2026-11-03", "gravemaw ", "Ember Crown", "Thornfang", "4250.00"),
        item("2026-11-03", "Gravemaw", "Ember Crown", "Thornlet", "0.10"),
        item("2026-11-01", "Gravemaw", "Bone Idol", "Thornfang", "0.01"),
        item(null, "Venatrix", "Old Gem", "Thornfang", "1.00"),
      ],
      undefined,
    );
    expect(raids).toEqual([
      {
        date: "2026-11-03",
        bossName: "Gravemaw",
        loot: ["Ash Ring", "Ember Crown"],
        characters: ["Thornlet", "Thornfang"],
        shareCents: 425613,
      },
      {
        date: "2026-11-01",
        bossName: "Gravemaw",
        loot: ["Bone Idol"],
        characters: ["Thornfang"],
        shareCents: 1,
      },
      { date: null, bossName: "Venatrix", loot: ["Old Gem"], characters: ["Thornfang"], shareCents: 100 },
    ]);
  });

  it("adds the raids attended without loot, and the loot of a raid attended to its entry, on the viewer's day", () => {
    const raids = recentRaids(
      [
        item("2026-11-03", "Gravemaw", "Ash Ring", "Thornlet", "6.03"),
        item("2026-11-01", "Frostfang", "Bone Idol", "Thornfang", "2.00"),
      ],
      [
        // 23:30 UTC on Nov 4 is Nov 5 in Manila.
        raid("2026-11-04T23:30:00Z", "Duskwing", ["Thornfang"]),
        raid("2026-11-03T04:00:00Z", "GRAVEMAW", ["Thornfang", "Thornlet"]),
        raid("2026-10-30T12:00:00Z", "Frostfang", ["Thornlet"]),
      ],
      5,
      "Asia/Manila",
    );
    expect(raids).toEqual([
      { date: "2026-11-05", bossName: "Duskwing", loot: [], characters: ["Thornfang"], shareCents: 0 },
      {
        date: "2026-11-03",
        bossName: "GRAVEMAW",
        loot: ["Ash Ring"],
        characters: ["Thornfang", "Thornlet"],
        shareCents: 603,
      },
      {
        date: "2026-11-01",
        bossName: "Frostfang",
        loot: ["Bone Idol"],
        characters: ["Thornfang"],
        shareCents: 200,
      },
      { date: "2026-10-30", bossName: "Frostfang", loot: [], characters: ["Thornlet"], shareCents: 0 },
    ]);
  });

  it("keeps the newest few raids", () => {
    const items = ["05", "04", "03", "02", "01"].map((day) =>
      item(`2026-11-${day}`, "Gravemaw", `Loot ${day}`, "Thornfang", "1.00"),
    );
    const raids = recentRaids(items, [raid("2026-11-06T12:00:00Z", "Duskwing", ["Thornfang"])], 3, "UTC");
    expect(raids.map((r) => r.date)).toEqual(["2026-11-06", "2026-11-05", "2026-11-04"]);
  });

  it("is empty when no raid and no sold item names the characters", () => {
    expect(recentRaids([], [])).toEqual([]);
  });
});

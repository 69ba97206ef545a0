import { describe, expect, it } from "vitest";
import type { EarningsItem } from "@shared/schemas/my-earnings.ts";
import { recentRaids } from "./recent-raids.ts";

let nextId = 1;
function item(date: string | null, bossName: string, lootName: string, characterName: string, share: string) {
  const id = nextId++;
  return { itemId: id, date, bossName, lootName, memberId: 1, characterName, share } satisfies EarningsItem;
}

describe("recentRaids", () => {
  it("makes one raid of a boss's items on one day, adding the shares to the cent, newest first", () => {
    const raids = recentRaids([
      item("2026-11-03", "Gravemaw", "Ash Ring", "Thornlet", "6.03"),
      item("2026-11-03", "gravemaw ", "Ember Crown", "Thornfang", "4250.00"),
      item("2026-11-03", "Gravemaw", "Ember Crown", "Thornlet", "0.10"),
      item("2026-11-01", "Gravemaw", "Bone Idol", "Thornfang", "0.01"),
      item(null, "Venatrix", "Old Gem", "Thornfang", "1.00"),
    ]);
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

  it("keeps the newest few raids and no items of older ones", () => {
    const items = ["05", "04", "03", "02", "01"].map((day) =>
      item(`2026-11-${day}`, "Gravemaw", `Loot ${day}`, "Thornfang", "1.00"),
    );
    const raids = recentRaids(items, 3);
    expect(raids.map((raid) => raid.date)).toEqual(["2026-11-05", "2026-11-04", "2026-11-03"]);
    expect(raids.flatMap((raid) => raid.loot)).toEqual(["Loot 05", "Loot 04", "Loot 03"]);
  });

  it("is empty when the characters shared in no sold item", () => {
    expect(recentRaids([])).toEqual([]);
  });
});

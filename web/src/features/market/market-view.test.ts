import { describe, expect, it } from "vitest";
import { sortPublicMarket } from "@shared/sorting/market-sort.ts";
import {
  ALL_BOSSES,
  filterMarket,
  isFiltered,
  marketMatches,
  NO_FILTERS,
  participantReader,
  participantsOf,
} from "./market-view.ts";

const item = (id: number, status: string, bossName: string, value: string, dateAcquired: string | null) => ({
  id,
  lootName: `Loot ${id}`,
  status,
  bossName,
  value,
  dateAcquired,
});

const items = [
  item(1, "Pending", "Frostfang", "850.50", "2026-11-19"),
  item(2, "Sold", "Ironhide Behemoth", "3200.00", "2026-11-15"),
  item(3, "Sold", "Frostfang", "0.10", "2026-11-18"),
  item(4, "Pending", "Sunscorch Wyrm", "1200", null),
];

describe("filterMarket", () => {
  it("keeps everything without filters, Sold first, newest acquired first", () => {
    expect(filterMarket(items, NO_FILTERS).map((i) => i.id)).toEqual([3, 2, 1, 4]);
  });

  it("filters by status and by boss together", () => {
    expect(filterMarket(items, { status: "Sold", boss: ALL_BOSSES }).map((i) => i.id)).toEqual([3, 2]);
    expect(filterMarket(items, { status: "all", boss: "Frostfang" }).map((i) => i.id)).toEqual([3, 1]);
    expect(filterMarket(items, { status: "Pending", boss: "Ironhide Behemoth" })).toEqual([]);
  });
});

describe("participantsOf", () => {
  const roster = [
    { id: 1, playerName: "Ashvale", category: "Guild Master", mainMemberId: null, playerAlias: null },
    { id: 2, playerName: "Ironveil", category: "Core", mainMemberId: null, playerAlias: "Veil" },
    { id: 3, playerName: "Veilshade", category: "Members", mainMemberId: 2, playerAlias: null },
  ];

  it("gives each participant the roster's spelling and category, Members when not on the roster", () => {
    expect(participantsOf('["ashvale","Stranger","Veil"]', roster)).toEqual([
      { name: "Ashvale", category: "Guild Master" },
      { name: "Stranger", category: "Members" },
      { name: "Ironveil", category: "Core" },
      { name: "Veilshade", category: "Members" },
    ]);
    expect(participantsOf("", roster)).toEqual([]);
  });
});

describe("filtering the sorted list", () => {
  it("gives what filterMarket gives for every filter: filtering keeps the public order", () => {
    const sorted = sortPublicMarket(items);
    for (const status of ["all", "Sold", "Pending"] as const)
      for (const boss of [ALL_BOSSES, "Frostfang", "Ironhide Behemoth", "Nobody"]) {
        const filters = { status, boss };
        expect(sorted.filter(marketMatches(filters))).toEqual(filterMarket(items, filters));
        expect(isFiltered(filters)).toBe(status !== "all" || boss !== ALL_BOSSES);
      }
  });
});

describe("participantReader", () => {
  const roster = [
    { id: 1, playerName: "Ashvale", category: "Guild Master", mainMemberId: null, playerAlias: null },
    { id: 2, playerName: "Ironveil", category: "Core", mainMemberId: null, playerAlias: "Veil" },
    { id: 3, playerName: "Veilshade", category: "Members", mainMemberId: 2, playerAlias: null },
  ];

  it("reads as participantsOf does, each item once", () => {
    const read = participantReader(roster);
    const loot = { participatedMembers: '["ashvale","Stranger","Veil"]' };
    const first = read(loot);
    expect(first).toEqual(participantsOf(loot.participatedMembers, roster));
    expect(read(loot)).toBe(first);
    expect(read({ participatedMembers: "Veilshade" })).toEqual([{ name: "Veilshade", category: "Members" }]);
  });
});

import { describe, expect, it } from "vitest";
import { summarizeMarket } from "@shared/market/market-summary.ts";
import type { GuildMember, MarketItem } from "@web/data/portal-db.ts";
import {
  filterAdminMarket,
  itemDistribution,
  itemParticipants,
  NO_ADMIN_FILTERS,
  participantCounter,
} from "./admin-market-view.ts";

function item(id: number, patch: Partial<MarketItem>): MarketItem {
  return {
    id,
    lootName: `Loot ${id}`,
    bossName: "Gravemaw",
    value: "100.00",
    status: "Pending",
    participatedMembers: "[]",
    totalFunds: "0",
    dateAcquired: null,
    createdAt: new Date(Date.UTC(2026, 10, id)),
    updatedAt: new Date(Date.UTC(2026, 10, id)),
    ...patch,
  };
}

function member(id: number, playerName: string, category: GuildMember["category"]): GuildMember {
  return {
    id,
    playerName,
    category,
    raidsParticipated: 0,
    salary: "0",
    status: "active",
    kickedDate: null,
    finalSalaryAmount: null,
    mainMemberId: null,
    playerAlias: null,
    createdAt: new Date(Date.UTC(2026, 10, 1)),
    updatedAt: new Date(Date.UTC(2026, 10, 1)),
  };
}

const items = [
  item(1, { status: "Pending", dateAcquired: "2026-11-01" }),
  item(2, { status: "Sold", value: "250.50", dateAcquired: "2026-11-10", bossName: "Duskwing" }),
  item(3, { status: "Pending", dateAcquired: "2026-11-20" }),
  item(4, { status: "Sold", value: "1000.00" }),
];

describe("the admin market list", () => {
  it("orders Sold, then Pending, each newest created first", () => {
    expect(filterAdminMarket(items, NO_ADMIN_FILTERS).map((i) => i.id)).toEqual([4, 2, 3, 1]);
  });

  it("filters by status, boss and an inclusive date range; undated items fall outside any range", () => {
    expect(filterAdminMarket(items, { ...NO_ADMIN_FILTERS, status: "Sold" }).map((i) => i.id)).toEqual([
      4, 2,
    ]);
    expect(filterAdminMarket(items, { ...NO_ADMIN_FILTERS, boss: "Duskwing" }).map((i) => i.id)).toEqual([2]);
    expect(
      filterAdminMarket(items, { ...NO_ADMIN_FILTERS, from: "2026-11-10", to: "2026-11-20" }).map(
        (i) => i.id,
      ),
    ).toEqual([2, 3]);
    expect(filterAdminMarket(items, { ...NO_ADMIN_FILTERS, to: "2026-11-01" }).map((i) => i.id)).toEqual([1]);
  });

  it("sums the Sold values and counts Pending and Sold", () => {
    expect(summarizeMarket(items)).toEqual({
      totalFunds: "1,250.50 USDT",
      totalLoots: 4,
      pending: 2,
      sold: 2,
    });
  });

  it("splits a 1,000 USDT item among 3 Members and 2 Core: 120 and 245", () => {
    const roster = [
      member(1, "A", "Members"),
      member(2, "B", "Members"),
      member(3, "C", "Members"),
      member(4, "D", "Core"),
      member(5, "E", "Core"),
    ];
    const split = itemDistribution(
      item(9, { value: "1000.00", status: "Sold", participatedMembers: '["A","B","C","D","E"]' }),
      roster,
      [],
    );
    expect(split).not.toBeNull();
    expect([
      split?.guildFundCents,
      split?.adminFundCents,
      split?.elitePoolCents,
      split?.basePoolCents,
    ]).toEqual([10_000, 5_000, 25_000, 60_000]);
    expect(split?.shares.map((s) => s.generalShareCents + s.eliteShareCents)).toEqual([
      12_000, 12_000, 12_000, 24_500, 24_500,
    ]);
  });
});

describe("participantCounter", () => {
  it("counts as itemParticipants does, an alias standing for the player's characters, and reads each item once", () => {
    const roster = [
      { ...member(1, "Ironveil", "Core"), playerAlias: "Veil" },
      { ...member(2, "Veilshade", "Members"), mainMemberId: 1 },
      member(3, "Ashvale", "Guild Master"),
    ];
    const loot = item(7, { participatedMembers: '["Veil","ashvale","Stranger","ASHVALE"]' });
    const count = participantCounter(roster);
    expect(count(loot)).toBe(itemParticipants(loot, roster).length);
    expect(count(loot)).toBe(4);
    // A changed item is a new object in the store, read anew; the same object is not read again.
    const renamed = { ...loot, participatedMembers: '["Ashvale"]' };
    expect(count(renamed)).toBe(1);
    loot.participatedMembers = "[]";
    expect(count(loot)).toBe(4);
  });
});

import { describe, expect, it } from "vitest";
import { parseParticipants } from "@shared/participants/parse-participants.ts";
import type { AttendanceRecord, MarketItem } from "@web/data/portal-db.ts";
import {
  lootParticipation,
  recordIncludes,
  recordNames,
  rowsNaming,
  sortRecords,
} from "./attendance-view.ts";

const record = (id: number, day: number, names: string[]): AttendanceRecord => ({
  id,
  bossName: "Gravemaw",
  dateAttended: new Date(Date.UTC(2026, 10, day, 20)),
  participatedMembers: names,
  createdAt: new Date(Date.UTC(2026, 10, day, 21)),
});

const loot = (id: number, participatedMembers: string): MarketItem => ({
  id,
  lootName: `Loot ${id}`,
  bossName: "Gravemaw",
  value: "100.00",
  status: "Sold",
  participatedMembers,
  totalFunds: "100.00",
  dateAcquired: "2026-11-01",
  createdAt: new Date(Date.UTC(2026, 10, 1)),
  updatedAt: new Date(Date.UTC(2026, 10, 1)),
});

const roster = [
  { id: 1, playerName: "Ashvale", mainMemberId: null, playerAlias: null },
  { id: 2, playerName: "Ironveil", mainMemberId: null, playerAlias: "Veil" },
  { id: 3, playerName: "Veilshade", mainMemberId: 2, playerAlias: null },
];

describe("rowsNaming", () => {
  const records = sortRecords([
    record(1, 3, ["Ashvale", "Ironveil"]),
    record(2, 5, ["ironveil", "IRONVEIL"]),
    record(3, 4, ["Stranger"]),
  ]);

  it("finds the rows recordIncludes finds, in the list's order, each once", () => {
    const naming = rowsNaming(records, recordNames);
    for (const name of ["Ashvale", "IRONVEIL", "stranger", "Nobody"])
      expect(naming(name)).toEqual(records.filter((r) => recordIncludes(r, name)));
    expect(naming("Ironveil").map((r) => r.id)).toEqual([2, 1]);
  });
});

describe("lootParticipation", () => {
  it("reads each item's participants as parseParticipants does, an alias standing for the player's characters", () => {
    const items = [loot(1, '["Veil","ashvale"]'), loot(2, "Stranger, Ashvale"), loot(3, "")];
    const rows = lootParticipation(items, roster);
    expect(rows.map((row) => row.item)).toEqual(items);
    for (const row of rows)
      expect(row.participants).toEqual(
        parseParticipants(row.item.participatedMembers, roster).map((p) => p.name),
      );
    expect(rows[0]?.participants).toEqual(["Ironveil", "Veilshade", "Ashvale"]);
    expect(rowsNaming(rows, (row) => row.participants)("veilshade").map((row) => row.item.id)).toEqual([1]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SPAWN_WINDOW_MS } from "./boss-schedule.ts";
import {
  bossSpawnOf,
  inNextUpOrder,
  inReadyFirstOrder,
  lastSpawnOf,
  nextSpawnOf,
  spawnsBetween,
} from "./next-spawn.ts";

// The next-up order and the spawn window (decision 040), on top of nextSpawnOf.
const NOW = Date.parse("2026-11-25T12:00:00Z"); // a Wednesday
const MINUTE = 60_000;
const HOUR = 3_600_000;

const timer = (bossName: string, endOffset: number, extra = {}) => ({
  bossName,
  respawnTimeHours: 10,
  startTime: new Date(NOW + endOffset - 10 * HOUR),
  endTime: new Date(NOW + endOffset),
  isActive: endOffset > 0,
  status: endOffset > 0 ? "active" : "expired",
  ...extra,
});

describe("lastSpawnOf", () => {
  it("is the latest weekly slot at or before now, in the guild's zone", () => {
    // AURAQ Sun/Wed 21:00. Manila: Wednesday 21:00 is 13:00 UTC today, an hour ahead; so Sunday's, 13:00 UTC.
    expect(lastSpawnOf({ bossName: "AURAQ", respawnTimeHours: -4 }, NOW, "Asia/Manila")).toBe(
      Date.parse("2026-11-22T13:00:00Z"),
    );
    // At the slot itself it is that slot.
    const slot = Date.parse("2026-11-25T13:00:00Z");
    expect(lastSpawnOf({ bossName: "AURAQ", respawnTimeHours: -4 }, slot, "Asia/Manila")).toBe(slot);
  });

  it("is an ended timer's end; null for a running, reset or never started timer", () => {
    expect(lastSpawnOf(timer("A", -5 * MINUTE), NOW, null)).toBe(NOW - 5 * MINUTE);
    expect(lastSpawnOf(timer("A", 5 * MINUTE), NOW, null)).toBeNull();
    expect(lastSpawnOf({ bossName: "A", respawnTimeHours: 10, endTime: null }, NOW, null)).toBeNull();
  });

  it("is always at or before now and strictly before the next slot, in any zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 * 24 * HOUR }),
        fc.constantFrom("Asia/Manila", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe"),
        fc.constantFrom(-1, -2, -3, -4, -5, -6, -7, -8),
        (offset, zone, code) => {
          const now = Date.parse("2026-01-01T00:00:00Z") + offset;
          const row = { bossName: "X", respawnTimeHours: code };
          const last = lastSpawnOf(row, now, zone) as number;
          const next = nextSpawnOf(row, now, zone)?.spawnAt as number;
          expect(last).toBeLessThanOrEqual(now);
          expect(next).toBeGreaterThan(now);
          // No slot between them: the slot after `last` is `next`.
          expect(nextSpawnOf(row, last, zone)?.spawnAt).toBe(next);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("bossSpawnOf", () => {
  it("is up for the spawn window after a spawn, and not before or after it", () => {
    expect(bossSpawnOf(timer("A", -1), NOW, null)?.upSince).toBe(NOW - 1);
    expect(bossSpawnOf(timer("A", -SPAWN_WINDOW_MS + 1), NOW, null)?.upSince).toBe(NOW - SPAWN_WINDOW_MS + 1);
    expect(bossSpawnOf(timer("A", -SPAWN_WINDOW_MS), NOW, null)?.upSince).toBeNull();
    expect(bossSpawnOf(timer("A", 1), NOW, null)?.upSince).toBeNull();
  });
});

/** Bosses in every state the orders know, at NOW. */
const MIXED = [
  { bossName: "Zed", respawnTimeHours: 10 },
  timer("Later", 3 * HOUR),
  timer("JustNow", -1 * MINUTE),
  { bossName: "AURAQ", respawnTimeHours: -4 }, // 13:00 UTC today in Manila: in an hour
  timer("Earlier", -20 * MINUTE),
  timer("Stale", -3 * HOUR),
  timer("Soon", 10 * MINUTE),
  { bossName: "Abel", respawnTimeHours: 5 },
];

describe("inNextUpOrder", () => {
  it("just spawned first (longest up first), then soonest, then unknown by name", () => {
    expect(inNextUpOrder(MIXED, NOW, "Asia/Manila").map((e) => e.row.bossName)).toEqual([
      "Earlier",
      "JustNow",
      "Soon",
      "AURAQ",
      "Later",
      "Abel",
      "Stale",
      "Zed",
    ]);
  });
});

describe("inReadyFirstOrder (the boss page, decision 076)", () => {
  const rows = MIXED;

  it("every ready boss before every scheduled or running one: just spawned, then unknown by name, then soonest", () => {
    expect(inReadyFirstOrder(rows, NOW, "Asia/Manila").map((e) => e.row.bossName)).toEqual([
      "Earlier",
      "JustNow",
      "Abel",
      "Stale",
      "Zed",
      "Soon",
      "AURAQ",
      "Later",
    ]);
  });

  it("a fixed-schedule boss in its spawn window is ready too", () => {
    const slot = Date.parse("2026-11-25T13:00:00Z"); // AURAQ in Manila
    const at = slot + 5 * MINUTE;
    const order = inReadyFirstOrder([timer("Running", 10 * HOUR), ...rows.slice(3, 4)], at, "Asia/Manila");
    expect(order.map((e) => e.row.bossName)).toEqual(["AURAQ", "Running"]);
  });

  it("whatever the rows' order, no ready boss comes after one still to come", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(rows), (subset) => {
        const order = inReadyFirstOrder(subset, NOW, "Asia/Manila");
        const ready = order.map((e) => e.spawn.upSince !== null || e.spawn.spawnAt === null);
        expect(ready).toEqual([...ready].sort((a, b) => Number(b) - Number(a)));
      }),
    );
  });
});

describe("spawnsBetween", () => {
  it("lists the spawns in (from, to], timers and weekly slots, oldest first", () => {
    const slot = Date.parse("2026-11-25T13:00:00Z"); // AURAQ in Manila
    const rows = [
      { bossName: "AURAQ", respawnTimeHours: -4 },
      timer("Ended", 30 * MINUTE),
      timer("Before", -MINUTE),
      timer("Running", 2 * HOUR),
      { bossName: "Never", respawnTimeHours: 10 },
    ];
    expect(spawnsBetween(rows, NOW, slot, "Asia/Manila")).toEqual([
      { bossName: "Ended", spawnedAt: NOW + 30 * MINUTE },
      { bossName: "AURAQ", spawnedAt: slot },
    ]);
    expect(spawnsBetween(rows, NOW, slot - 1, "Asia/Manila").map((s) => s.bossName)).toEqual(["Ended"]);
    expect(spawnsBetween(rows, slot, slot, "Asia/Manila")).toEqual([]);
  });
});

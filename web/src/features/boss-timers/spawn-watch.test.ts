import { describe, expect, it } from "vitest";
import { SPAWN_WINDOW_MS } from "@shared/bosses/boss-schedule.ts";
import { createSpawnWatch } from "./spawn-watch.ts";

const OPENED = Date.parse("2026-11-25T12:00:00Z");
const SECOND = 1000;

const timer = (bossName: string, endsAt: number) => ({
  bossName,
  respawnTimeHours: 10,
  startTime: new Date(endsAt - 10_000),
  endTime: new Date(endsAt),
  isActive: true,
  status: "active",
});

describe("createSpawnWatch", () => {
  it("announces a spawn once, when it happens, however often it is asked", () => {
    const watch = createSpawnWatch(OPENED);
    const rows = [timer("Venatus", OPENED + 10 * SECOND)];
    expect(watch.check(rows, OPENED + 9 * SECOND, null)).toEqual([]);
    expect(watch.check(rows, OPENED + 10 * SECOND, null)).toEqual([
      { bossName: "Venatus", spawnedAt: OPENED + 10 * SECOND },
    ]);
    expect(watch.check(rows, OPENED + 11 * SECOND, null)).toEqual([]);
    // The server's copy (expired, same end) is the same spawn.
    const expired = [{ ...timer("Venatus", OPENED + 10 * SECOND), isActive: false, status: "expired" }];
    expect(watch.check(expired, OPENED + 12 * SECOND, null)).toEqual([]);
  });

  it("does not announce a spawn that happened before the page opened", () => {
    const watch = createSpawnWatch(OPENED);
    expect(watch.check([timer("Venatus", OPENED - SECOND)], OPENED + SECOND, null)).toEqual([]);
    expect(watch.check([timer("Venatus", OPENED)], OPENED + SECOND, null)).toEqual([]);
  });

  it("announces the boss's next spawn again after a new timer", () => {
    const watch = createSpawnWatch(OPENED);
    expect(watch.check([timer("Venatus", OPENED + SECOND)], OPENED + 2 * SECOND, null)).toHaveLength(1);
    // Restarted and ended again.
    expect(watch.check([timer("Venatus", OPENED + 5 * SECOND)], OPENED + 6 * SECOND, null)).toEqual([
      { bossName: "Venatus", spawnedAt: OPENED + 5 * SECOND },
    ]);
  });

  it("leaves out a spawn older than the spawn window (a page that slept)", () => {
    const watch = createSpawnWatch(OPENED);
    const rows = [timer("Venatus", OPENED + SECOND)];
    expect(watch.check(rows, OPENED + SECOND + SPAWN_WINDOW_MS, null)).toEqual([]);
  });

  it("announces a scheduled boss at its slot, read in the guild's zone", () => {
    // AURAQ, Wednesday 21:00 Manila = 13:00 UTC.
    const watch = createSpawnWatch(OPENED);
    const rows = [{ bossName: "AURAQ", respawnTimeHours: -4 }];
    const slot = Date.parse("2026-11-25T13:00:00Z");
    expect(watch.check(rows, slot - 1, "Asia/Manila")).toEqual([]);
    expect(watch.check(rows, slot + 500, "Asia/Manila")).toEqual([{ bossName: "AURAQ", spawnedAt: slot }]);
    expect(watch.check(rows, slot + 1500, "Asia/Manila")).toEqual([]);
  });
});

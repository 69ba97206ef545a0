import { describe, expect, it } from "vitest";
import { nextSpawnOf, spawnsWithin } from "./next-spawn.ts";

const NOW = Date.parse("2026-11-25T12:00:00Z"); // a Wednesday
const HOUR = 3_600_000;

describe("nextSpawnOf", () => {
  it("is a running timer's end, and null for an interval boss that is up", () => {
    const end = new Date(NOW + 2 * HOUR);
    expect(
      nextSpawnOf({ bossName: "Venatus", respawnTimeHours: 10, endTime: end, isActive: true }, NOW, null),
    ).toEqual({
      bossName: "Venatus",
      kind: "interval",
      spawnAt: end.getTime(),
    });
    expect(
      nextSpawnOf(
        { bossName: "Venatus", respawnTimeHours: 10, endTime: new Date(NOW - 1), isActive: true },
        NOW,
        null,
      )?.spawnAt,
    ).toBeNull();
    expect(nextSpawnOf({ bossName: "Venatus", respawnTimeHours: 10 }, NOW, null)?.spawnAt).toBeNull();
  });

  it("reads a fixed schedule in the guild's zone", () => {
    // AURAQ: Sunday and Wednesday 21:00. In Manila (UTC+8) Wednesday 21:00 is 13:00 UTC, an hour from NOW.
    expect(nextSpawnOf({ bossName: "Auraq", respawnTimeHours: -4 }, NOW, "Asia/Manila")?.spawnAt).toBe(
      NOW + HOUR,
    );
    // In UTC it is 21:00 UTC the same day.
    expect(nextSpawnOf({ bossName: "Auraq", respawnTimeHours: -4 }, NOW, "UTC")?.spawnAt).toBe(
      NOW + 9 * HOUR,
    );
  });

  it("leaves out a boss with an invalid code", () => {
    expect(nextSpawnOf({ bossName: "Nobody", respawnTimeHours: 0 }, NOW, null)).toBeNull();
  });
});

describe("spawnsWithin", () => {
  it("lists the spawns within the lead time, soonest first", () => {
    const rows = [
      { bossName: "Late", respawnTimeHours: 10, endTime: new Date(NOW + 20 * 60_000), isActive: true },
      { bossName: "Soon", respawnTimeHours: 10, endTime: new Date(NOW + 4 * 60_000), isActive: true },
      { bossName: "Edge", respawnTimeHours: 10, endTime: new Date(NOW + 10 * 60_000), isActive: true },
      { bossName: "Up", respawnTimeHours: 10 },
    ];
    expect(spawnsWithin(rows, NOW, 10 * 60_000, null).map((s) => s.bossName)).toEqual(["Soon", "Edge"]);
  });
});

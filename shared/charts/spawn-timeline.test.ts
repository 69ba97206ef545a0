import { describe, expect, it } from "vitest";
import { spawnTimeline } from "./spawn-timeline.ts";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const H = 3_600_000;

describe("spawnTimeline", () => {
  it("places running timers' ends and fixed slots in the next 24 hours, soonest first; counts bosses with no known spawn", () => {
    const timeline = spawnTimeline(
      [
        {
          bossName: "Gravemaw",
          respawnTimeHours: 36,
          endTime: new Date(NOW + 5 * H),
          isActive: true,
          status: "active",
        },
        {
          bossName: "Duskwing",
          respawnTimeHours: 12,
          endTime: new Date(NOW + 2 * H),
          isActive: true,
          status: "active",
        },
        {
          bossName: "Farther",
          respawnTimeHours: 48,
          endTime: new Date(NOW + 30 * H),
          isActive: true,
          status: "active",
        },
        { bossName: "Idle", respawnTimeHours: 24 },
        { bossName: "Broken", respawnTimeHours: 0 },
      ],
      NOW,
      "UTC",
    );
    expect(timeline.spawns.map((s) => [s.bossName, (s.at - NOW) / H, s.kind])).toEqual([
      ["Duskwing", 2, "interval"],
      ["Gravemaw", 5, "interval"],
    ]);
    expect(timeline.unknown).toBe(1);
    expect(timeline.to - timeline.from).toBe(24 * H);
  });

  it("lists a fixed-schedule boss at each of its slots in the window, in the guild's zone", () => {
    const week = spawnTimeline([{ bossName: "MILAVY", respawnTimeHours: -1 }], NOW, "UTC", 24 * 7);
    const day = spawnTimeline([{ bossName: "MILAVY", respawnTimeHours: -1 }], NOW, "UTC");
    expect(week.spawns.length).toBeGreaterThanOrEqual(1);
    expect(week.spawns.every((s) => s.kind === "fixed" && s.at > NOW && s.at <= NOW + 24 * 7 * H)).toBe(true);
    expect(day.spawns.every((s) => s.at <= NOW + 24 * H)).toBe(true);
    // Each slot of the week once: the slots a week later are outside.
    expect(new Set(week.spawns.map((s) => s.at)).size).toBe(week.spawns.length);
  });
});

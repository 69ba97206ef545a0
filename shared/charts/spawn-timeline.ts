/**
 * The night ahead on the boss page (issue 30): every spawn in the next 24 hours, from the same rules as the cards
 * (next-spawn.ts): a fixed-schedule boss at each of its weekly slots in the window, an interval boss at its running
 * timer's end. Interval bosses without a running timer have no known spawn: they are counted, not placed.
 */
import { nextSlotAfter, resolveBossSchedule } from "../bosses/boss-schedule.ts";
import { nextSpawnOf, type SpawnSource } from "../bosses/next-spawn.ts";
import { compareText } from "../sorting/compare-text.ts";

export const TIMELINE_HOURS = 24;

export interface TimelineSpawn {
  bossName: string;
  /** Epoch ms, in (from, to]. */
  at: number;
  kind: "interval" | "fixed";
}

export interface SpawnTimeline {
  from: number;
  to: number;
  /** Soonest first, then by name. */
  spawns: TimelineSpawn[];
  /** Interval bosses shown in the grid whose spawn time is unknown (no running timer). */
  unknown: number;
}

export function spawnTimeline(
  rows: readonly SpawnSource[],
  now: number,
  guildTimeZone: string | null,
  hours: number = TIMELINE_HOURS,
): SpawnTimeline {
  const to = now + hours * 3_600_000;
  const spawns: TimelineSpawn[] = [];
  let unknown = 0;
  for (const row of rows) {
    const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
    if (schedule.kind === "fixed") {
      for (let at = nextSlotAfter(schedule.schedule.slots, now, guildTimeZone).getTime(); at <= to; ) {
        spawns.push({ bossName: row.bossName, at, kind: "fixed" });
        at = nextSlotAfter(schedule.schedule.slots, at, guildTimeZone).getTime();
      }
      continue;
    }
    const next = nextSpawnOf(row, now, guildTimeZone);
    if (next === null) continue;
    if (next.spawnAt === null) unknown += 1;
    else if (next.spawnAt <= to) spawns.push({ bossName: row.bossName, at: next.spawnAt, kind: "interval" });
  }
  spawns.sort((a, b) => a.at - b.at || compareText(a.bossName, b.bossName));
  return { from: now, to, spawns, unknown };
}

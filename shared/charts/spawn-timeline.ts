/**
 * The night ahead on the boss page (issue 30): every spawn in the next 24 hours, from the same rules as the cards
 * (next-spawn.ts): a fixed-schedule boss at each of its weekly slots in the window, an interval boss at its running
 * timer's end. Interval bosses without a running timer have no known spawn: they are counted, not placed.
 */
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
    // One rule for every boss (nextSpawnOf, the cards' own); a fixed schedule is asked again from each slot found,
    // so all its slots in the window are placed. The only spawn rule the lazy chunk needs from the page's code
    // (decision 094).
    let next = nextSpawnOf(row, now, guildTimeZone);
    if (next === null) continue;
    if (next.spawnAt === null) {
      unknown += 1;
      continue;
    }
    while (next !== null && next.spawnAt !== null && next.spawnAt <= to) {
      spawns.push({ bossName: row.bossName, at: next.spawnAt, kind: next.kind });
      next = next.kind === "fixed" ? nextSpawnOf(row, next.spawnAt, guildTimeZone) : null;
    }
  }
  spawns.sort((a, b) => a.at - b.at || compareText(a.bossName, b.bossName));
  return { from: now, to, spawns, unknown };
}

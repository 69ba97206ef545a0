/**
 * When each boss spawns next: the one source the boss cards, the home card, the spawn alerts (Web Push, Discord)
 * and the in-app alert read, so that no two of them can disagree.
 *
 * - An interval boss with a running timer spawns at the timer's end; without one it is up (ready) and its next
 *   spawn is unknown (null).
 * - A fixed-schedule boss spawns at its next weekly slot, read as wall-clock time in the guild's time zone.
 */
import type { DateInput } from "../format/format-date.ts";
import { isShownInGrid, nextSlotAfter, type RespawnCodeInput, resolveBossSchedule } from "./boss-schedule.ts";
import { isTimerRunning } from "./countdown.ts";

/** The fields of a boss timer row (GET /_api/boss-timers, or the boss_names row joined with its timer). */
export interface SpawnSource {
  bossName: string;
  respawnTimeHours?: RespawnCodeInput;
  startTime?: DateInput;
  endTime?: DateInput;
  isActive?: boolean | null;
  status?: string | null;
}

export interface NextSpawn {
  bossName: string;
  kind: "interval" | "fixed";
  /** Epoch ms of the next spawn after `now`; null for an interval boss that is up (no running timer). */
  spawnAt: number | null;
}

function epochMs(value: Date | number): number {
  return typeof value === "number" ? value : value.getTime();
}

/** The boss's next spawn after `now`, or null for a boss the grid does not show (an invalid code). */
export function nextSpawnOf(
  row: SpawnSource,
  now: Date | number,
  guildTimeZone: string | null,
): NextSpawn | null {
  const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
  if (schedule.kind === "fixed") {
    return {
      bossName: row.bossName,
      kind: "fixed",
      spawnAt: nextSlotAfter(schedule.schedule.slots, now, guildTimeZone).getTime(),
    };
  }
  if (!isShownInGrid(row.respawnTimeHours)) return null;
  const timer = { endTime: row.endTime ?? null, active: row.isActive ?? null, status: row.status ?? null };
  if (!isTimerRunning(timer, now)) return { bossName: row.bossName, kind: "interval", spawnAt: null };
  const end = new Date(row.endTime as string | number | Date).getTime();
  return { bossName: row.bossName, kind: "interval", spawnAt: end };
}

/**
 * The spawns that fall in (now, now + withinMs]: what a scheduler alerting `withinMs` ahead has to send now.
 * Bosses that are up, or spawn later, are left out.
 */
export function spawnsWithin(
  rows: readonly SpawnSource[],
  now: Date | number,
  withinMs: number,
  guildTimeZone: string | null,
): NextSpawn[] {
  const nowMs = epochMs(now);
  const found: NextSpawn[] = [];
  for (const row of rows) {
    const next = nextSpawnOf(row, nowMs, guildTimeZone);
    if (next?.spawnAt != null && next.spawnAt - nowMs <= withinMs) found.push(next);
  }
  return found.sort((a, b) => (a.spawnAt as number) - (b.spawnAt as number));
}

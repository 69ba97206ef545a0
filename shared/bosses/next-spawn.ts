/**
 * When each boss spawns next: the one source the boss cards, the home card, the spawn alerts (Web Push, Discord)
 * and the in-app alert read, so that no two of them can disagree.
 *
 * - An interval boss with a running timer spawns at the timer's end; without one it is up (ready) and its next
 *   spawn is unknown (null).
 * - A fixed-schedule boss spawns at its next weekly slot, read as wall-clock time in the guild's time zone.
 */
import { type DateInput, sortableTime } from "../format/format-date.ts";
import { compareText } from "../sorting/compare-text.ts";
import {
  isShownInGrid,
  isWithinSpawnWindow,
  latestSlotAtOrBefore,
  nextSlotAfter,
  type RespawnCodeInput,
  resolveBossSchedule,
} from "./boss-schedule.ts";
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

/** A spawn this close counts as soon: its card stands out. */
export const SPAWN_SOON_MS = 15 * 60_000;

/**
 * The boss's latest spawn at or before `now` (epoch ms): the end of its latest timer, or its latest weekly
 * slot; null when unknown (an interval boss whose timer was never started or was reset) or not in the grid.
 */
export function lastSpawnOf(
  row: SpawnSource,
  now: Date | number,
  guildTimeZone: string | null,
): number | null {
  const nowMs = epochMs(now);
  const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
  if (schedule.kind === "fixed") return latestSlotAtOrBefore(schedule.schedule.slots, nowMs, guildTimeZone);
  if (!isShownInGrid(row.respawnTimeHours)) return null;
  // A reset (or undone) timer has no end: the boss's spawn time is unknown again.
  const end = sortableTime(row.endTime);
  return end !== null && end <= nowMs ? end : null;
}

/** What the cards, their order and the home card read of a boss's spawns at `now`. */
export interface BossSpawn extends NextSpawn {
  /** Its latest spawn when that was less than SPAWN_WINDOW_MS ago (the boss is up, just spawned), else null. */
  upSince: number | null;
  /** Its latest spawn however long ago (see lastSpawnOf), for the share of the wait that has passed. */
  lastSpawnAt: number | null;
}

export function bossSpawnOf(
  row: SpawnSource,
  now: Date | number,
  guildTimeZone: string | null,
): BossSpawn | null {
  const nowMs = epochMs(now);
  const next = nextSpawnOf(row, nowMs, guildTimeZone);
  if (next === null) return null;
  const last = lastSpawnOf(row, nowMs, guildTimeZone);
  // A running timer has no past spawn (its end is ahead), so a recent one means the boss is up.
  const up = last !== null && isWithinSpawnWindow(last, nowMs);
  return { ...next, upSince: up ? last : null, lastSpawnAt: last };
}

/**
 * The instant a boss sorts by in the next-up order: when it spawned, for a boss up within its spawn window;
 * when it spawns next, for one still to come; +Infinity for an interval boss whose spawn time is unknown
 * (no timer, or one that ended more than SPAWN_WINDOW_MS ago), since nobody knows whether it is still up.
 */
export function nextUpKey(spawn: BossSpawn): number {
  return spawn.upSince ?? spawn.spawnAt ?? Number.POSITIVE_INFINITY;
}

/**
 * The bosses in next-up order (decision 040): the ones that just spawned (longest up first), then the
 * ones to come, soonest first, scheduled bosses among them; then the interval bosses whose spawn time is
 * unknown, by name. Bosses the grid leaves out are dropped. Each row comes back with its spawn.
 */
export function inNextUpOrder<T extends SpawnSource>(
  rows: readonly T[],
  now: Date | number,
  guildTimeZone: string | null,
): { row: T; spawn: BossSpawn }[] {
  const nowMs = epochMs(now);
  const entries: { row: T; spawn: BossSpawn }[] = [];
  for (const row of rows) {
    const spawn = bossSpawnOf(row, nowMs, guildTimeZone);
    if (spawn) entries.push({ row, spawn });
  }
  return entries.sort(
    (a, b) =>
      compareKeys(nextUpKey(a.spawn), nextUpKey(b.spawn)) || compareText(a.row.bossName, b.row.bossName),
  );
}

/**
 * Where a boss stands on the boss page (decision 076): 0 up within its spawn window, 1 ready with its spawn time
 * unknown (an interval boss without a running timer), 2 still to come.
 */
function readiness(spawn: BossSpawn): 0 | 1 | 2 {
  if (spawn.upSince !== null) return 0;
  return spawn.spawnAt === null ? 1 : 2;
}

/**
 * The boss page's order (decision 076, issue 26): every ready boss before every boss still to come, so a phone
 * shows what can be fought now first. The ready ones: just spawned (longest up first), then the ones whose spawn
 * time is unknown, by name; then the ones to come, soonest first, scheduled bosses among them.
 */
export function inReadyFirstOrder<T extends SpawnSource>(
  rows: readonly T[],
  now: Date | number,
  guildTimeZone: string | null,
): { row: T; spawn: BossSpawn }[] {
  const key = (spawn: BossSpawn) => (readiness(spawn) === 1 ? 0 : nextUpKey(spawn));
  return inNextUpOrder(rows, now, guildTimeZone).sort(
    (a, b) =>
      readiness(a.spawn) - readiness(b.spawn) ||
      compareKeys(key(a.spawn), key(b.spawn)) ||
      compareText(a.row.bossName, b.row.bossName),
  );
}

function compareKeys(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The spawns that happened in (from, to]: what the in-app alert announces when a page that has been open
 * since `from` looks again at `to`. One per boss (its latest), oldest first.
 */
export function spawnsBetween(
  rows: readonly SpawnSource[],
  from: Date | number,
  to: Date | number,
  guildTimeZone: string | null,
): { bossName: string; spawnedAt: number }[] {
  const fromMs = epochMs(from);
  const found: { bossName: string; spawnedAt: number }[] = [];
  for (const row of rows) {
    const last = lastSpawnOf(row, to, guildTimeZone);
    if (last !== null && last > fromMs) found.push({ bossName: row.bossName, spawnedAt: last });
  }
  return found.sort((a, b) => a.spawnedAt - b.spawnedAt || compareText(a.bossName, b.bossName));
}

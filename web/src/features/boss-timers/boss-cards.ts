/**
 * What each boss card shows (docs/product.md#boss-timers; decisions 007, 040), from the cached timer rows (one
 * per boss): which bosses are in the grid, in next-up order, their state, countdown, spawn and schedule texts. Every time
 * on a card comes from one BossSpawn (shared/bosses/next-spawn.ts), so the lines cannot disagree. Pure: the
 * clock and the guild's time zone are passed in.
 */
import {
  formatGuildSchedule,
  isShownInGrid,
  type RespawnCodeInput,
  resolveBossSchedule,
  scheduleLabel,
} from "@shared/bosses/boss-schedule.ts";
import {
  type BossCardState,
  bossCardState,
  elapsedShare,
  formatCountdown,
  isTimerRunning,
} from "@shared/bosses/countdown.ts";
import { type BossSpawn, bossSpawnOf, inReadyFirstOrder, SPAWN_SOON_MS } from "@shared/bosses/next-spawn.ts";
import type { DateInput } from "@shared/format/format-date.ts";
import { nextSpawnText, spawnClockText } from "@shared/format/guild-clock.ts";
import { compareText } from "@shared/sorting/compare-text.ts";

/** The fields of a cached timer row the cards read (web/src/data BossTimerRow fits). */
export interface BossTimerInput {
  bossName: string;
  respawnTimeHours?: RespawnCodeInput;
  startTime?: DateInput;
  endTime?: DateInput;
  isActive?: boolean;
  status?: string | null;
}

export interface BossCard {
  bossName: string;
  state: BossCardState;
  /** A fixed weekly schedule: never clickable. */
  fixed: boolean;
  /** 'Every 24 hours', or the schedule in the guild's zone: 'Sun 21:00 & Wed 21:00 Asia/Manila'. */
  respawnInfo: string;
  /** 'Xh Ym Zs' until the next spawn (a running timer or a scheduled boss), else null. */
  countdown: string | null;
  /** Elapsed share of the wait for that spawn, 0..1, else null. */
  progress: number | null;
  /**
   * 'Next: {date} at {time}' for a spawn to come, 'Spawned at {time}' for a boss just up, in the viewer's zone
   * when its clock is the guild's; else the guild's time, named, and the viewer's: 'Next: Sat 15:00 Asia/Manila ·
   * 16:00 your time' (decision 059).
   */
  spawnLabel: string | null;
  /** The next spawn is less than SPAWN_SOON_MS away. */
  soon: boolean;
}

export const spawnedAtLabel = (time: string) => `Spawned at ${time}`;

/**
 * The bosses the grid shows, ready first (decision 076): just spawned, then ready with an unknown spawn time, then
 * the ones to come, soonest first (decision 040's next-up order among them).
 */
export function gridBosses<T extends BossTimerInput>(
  rows: readonly T[],
  now: number,
  guildTimeZone: string | null,
): T[] {
  return inReadyFirstOrder(rows, now, guildTimeZone).map((entry) => entry.row);
}

/** How long the grid keeps its order after a tap, so the card under the finger stays there (decision 076). */
export const ORDER_HOLD_MS = 5_000;

/**
 * The rows in a held order (boss names as they stood at the tap); bosses not in it (new ones) follow, in the
 * order given. Bosses gone since are dropped.
 */
export function inHeldOrder<T extends { bossName: string }>(
  rows: readonly T[],
  held: readonly string[],
): T[] {
  const place = new Map(held.map((name, index) => [name, index]));
  const kept = rows.filter((row) => place.has(row.bossName));
  kept.sort((a, b) => (place.get(a.bossName) ?? 0) - (place.get(b.bossName) ?? 0));
  return [...kept, ...rows.filter((row) => !place.has(row.bossName))];
}

/** The bosses a timer can be started for (the interval ones in the grid), by name: the admin's test timer list. */
export function startableBosses(rows: readonly BossTimerInput[]): string[] {
  return rows
    .filter(
      (row) =>
        isShownInGrid(row.respawnTimeHours) &&
        resolveBossSchedule(row.bossName, row.respawnTimeHours).kind === "interval",
    )
    .map((row) => row.bossName)
    .sort(compareText);
}

function spawnLabel(
  spawn: BossSpawn | null,
  guildTimeZone: string | null,
  viewerZone: string | null | undefined,
): string | null {
  if (spawn === null) return null;
  if (spawn.upSince !== null) return spawnedAtLabel(spawnClockText(spawn.upSince, guildTimeZone, viewerZone));
  return spawn.spawnAt !== null ? nextSpawnText(spawn.spawnAt, guildTimeZone, viewerZone) : null;
}

/** `viewerZone`: the runtime's when absent (a test names one). */
export function toBossCard(
  row: BossTimerInput,
  now: number,
  guildTimeZone: string | null = null,
  viewerZone?: string | null,
): BossCard {
  const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
  const spawn = bossSpawnOf(row, now, guildTimeZone);
  const state = bossCardState(
    { name: row.bossName, respawnCode: row.respawnTimeHours },
    { endTime: row.endTime ?? null, active: row.isActive ?? null, status: row.status ?? null },
    now,
    guildTimeZone,
  );
  // A card counts down while its boss is still to come: a running timer, or a scheduled boss not yet up.
  const counting = state === "on-cooldown" || state === "scheduled";
  const spawnAt = counting ? (spawn?.spawnAt ?? null) : null;
  const waitStart = state === "on-cooldown" ? row.startTime : spawn?.lastSpawnAt;
  return {
    bossName: row.bossName,
    state,
    fixed: schedule.kind === "fixed",
    respawnInfo:
      schedule.kind === "fixed"
        ? formatGuildSchedule(schedule.schedule.slots, guildTimeZone)
        : scheduleLabel(row.respawnTimeHours),
    countdown: spawnAt === null ? null : formatCountdown(spawnAt - now),
    progress: spawnAt === null ? null : elapsedShare(waitStart, spawnAt, now),
    spawnLabel: spawnLabel(spawn, guildTimeZone, viewerZone),
    soon: spawnAt !== null && spawnAt - now <= SPAWN_SOON_MS,
  };
}

/**
 * Whether any card counts down, so the grid only ticks every second when something changes: a running timer,
 * or any fixed-schedule boss (it counts down to its next slot, or turns Scheduled again after its window).
 */
export function anyRunning(rows: readonly BossTimerInput[], now: number): boolean {
  return rows.some(
    (row) =>
      resolveBossSchedule(row.bossName, row.respawnTimeHours).kind === "fixed" ||
      isTimerRunning(
        { endTime: row.endTime ?? null, active: row.isActive ?? null, status: row.status ?? null },
        now,
      ),
  );
}

/** Whether two names are the same boss: the server finds bosses ignoring case. */
export function sameBoss(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * What each boss card shows, from the cached timer rows (one per boss, SPEC section 4 and decision 007):
 * which bosses are in the grid, in what order, their state, countdown and respawn texts. Pure: the clock and
 * the guild's time zone are passed in.
 */
import {
  formatWeeklySlots,
  isShownInGrid,
  nextSlotAfter,
  type RespawnCodeInput,
  resolveBossSchedule,
  scheduleLabel,
} from "@shared/bosses/boss-schedule.ts";
import {
  type BossCardState,
  bossCardState,
  elapsedShare,
  formatCountdown,
  remainingMs,
} from "@shared/bosses/countdown.ts";
import { type DateInput, formatNextSpawnLabel } from "@shared/format/format-date.ts";
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
  /** A fixed weekly schedule: never clickable, shows its next spawn. */
  fixed: boolean;
  /** 'Every 24 hours' or 'Saturday 3:00 PM' (scheduleLabel). */
  respawnInfo: string;
  /** 'Xh Ym Zs' while on cooldown, else null. */
  countdown: string | null;
  /** Elapsed share of the running timer, 0..1, else null. */
  progress: number | null;
}

/** The bosses the grid shows: interval bosses first, then the fixed-schedule ones, each by name. */
export function gridBosses<T extends BossTimerInput>(rows: readonly T[]): T[] {
  const fixed = (row: T) => resolveBossSchedule(row.bossName, row.respawnTimeHours).kind === "fixed";
  return rows
    .filter((row) => isShownInGrid(row.respawnTimeHours))
    .sort((a, b) => Number(fixed(a)) - Number(fixed(b)) || compareText(a.bossName, b.bossName));
}

export function toBossCard(row: BossTimerInput, now: number): BossCard {
  const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
  const state = bossCardState(
    { name: row.bossName, respawnCode: row.respawnTimeHours },
    { endTime: row.endTime ?? null, active: row.isActive ?? null, status: row.status ?? null },
    now,
  );
  const running = state === "on-cooldown";
  return {
    bossName: row.bossName,
    state,
    fixed: schedule.kind === "fixed",
    respawnInfo:
      schedule.kind === "fixed"
        ? formatWeeklySlots(schedule.schedule.slots)
        : scheduleLabel(row.respawnTimeHours),
    countdown: running ? formatCountdown(remainingMs(row.endTime, now)) : null,
    progress: running ? elapsedShare(row.startTime, row.endTime, now) : null,
  };
}

/**
 * 'Next: {date} at {time}' for a fixed-schedule boss: the schedule read in the guild's time zone (the
 * viewer's when unset), the label in the viewer's (decision 006). Null for any other boss.
 */
export function nextSpawnText(row: BossTimerInput, now: number, guildTimeZone: string | null): string | null {
  const schedule = resolveBossSchedule(row.bossName, row.respawnTimeHours);
  if (schedule.kind !== "fixed") return null;
  return formatNextSpawnLabel(nextSlotAfter(schedule.schedule.slots, now, guildTimeZone));
}

/** Whether any card counts down, so the grid only ticks every second when something changes. */
export function anyRunning(rows: readonly BossTimerInput[], now: number): boolean {
  return rows.some((row) => toBossCard(row, now).state === "on-cooldown");
}

/** Whether two names are the same boss: the server finds bosses ignoring case. */
export function sameBoss(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Boss timer countdowns and card states. Remaining time is rounded up to the whole second (or minute), so a
 * countdown never reads zero while the timer is still running and reads zero exactly when the card turns
 * available again.
 */
import { type DateInput, sortableTime } from "../format/format-date.ts";
import {
  isWithinSpawnWindow,
  latestSlotAtOrBefore,
  type RespawnCodeInput,
  resolveBossSchedule,
} from "./boss-schedule.ts";

export interface TimerLike {
  endTime: DateInput;
  /** The stored active flag; when present it decides. */
  active?: boolean | null;
  /** 'active', 'expired' or 'reset'; decides when there is no flag. */
  status?: string | null;
}

/**
 * 'available': an interval boss without a running timer (a tap starts one); 'on-cooldown': its timer runs;
 * 'scheduled': a fixed-schedule boss before its spawn window; 'disabled': a fixed-schedule boss in its spawn
 * window (it is up, but no timer can be started for it). Decision 040.
 */
export type BossCardState = "disabled" | "on-cooldown" | "available" | "scheduled";

function epochMs(value: Date | number): number {
  return typeof value === "number" ? value : value.getTime();
}

/** Milliseconds until `endTime`, never below 0; 0 when the end time is absent or unreadable. */
export function remainingMs(endTime: DateInput, now: Date | number): number {
  const end = sortableTime(endTime);
  if (end === null) return 0;
  const remaining = end - epochMs(now);
  return remaining > 0 ? remaining : 0;
}

const DAY_SECONDS = 24 * 3600;

/**
 * Past a day, whole days and hours: '2d 5h', not '53h 12m' (issue 26; decision 076). The hours are rounded down
 * from the already rounded-up seconds, so '1d 0h' reads until 24 h are left, and then the finer form takes over.
 */
function daysAndHours(totalSeconds: number): string {
  return `${Math.floor(totalSeconds / DAY_SECONDS)}d ${Math.floor((totalSeconds % DAY_SECONDS) / 3600)}h`;
}

/** 'Xh Ym Zs' up to 24 h ('0h 0m 0s' at or below zero); over 24 h 'Xd Yh' ('2d 5h'). */
export function formatCountdown(ms: number): string {
  const totalSeconds = ms > 0 ? Math.ceil(ms / 1000) : 0;
  if (totalSeconds > DAY_SECONDS) return daysAndHours(totalSeconds);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `${hours}h ${minutes}m ${totalSeconds % 60}s`;
}

/** The home page's short form: 'Xh Ym' up to 24 h, 'Xd Yh' over it, or 'Ready' at or below zero. */
export function formatRemainingShort(ms: number): string {
  if (!(ms > 0)) return "Ready";
  const totalMinutes = Math.ceil(ms / 60_000);
  if (totalMinutes * 60 > DAY_SECONDS) return daysAndHours(totalMinutes * 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

/** Elapsed share of the span start..end at `now`, clamped to 0..1; 1 for an empty or unreadable span. */
export function elapsedShare(startTime: DateInput, endTime: DateInput, now: Date | number): number {
  const start = sortableTime(startTime);
  const end = sortableTime(endTime);
  if (start === null || end === null || !(end > start)) return 1;
  const share = (epochMs(now) - start) / (end - start);
  return Math.min(1, Math.max(0, share));
}

/**
 * A timer runs while it is marked active and its end is in the future. With neither flag nor status the end
 * time alone decides.
 */
export function isTimerRunning(timer: TimerLike, now: Date | number): boolean {
  const marked =
    typeof timer.active === "boolean"
      ? timer.active
      : typeof timer.status === "string"
        ? timer.status === "active"
        : true;
  return marked && remainingMs(timer.endTime, now) > 0;
}

export interface BossCardInput {
  name: string;
  respawnCode?: RespawnCodeInput;
}

/**
 * For a fixed-schedule boss (by name or by code) 'disabled' in its spawn window (SPAWN_WINDOW_MS from a slot,
 * the slots read in `guildTimeZone`, the runtime's zone when null) and 'scheduled' before it; for any other
 * boss 'on-cooldown' while its timer runs, otherwise 'available'.
 */
export function bossCardState(
  boss: BossCardInput,
  timer: TimerLike | null | undefined,
  now: Date | number,
  guildTimeZone: string | null = null,
): BossCardState {
  const schedule = resolveBossSchedule(boss.name, boss.respawnCode);
  if (schedule.kind === "fixed") {
    const latest = latestSlotAtOrBefore(schedule.schedule.slots, now, guildTimeZone);
    return isWithinSpawnWindow(latest, now) ? "disabled" : "scheduled";
  }
  return timer && isTimerRunning(timer, now) ? "on-cooldown" : "available";
}

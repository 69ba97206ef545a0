/**
 * Boss respawn codes (`respawn_time_hours`): -1..-8 name a fixed weekly schedule, 1..168 an interval in hours.
 * Fixed schedules are wall-clock times in the guild's time zone (GUILD_TIMEZONE), or in the runtime's own zone
 * when that is unset.
 */
import { formatClockTime } from "../format/format-date.ts";
import { addCalendarDays, instantOfWallClock, resolveTimeZone, wallClockAt } from "../format/zoned-time.ts";

export interface WeeklySlot {
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
}

export type FixedScheduleCode = -1 | -2 | -3 | -4 | -5 | -6 | -7 | -8;

export interface FixedSchedule {
  code: FixedScheduleCode;
  boss: string;
  /** In weekday order, Sunday first. */
  slots: readonly WeeklySlot[];
}

const slot = (weekday: number, hour: number, minute = 0): WeeklySlot => ({ weekday, hour, minute });

/** The fixed schedules in code order (-1 first). */
export const FIXED_SCHEDULES: readonly FixedSchedule[] = [
  { code: -1, boss: "MILAVY", slots: [slot(6, 15)] },
  { code: -2, boss: "RINGOR", slots: [slot(6, 17)] },
  { code: -3, boss: "RODERICK", slots: [slot(5, 19)] },
  { code: -4, boss: "AURAQ", slots: [slot(0, 21), slot(3, 21)] },
  { code: -5, boss: "THYMELE", slots: [slot(1, 19), slot(3, 9, 30)] },
  { code: -6, boss: "SAPHIRUS", slots: [slot(0, 17), slot(2, 9, 30)] },
  { code: -7, boss: "NEUTRO", slots: [slot(2, 19), slot(4, 9, 30)] },
  { code: -8, boss: "CLEMANTIS", slots: [slot(1, 9, 30), slot(4, 19)] },
];

export const MIN_INTERVAL_HOURS = 1;
export const MAX_INTERVAL_HOURS = 168;

/** A respawn code as stored (number) or as the API sends `numeric` columns ('-1.00', '24.00'). */
export type RespawnCodeInput = number | string | null | undefined;

export type RespawnSchedule =
  | { kind: "fixed"; schedule: FixedSchedule }
  | { kind: "interval"; hours: number }
  | { kind: "invalid" };

/** The numeric value of a code, or null when it is absent or not a number. */
export function parseRespawnCode(code: RespawnCodeInput): number | null {
  if (code === null || code === undefined) return null;
  if (typeof code === "string" && code.trim() === "") return null;
  const value = Number(code);
  return Number.isFinite(value) ? value : null;
}

export function classifyRespawnCode(code: RespawnCodeInput): RespawnSchedule {
  const value = parseRespawnCode(code);
  if (value === null) return { kind: "invalid" };
  const schedule = FIXED_SCHEDULES.find((entry) => entry.code === value);
  if (schedule) return { kind: "fixed", schedule };
  if (value >= MIN_INTERVAL_HOURS && value <= MAX_INTERVAL_HOURS) return { kind: "interval", hours: value };
  return { kind: "invalid" };
}

/** Whether a boss name is one of the eight fixed-schedule bosses (case and surrounding spaces ignored). */
export function isFixedScheduleBoss(name: string): boolean {
  return fixedScheduleOfBoss(name) !== null;
}

export function fixedScheduleOfBoss(name: string): FixedSchedule | null {
  const key = name.trim().toUpperCase();
  return FIXED_SCHEDULES.find((entry) => entry.boss === key) ?? null;
}

/**
 * The schedule a boss card follows: a fixed code wins; a fixed-schedule boss keeps its own schedule even when
 * its stored code is an interval or invalid (it can never have a timer); otherwise the interval.
 */
export function resolveBossSchedule(name: string, code: RespawnCodeInput): RespawnSchedule {
  const byCode = classifyRespawnCode(code);
  if (byCode.kind === "fixed") return byCode;
  const byName = fixedScheduleOfBoss(name);
  if (byName) return { kind: "fixed", schedule: byName };
  return byCode;
}

/** Bosses whose code is neither a fixed schedule nor a valid interval are left out of the timer grid. */
export function isShownInGrid(code: RespawnCodeInput): boolean {
  return classifyRespawnCode(code).kind !== "invalid";
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** 'Saturday 3:00 PM' or, for two slots, 'Sunday 9:00 PM & Wednesday 9:00 PM'. */
export function formatWeeklySlots(slots: readonly WeeklySlot[]): string {
  return slots
    .map((entry) => `${WEEKDAYS[entry.weekday]} ${formatClockTime(entry.hour, entry.minute)}`)
    .join(" & ");
}

const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * The schedule as the guild reads it, with its zone: 'Sun 21:00 & Wed 21:00 Asia/Manila'. The slots are
 * wall-clock times in that zone (the runtime's when null, then named too), the zone nextSlotAfter reads them in.
 */
export function formatGuildSchedule(slots: readonly WeeklySlot[], timeZone: string | null): string {
  const times = slots.map(
    (entry) => `${SHORT_WEEKDAYS[entry.weekday]} ${pad2(entry.hour)}:${pad2(entry.minute)}`,
  );
  return `${times.join(" & ")} ${resolveTimeZone(timeZone)}`;
}

/**
 * 'Every 24 hours' ('Every 1 hour') for a positive code, the schedule text for a fixed code, 'No Respawn' for
 * 0, 'Unknown Schedule' for anything else.
 */
export function scheduleLabel(code: RespawnCodeInput): string {
  const value = parseRespawnCode(code);
  if (value === null) return "Unknown Schedule";
  if (value > 0) return value === 1 ? "Every 1 hour" : `Every ${value} hours`;
  if (value === 0) return "No Respawn";
  const schedule = FIXED_SCHEDULES.find((entry) => entry.code === value);
  return schedule ? formatWeeklySlots(schedule.slots) : "Unknown Schedule";
}

/**
 * The earliest slot strictly after `now`, reading the slots as wall-clock times in `timeZone` (the runtime's
 * zone when null). A slot at exactly `now` is the next week's.
 */
export function nextSlotAfter(
  slots: readonly WeeklySlot[],
  now: Date | number,
  timeZone?: string | null,
): Date {
  const nowMs = typeof now === "number" ? now : now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError("Invalid time value");
  if (slots.length === 0) throw new RangeError("A weekly schedule needs at least one slot");
  const zone = resolveTimeZone(timeZone);
  const today = wallClockAt(nowMs, zone);
  let best = Number.POSITIVE_INFINITY;
  // Days 0..7: day 7 is today's weekday again, for a slot that has already passed (or is now) today.
  for (let offset = 0; offset <= 7; offset++) {
    const date = addCalendarDays(today, offset);
    for (const entry of slots) {
      if (entry.weekday !== date.weekday) continue;
      const instant = instantOfWallClock({ ...date, hour: entry.hour, minute: entry.minute }, zone);
      if (instant > nowMs && instant < best) best = instant;
    }
  }
  if (best === Number.POSITIVE_INFINITY) throw new RangeError("Weekly slots need weekdays 0-6");
  return new Date(best);
}

// Two weekly slots at most; a week back plus a day covers a 23- or 25-hour day around a DST change.
const LOOK_BACK_MS = 8 * 86_400_000;

/** The latest slot at or before `now` (epoch ms), the slots read as in nextSlotAfter. */
export function latestSlotAtOrBefore(
  slots: readonly WeeklySlot[],
  now: Date | number,
  timeZone?: string | null,
): number {
  const nowMs = typeof now === "number" ? now : now.getTime();
  let latest = nextSlotAfter(slots, nowMs - LOOK_BACK_MS, timeZone).getTime();
  for (;;) {
    const next = nextSlotAfter(slots, latest, timeZone).getTime();
    if (next > nowMs) return latest;
    latest = next;
  }
}

/**
 * How long after a spawn a boss counts as just spawned ("up"): a fixed-schedule boss shows 'Available'
 * instead of 'Scheduled', and any boss sorts first, for this long after its spawn (decision 040).
 */
export const SPAWN_WINDOW_MINUTES = 30;
export const SPAWN_WINDOW_MS = SPAWN_WINDOW_MINUTES * 60_000;

/** Whether a spawn at `spawnedAt` is in its spawn window at `now`: [spawnedAt, spawnedAt + SPAWN_WINDOW_MS). */
export function isWithinSpawnWindow(spawnedAt: number, now: Date | number): boolean {
  const nowMs = typeof now === "number" ? now : now.getTime();
  return spawnedAt <= nowMs && nowMs - spawnedAt < SPAWN_WINDOW_MS;
}

/** The next spawn of a fixed-schedule code, or null when the code is not a fixed schedule. */
export function nextFixedSpawn(
  code: RespawnCodeInput,
  now: Date | number,
  timeZone?: string | null,
): Date | null {
  const schedule = classifyRespawnCode(code);
  return schedule.kind === "fixed" ? nextSlotAfter(schedule.schedule.slots, now, timeZone) : null;
}

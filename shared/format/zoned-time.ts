/**
 * Wall-clock time in an IANA time zone, computed with Intl.DateTimeFormat only. Fixed boss schedules and
 * date stamps need "what day and hour is it in that zone" and "which instant is 19:00 on that day there".
 */

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday */
  weekday: number;
}

export type WallClockInput = Pick<WallClock, "year" | "month" | "day" | "hour" | "minute"> & {
  second?: number;
};

const DAY_MS = 86_400_000;

let runtimeZone: string | undefined;

/**
 * The zone to evaluate in: the given IANA name, or the runtime's own zone when none is given. The runtime's
 * zone is read once: building a DateTimeFormat to ask it costs about 10 ms on a slow phone, and the
 * "Last synced" and countdown labels ask on every render.
 */
export function resolveTimeZone(timeZone?: string | null): string {
  if (timeZone) return timeZone;
  runtimeZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
  return runtimeZone;
}

// Building a DateTimeFormat is costly and the schedule code asks the same zone many times.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Epoch ms of a wall clock read as UTC; unlike Date.UTC it keeps years 0-99 as they are. */
export function utcMsOf(wall: WallClockInput): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second ?? 0, 0);
  return date.getTime();
}

/** The wall clock in `timeZone` at the instant `epochMs`. */
export function wallClockAt(epochMs: number, timeZone: string): WallClock {
  if (!Number.isFinite(epochMs)) throw new RangeError("Invalid time value");
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const year = fields.year ?? 0;
  const month = fields.month ?? 1;
  const day = fields.day ?? 1;
  const weekday = new Date(utcMsOf({ year, month, day, hour: 0, minute: 0 })).getUTCDay();
  return {
    year,
    month,
    day,
    // Some engines still print midnight as 24 under h23.
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
    weekday,
  };
}

/** Offset of `timeZone` from UTC at an instant, in ms (Berlin in summer: +7_200_000). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return utcMsOf(wallClockAt(wholeSecond, timeZone)) - wholeSecond;
}

/**
 * The instant at which `timeZone` shows `wall`. Around a DST change it behaves like Temporal's
 * 'compatible' disambiguation: a repeated wall time takes the earlier instant, a skipped one is moved
 * forward by the length of the gap (02:30 on a spring-forward night becomes 03:30).
 */
export function instantOfWallClock(wall: WallClockInput, timeZone: string): number {
  const asUtc = utcMsOf(wall);
  // A zone changes offset at most once within any two days, so the offsets a day either side are the only
  // candidates.
  const offsetBefore = zoneOffsetMs(asUtc - DAY_MS, timeZone);
  const offsetAfter = zoneOffsetMs(asUtc + DAY_MS, timeZone);
  const matches = [offsetBefore, offsetAfter]
    .map((offset) => asUtc - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === asUtc - instant);
  if (matches.length > 0) return Math.min(...matches);
  return asUtc - offsetBefore;
}

/** The calendar date `days` after the given one (days may be negative). */
export function addCalendarDays(
  date: Pick<WallClock, "year" | "month" | "day">,
  days: number,
): Pick<WallClock, "year" | "month" | "day" | "weekday"> {
  const shifted = new Date(utcMsOf({ ...date, hour: 0, minute: 0 }) + days * DAY_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
  };
}

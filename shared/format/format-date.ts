/**
 * The one date and time formatter of the portal. Dates read 'Nov 20, 2026' (en-US, short month), times
 * '3:00 PM'. A date-only value ('YYYY-MM-DD', as the API sends `date` columns) is a calendar day and shows as
 * that day in every time zone; any other value is an instant and shows in the viewer's zone unless a zone
 * is passed.
 */
import { resolveTimeZone, wallClockAt } from "./zoned-time.ts";

export type DateInput = Date | string | number | null | undefined;

export type ParsedDate =
  | { kind: "absent" }
  | { kind: "invalid" }
  | { kind: "calendar-day"; year: number; month: number; day: number }
  | { kind: "instant"; epochMs: number };

/** The options every displayed date uses. */
export const DATE_DISPLAY_OPTIONS: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Reads a date value as the API or a form delivers it. Empty strings count as absent. */
export function parseDateInput(value: DateInput): ParsedDate {
  if (value === null || value === undefined) return { kind: "absent" };
  if (value instanceof Date) {
    const epochMs = value.getTime();
    return Number.isNaN(epochMs) ? { kind: "invalid" } : { kind: "instant", epochMs };
  }
  if (typeof value === "number") {
    return Number.isFinite(value) ? { kind: "instant", epochMs: value } : { kind: "invalid" };
  }
  const text = value.trim();
  if (text === "") return { kind: "absent" };
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const year = Number(dateOnly[1]);
    const month = Number(dateOnly[2]);
    const day = Number(dateOnly[3]);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { kind: "invalid" };
    return { kind: "calendar-day", year, month, day };
  }
  const epochMs = Date.parse(text);
  return Number.isNaN(epochMs) ? { kind: "invalid" } : { kind: "instant", epochMs };
}

/**
 * A number that orders parsed dates: epoch ms for instants, UTC midnight for calendar days; null when there
 * is no usable date.
 */
export function sortableTime(value: DateInput): number | null {
  const parsed = parseDateInput(value);
  if (parsed.kind === "instant") return parsed.epochMs;
  if (parsed.kind === "calendar-day") return Date.UTC(parsed.year, parsed.month - 1, parsed.day);
  return null;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...DATE_DISPLAY_OPTIONS, timeZone });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'Nov 20, 2026'; 'N/A' when absent; 'Invalid Date' when unparseable. */
export function formatDate(value: DateInput, timeZone?: string | null): string {
  const parsed = parseDateInput(value);
  switch (parsed.kind) {
    case "absent":
      return "N/A";
    case "invalid":
      return "Invalid Date";
    case "calendar-day":
      // Formatting UTC midnight in UTC keeps the calendar day whatever the viewer's zone is.
      return dateFormatter("UTC").format(Date.UTC(parsed.year, parsed.month - 1, parsed.day));
    case "instant":
      return dateFormatter(resolveTimeZone(timeZone)).format(parsed.epochMs);
  }
}

/** The kicked date column: the date, or 'N/A' when it is absent or unreadable. */
export function formatKickedDate(value: DateInput, timeZone?: string | null): string {
  const kind = parseDateInput(value).kind;
  return kind === "absent" || kind === "invalid" ? "N/A" : formatDate(value, timeZone);
}

/** '3:00 PM', '9:30 AM', '12:05 AM' for a 24-hour clock time. */
export function formatClockTime(hour: number, minute: number): string {
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, "0")} ${suffix}`;
}

function epochMsOf(instant: Date | number): number {
  const epochMs = typeof instant === "number" ? instant : instant.getTime();
  if (!Number.isFinite(epochMs)) throw new RangeError("Invalid time value");
  return epochMs;
}

/** The clock time of an instant in the given zone (the viewer's when none), e.g. '3:00 PM'. */
export function formatTime(instant: Date | number, timeZone?: string | null): string {
  const wall = wallClockAt(epochMsOf(instant), resolveTimeZone(timeZone));
  return formatClockTime(wall.hour, wall.minute);
}

/** The one date-and-time form: 'Nov 20, 2026 at 3:00 PM' (the receipt, the audit log, Discord's last delivery). */
export function formatDateTime(instant: Date | number, timeZone?: string | null): string {
  return `${formatDate(epochMsOf(instant), timeZone)} at ${formatTime(instant, timeZone)}`;
}

export interface NextSpawnLabelParts {
  date: string;
  time: string;
}

/** The {date} and {time} of 'Next: {date} at {time}'. */
export function nextSpawnLabelParts(instant: Date | number, timeZone?: string | null): NextSpawnLabelParts {
  const epochMs = epochMsOf(instant);
  return { date: formatDate(epochMs, timeZone), time: formatTime(epochMs, timeZone) };
}

/** 'Next: Nov 21, 2026 at 3:00 PM'. */
export function formatNextSpawnLabel(instant: Date | number, timeZone?: string | null): string {
  const { date, time } = nextSpawnLabelParts(instant, timeZone);
  return `Next: ${date} at ${time}`;
}

/** 'YYYY-MM-DD' of an instant in the given zone (the viewer's when none), for file names. */
export function dateStamp(instant: Date | number, timeZone?: string | null): string {
  const wall = wallClockAt(epochMsOf(instant), resolveTimeZone(timeZone));
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(wall.year, 4)}-${pad(wall.month, 2)}-${pad(wall.day, 2)}`;
}

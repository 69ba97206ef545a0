/**
 * The attendance form's rules (SPEC section 5): a date is required, not in the future and not before
 * 2000-01-01, saved at 12:00 local time; every field must be filled before the names are matched to the
 * active roster, and at least one of them must match.
 */
import { DATE_REQUIRED, normalizeParticipants } from "../../../../shared/schemas/attendance.ts";

export const ADD_INCOMPLETE = "Please select a boss, date, and at least one participant.";
export const EDIT_INCOMPLETE = "Please select a date and at least one participant.";
export const NO_VALID_MEMBERS = "No valid members selected.";
export const DATE_MIN = "2000-01-01";
export { DATE_REQUIRED };

export interface AttendanceFormValues {
  bossName: string;
  /** 'YYYY-MM-DD' from the date field; '' when empty. */
  date: string;
  participants: readonly string[];
}

export type AttendanceFormResult =
  | { ok: true; bossName: string; dateAttended: Date; participatedMembers: string[] }
  | { ok: false; message: string; dateError?: string };

/** Today's calendar day on this device, 'YYYY-MM-DD' (the date field's max). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day at 12:00 local time, or null when the text is not a real calendar day. */
export function noonOf(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const noon = new Date(year, month - 1, date, 12, 0, 0, 0);
  return noon.getFullYear() === year && noon.getMonth() === month - 1 && noon.getDate() === date
    ? noon
    : null;
}

/** Why the date field is refused, or undefined. */
export function dateFieldProblem(day: string, now: Date): string | undefined {
  if (day === "") return DATE_REQUIRED;
  if (noonOf(day) === null) return DATE_REQUIRED;
  if (day < DATE_MIN) return "The date cannot be before 2000-01-01.";
  if (day > localDay(now)) return "The date cannot be in the future.";
  return undefined;
}

/**
 * Checks the form. `activeNames` are the names the record may list (active members; on an edit also the
 * names already on it); selected names are matched ignoring case and take the roster's spelling.
 */
export function checkAttendanceForm(
  mode: "add" | "edit",
  values: AttendanceFormValues,
  activeNames: readonly string[],
  now: Date,
): AttendanceFormResult {
  const dateError = dateFieldProblem(values.date, now);
  const incomplete =
    (mode === "add" && values.bossName.trim() === "") ||
    values.date === "" ||
    values.participants.length === 0;
  if (incomplete) return { ok: false, message: mode === "add" ? ADD_INCOMPLETE : EDIT_INCOMPLETE, dateError };
  if (dateError) return { ok: false, message: dateError, dateError };
  const byKey = new Map(activeNames.map((name) => [name.toLowerCase(), name]));
  const matched = normalizeParticipants(values.participants)
    .map((name) => byKey.get(name.toLowerCase()))
    .filter((name): name is string => name !== undefined);
  if (matched.length === 0) return { ok: false, message: NO_VALID_MEMBERS };
  return {
    ok: true,
    bossName: values.bossName.trim(),
    dateAttended: noonOf(values.date) as Date,
    participatedMembers: matched,
  };
}

/**
 * The attendance form's rules (docs/product.md#attendance): every field must be filled before the names are
 * matched to the active roster, and at least one of them must match; the date is saved at 12:00 local time. The date and
 * the body are then checked by the server's own schema, with its messages (not in the future, not before
 * 2000-01-01, at most 500 participants).
 */
import { normalizeParticipants } from "@shared/participants/parse-participants.ts";
import {
  ATTENDANCE_DATE_FLOOR,
  createAttendanceSchema,
  DATE_REQUIRED,
  dateAttendedProblem,
  NO_VALID_MEMBERS,
} from "@shared/schemas/attendance.ts";

export const ADD_INCOMPLETE = "Please select a boss, date, and at least one participant.";
export const EDIT_INCOMPLETE = "Please select a date and at least one participant.";
/** The date field's min: the schema's first allowed day. */
export const DATE_MIN = ATTENDANCE_DATE_FLOOR.toISOString().slice(0, 10);
export { DATE_REQUIRED, NO_VALID_MEMBERS };

/** What an edit sends besides the record's id: the boss cannot change. */
const editSchema = createAttendanceSchema.pick({ dateAttended: true, participatedMembers: true });

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

/** Why the date field is refused, or undefined: empty or not a day, else the schema's date rule at `now`. */
export function dateFieldProblem(day: string, now: Date): string | undefined {
  const noon = noonOf(day);
  return noon === null ? DATE_REQUIRED : dateAttendedProblem(noon, now);
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
  const body = { dateAttended: noonOf(values.date), participatedMembers: matched };
  const result =
    mode === "add"
      ? createAttendanceSchema.safeParse({ ...body, bossName: values.bossName })
      : editSchema.safeParse(body);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? NO_VALID_MEMBERS };
  return { ok: true, bossName: values.bossName.trim(), ...result.data };
}

/**
 * Raid attendance: the request bodies of /_api/attendance, the answer shape and the messages, shared by
 * the server and the attendance dialogs.
 */
import * as z from "zod";
import { formatDate } from "../format/format-date.ts";
import { ATTENDANCE_FIELD_RULES } from "../merge/field-merge.ts";
import { normalizeParticipants } from "../participants/parse-participants.ts";
import { BASE_INVALID, baseFitsChanges, baseText, baseUnknownField } from "./merge-base.ts";
import { participantNamesProblem } from "./name-field.ts";

export const ATTENDANCE_DATE_FLOOR = new Date(Date.UTC(2000, 0, 1));
/**
 * The form saves the chosen day at 12:00 local time, so a record for today is up to 12 hours ahead of
 * the clock (at midnight, anywhere on Earth); 5 more minutes cover a device clock that runs fast.
 */
export const ATTENDANCE_MAX_AHEAD_MS = (12 * 60 + 5) * 60 * 1000;
export const MAX_PARTICIPANTS = 500;

export const BOSS_NAME_REQUIRED = "Boss name is required";
export const PARTICIPANT_REQUIRED = "At least one participant is required";
export const PARTICIPANT_NOT_TEXT = "Each participant must be a member name.";
export const TOO_MANY_PARTICIPANTS = `A record cannot list more than ${MAX_PARTICIPANTS} participants.`;
export const DATE_REQUIRED = "A date is required.";
export const DATE_INVALID = "Date attended must be a date (YYYY-MM-DD or an ISO 8601 date-time).";
export const DATE_TOO_EARLY = "Date attended cannot be before 2000-01-01.";
export const DATE_IN_FUTURE = "Date attended cannot be in the future.";
export const ID_NOT_POSITIVE_INTEGER = "ID must be a positive integer.";
export const NO_VALID_MEMBERS = "No valid members selected.";

export const unknownMembersMessage = (names: readonly string[]) =>
  `Not active guild members: ${names.join(", ")}.`;

const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

/** Why a raid date is refused at `now`, or undefined when it is acceptable. */
export function dateAttendedProblem(date: Date, now: Date): string | undefined {
  if (date.getTime() < ATTENDANCE_DATE_FLOOR.getTime()) return DATE_TOO_EARLY;
  if (date.getTime() > now.getTime() + ATTENDANCE_MAX_AHEAD_MS) return DATE_IN_FUTURE;
  return undefined;
}

/**
 * A superjson Date, an ISO 8601 date-time with an offset, or a plain 'YYYY-MM-DD' (taken as 12:00 UTC
 * that day).
 */
const dateAttendedField = z
  .union(
    [z.date(), z.iso.datetime({ offset: true, error: DATE_INVALID }), z.iso.date({ error: DATE_INVALID })],
    { error: (issue) => (issue.input === undefined || issue.input === null ? DATE_REQUIRED : DATE_INVALID) },
  )
  .transform((v) => {
    if (v instanceof Date) return v;
    return new Date(v.length === 10 ? `${v}T12:00:00Z` : v);
  })
  .check((ctx) => {
    const problem = dateAttendedProblem(ctx.value, new Date());
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  });

const participantsField = z
  .array(z.string({ error: PARTICIPANT_NOT_TEXT }), { error: PARTICIPANT_REQUIRED })
  .max(MAX_PARTICIPANTS, { error: TOO_MANY_PARTICIPANTS })
  .check((ctx) => {
    const problem = participantNamesProblem(ctx.value);
    if (problem !== undefined) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  })
  .transform((names) => normalizeParticipants(names.map((name) => name.normalize("NFC"))))
  .refine((names) => names.length > 0, { error: PARTICIPANT_REQUIRED });

const idField = z
  .number({ error: ID_NOT_POSITIVE_INTEGER })
  .int({ error: ID_NOT_POSITIVE_INTEGER })
  .positive({ error: ID_NOT_POSITIVE_INTEGER });

export const createAttendanceSchema = z.strictObject(
  {
    bossName: z.string({ error: BOSS_NAME_REQUIRED }).trim().min(1, { error: BOSS_NAME_REQUIRED }),
    dateAttended: dateAttendedField,
    participatedMembers: participantsField,
  },
  { error: unknownField },
);
/** A raid record as a caller sends it (the record-a-raid form, the outbox): the body of POST /_api/attendance. */
export type CreateAttendanceInput = z.input<typeof createAttendanceSchema>;

/** The values a merging record update was based on (docs/decisions/038): any stored day and names. */
const attendanceBaseSchema = z.strictObject(
  {
    dateAttended: z
      .union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()], { error: BASE_INVALID })
      .optional(),
    participatedMembers: z.array(baseText).max(MAX_PARTICIPANTS, { error: BASE_INVALID }).optional(),
  },
  { error: baseUnknownField },
);

/**
 * The plain update sends the date and the whole list. With `base` it merges (docs/decisions/038): either field
 * may be left out, and a list merges with the one stored now as a set of names.
 */
export const updateAttendanceSchema = z
  .strictObject(
    {
      id: idField,
      dateAttended: dateAttendedField.optional(),
      participatedMembers: participantsField.optional(),
      base: attendanceBaseSchema.optional(),
    },
    { error: unknownField },
  )
  .check((ctx) => {
    if (ctx.value.base !== undefined) return;
    if (ctx.value.dateAttended === undefined)
      ctx.issues.push({ code: "custom", message: DATE_REQUIRED, input: ctx.value, path: ["dateAttended"] });
    else if (ctx.value.participatedMembers === undefined)
      ctx.issues.push({
        code: "custom",
        message: PARTICIPANT_REQUIRED,
        input: ctx.value,
        path: ["participatedMembers"],
      });
  })
  .check(baseFitsChanges(ATTENDANCE_FIELD_RULES));
export type UpdateAttendanceInput = z.infer<typeof updateAttendanceSchema>;

export const deleteAttendanceSchema = z.strictObject({ id: idField }, { error: unknownField });
export type DeleteAttendanceInput = z.infer<typeof deleteAttendanceSchema>;

/** One entry of `attendanceRecords`; participatedMembers are spelled as on the roster. */
export interface AttendanceRecord {
  id: number;
  bossName: string;
  dateAttended: Date;
  participatedMembers: string[];
  createdAt: Date;
}

/** A raid record as the sentences name it: "the Duskwing raid of Nov 11, 2026" (its day in UTC, as stored). */
export const raidLabel = (bossName: string, dateAttended: Date | string) =>
  `the ${bossName} raid of ${formatDate(dateAttended, "UTC")}`;

export const ATTENDANCE_NOT_FOUND = "This attendance record no longer exists.";

/** Answered 404 when the record was deleted meanwhile. */
export const raidGoneMessage = (label: string, by: string | null) =>
  `${label.charAt(0).toUpperCase()}${label.slice(1)} was deleted${by ? ` by ${by}` : ""}.`;
export const attendanceBossNotFound = (bossName: string) => `Boss "${bossName}" not found.`;

/**
 * Check-in for a boss kill (issue 27, point 1; decision 079): an officer opens a check-in and gets a short code,
 * raiders signed in on their phones check in as their own character while it is open, and the officer closes it
 * into an attendance record. The bodies, the answers and every message, shared by the worker and the screens.
 * A check-in is an online call, never queued: one that reaches the server after the close is refused with why.
 */
import * as z from "zod";
import { positiveId } from "./account-links.ts";
import { unknownKeys } from "./accounts.ts";
import { BOSS_NAME_MAX_LENGTH } from "./boss-names.ts";
import { PLAYER_NAME_MAX_LENGTH } from "./members.ts";

/** How long a check-in stays open unless the officer says otherwise, and the bounds of what they may say. */
export const CHECK_IN_MINUTES_DEFAULT = 20;
export const CHECK_IN_MINUTES_MIN = 5;
export const CHECK_IN_MINUTES_MAX = 180;

/** A kill is checked in on raid night: at most this long ago, and at most a few minutes ahead (a fast clock). */
export const CHECK_IN_KILL_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const CHECK_IN_KILL_MAX_AHEAD_MS = 5 * 60 * 1000;

/** Codes: 6 characters from letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
export const CHECK_IN_CODE_LENGTH = 6;
export const CHECK_IN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** Closed and cancelled check-ins stay in the officers' list this long. */
export const CHECK_IN_RECENT_MS = 24 * 60 * 60 * 1000;

export const CHECK_IN_STATUSES = ["open", "closed", "cancelled"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export const CHECK_IN_MESSAGES = {
  bossName: "Boss name is required",
  bossNameTooLong: `Boss name cannot exceed ${BOSS_NAME_MAX_LENGTH} characters.`,
  killedAt: "The kill time must be a date and time.",
  killTooOld: "The kill time must be within the last 24 hours.",
  killInFuture: "The kill time cannot be in the future.",
  minutes: `A check-in stays open ${CHECK_IN_MINUTES_MIN} to ${CHECK_IN_MINUTES_MAX} minutes.`,
  checkInId: "Check-in ID must be a positive integer.",
  memberId: "Member ID must be a positive integer.",
  memberName: "Member name is required",
  memberNameTooLong: `Member name cannot exceed ${PLAYER_NAME_MAX_LENGTH} characters.`,
  code: `A check-in code is ${CHECK_IN_CODE_LENGTH} letters and digits.`,
  codeOrId: "Give the check-in's code or its ID, not both.",
  closeInto: 'Close into "attendance" or "names".',
  /** 404: no check-in has the code (or it was cancelled long ago). */
  unknownCode: "No check-in has that code. Check the code with your officer.",
  checkInNotFound: "This check-in does not exist.",
  /** 400 to a raider whose account has no character yet. */
  noCharacter:
    "Your account is not linked to a character yet. Claim your character on My page, then check in.",
  /** 403 to a raider naming a character that is not their main or one of its alts. */
  notYourCharacter: "That character is not yours. Check in as your main character or one of its alts.",
  cancelled: "This check-in was cancelled by an officer.",
  /** 409 to an officer: adding, removing or closing a check-in already closed or cancelled. */
  notOpen: "This check-in is already closed.",
  entryNotFound: "That name is not on this check-in.",
  /** 400 when closing into an attendance record with nobody on it. */
  nobodyCheckedIn: "Nobody is on this check-in yet. Add names, or cancel the check-in.",
  /** 503 in the unlikely case that every code drawn was in use by an open check-in. */
  noFreeCode: "No free check-in code was found. Try again.",
  /** The screens' words: a check-in is an online call. */
  offlineCheckIn: 'Checking in needs a connection. Connect to the internet, then tap "I was there".',
  offlineOfficer: "Check-ins need a connection. Connect to the internet to open one and see who checked in.",
} as const;

/** 409 to a raider: the account (or this character) is already on the check-in. */
export const alreadyCheckedInMessage = (name: string) => `You already checked in for this kill as ${name}.`;

/**
 * 409 to a raider: the check-in closed (its time ran out, or an officer closed it) before the request reached the
 * server; `time` is the guild's clock time, as formatTime writes it ('9:40 PM').
 */
export const checkInClosedMessage = (bossName: string, time: string) =>
  `The check-in for ${bossName} closed at ${time}.`;

/** 409 to an officer adding a name already on the check-in. */
export const alreadyOnCheckInMessage = (name: string) => `${name} is already on this check-in.`;

/** 400 to an officer adding a name that is not an active member. */
export const notAnActiveMemberMessage = (name: string) => `"${name}" is not an active guild member.`;

const idField = positiveId(CHECK_IN_MESSAGES.checkInId);

/** A kill time: a superjson Date or an ISO 8601 date-time with an offset, within the last 24 hours. */
const killedAtField = z
  .union([z.date(), z.iso.datetime({ offset: true })], { error: CHECK_IN_MESSAGES.killedAt })
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .check((ctx) => {
    const now = Date.now();
    const at = ctx.value.getTime();
    if (Number.isNaN(at))
      ctx.issues.push({ code: "custom", message: CHECK_IN_MESSAGES.killedAt, input: ctx.value });
    else if (at > now + CHECK_IN_KILL_MAX_AHEAD_MS)
      ctx.issues.push({ code: "custom", message: CHECK_IN_MESSAGES.killInFuture, input: ctx.value });
    else if (at < now - CHECK_IN_KILL_MAX_AGE_MS)
      ctx.issues.push({ code: "custom", message: CHECK_IN_MESSAGES.killTooOld, input: ctx.value });
  });

/** What people type: case, spaces and dashes do not matter ("abc 234", "ABC-234"). */
export const normalizeCheckInCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

const CODE_PATTERN = new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{${CHECK_IN_CODE_LENGTH}}$`);

export const checkInCodeField = z
  .string({ error: CHECK_IN_MESSAGES.code })
  .max(40, { error: CHECK_IN_MESSAGES.code })
  .transform(normalizeCheckInCode)
  .pipe(z.string().regex(CODE_PATTERN, { error: CHECK_IN_MESSAGES.code }));

export const openCheckInSchema = z.strictObject(
  {
    bossName: z
      .string({ error: CHECK_IN_MESSAGES.bossName })
      .trim()
      .min(1, { error: CHECK_IN_MESSAGES.bossName })
      .max(BOSS_NAME_MAX_LENGTH, { error: CHECK_IN_MESSAGES.bossNameTooLong }),
    killedAt: killedAtField,
    minutes: z
      .number({ error: CHECK_IN_MESSAGES.minutes })
      .int({ error: CHECK_IN_MESSAGES.minutes })
      .min(CHECK_IN_MINUTES_MIN, { error: CHECK_IN_MESSAGES.minutes })
      .max(CHECK_IN_MINUTES_MAX, { error: CHECK_IN_MESSAGES.minutes })
      .default(CHECK_IN_MINUTES_DEFAULT),
  },
  unknownKeys,
);
export type OpenCheckInInput = z.input<typeof openCheckInSchema>;

/** A check-in named by its ID: cancel, and the query of the officer's read (`?id=12`). */
export const checkInIdSchema = z.strictObject({ id: idField }, unknownKeys);
export type CheckInIdInput = z.input<typeof checkInIdSchema>;

export const checkInQuerySchema = z.strictObject(
  {
    id: z
      .string({ error: CHECK_IN_MESSAGES.checkInId })
      .regex(/^\d{1,10}$/, { error: CHECK_IN_MESSAGES.checkInId })
      .transform(Number)
      .pipe(idField),
  },
  unknownKeys,
);

/** An officer adds a member by the roster's name (any case; an alt's own name adds the alt). */
export const addCheckInEntrySchema = z.strictObject(
  {
    id: idField,
    memberName: z
      .string({ error: CHECK_IN_MESSAGES.memberName })
      .trim()
      .min(1, { error: CHECK_IN_MESSAGES.memberName })
      .max(PLAYER_NAME_MAX_LENGTH, { error: CHECK_IN_MESSAGES.memberNameTooLong }),
  },
  unknownKeys,
);
export type AddCheckInEntryInput = z.input<typeof addCheckInEntrySchema>;

export const removeCheckInEntrySchema = z.strictObject(
  { id: idField, memberId: positiveId(CHECK_IN_MESSAGES.memberId) },
  unknownKeys,
);
export type RemoveCheckInEntryInput = z.input<typeof removeCheckInEntrySchema>;

/**
 * Closing: `attendance` makes the attendance record at once (as POST /attendance does: raid counts move, it
 * syncs), `names` only closes it and answers the names, for the screens to open Record a raid with them (loot).
 */
export const closeCheckInSchema = z.strictObject(
  { id: idField, into: z.enum(["attendance", "names"], { error: CHECK_IN_MESSAGES.closeInto }) },
  unknownKeys,
);
export type CloseCheckInInput = z.input<typeof closeCheckInSchema>;

/** A raider's check-in: by the code they were given, or by the ID of one their app lists. */
export const checkInSchema = z
  .strictObject(
    {
      code: checkInCodeField.optional(),
      id: idField.optional(),
      memberId: positiveId(CHECK_IN_MESSAGES.memberId),
    },
    unknownKeys,
  )
  .refine((body) => (body.code === undefined) !== (body.id === undefined), {
    error: CHECK_IN_MESSAGES.codeOrId,
  });
export type CheckInInput = z.input<typeof checkInSchema>;

/** The raider's look-up of a code (`/check-in/CODE`): `?code=ABC234`. */
export const checkInCodeQuerySchema = z.strictObject({ code: checkInCodeField }, unknownKeys);

/** Who put a name on the check-in: the raider's own account, or an officer. */
export type CheckInAddedBy = "raider" | "officer";

/** One name on a check-in, as the officer sees it. */
export interface CheckInEntry {
  memberId: number;
  memberName: string;
  /** The main's name when the member is an alt. */
  mainName: string | null;
  addedBy: CheckInAddedBy;
  /** The account that added it: the raider's or the officer's name. */
  addedByName: string;
  createdAt: Date;
}

/** A check-in in the officers' list. */
export interface CheckInSummary {
  id: number;
  code: string;
  bossName: string;
  killedAt: Date;
  openedAt: Date;
  closesAt: Date;
  status: CheckInStatus;
  /** Open and before `closesAt`: raiders may still check in. An open check-in past it waits for the officer. */
  acceptsCheckIns: boolean;
  openedByName: string;
  /** When it was closed or cancelled. */
  endedAt: Date | null;
  /** The attendance record it became, when closed into one. */
  attendanceRecordId: number | null;
  entryCount: number;
}

/** One check-in with its names, oldest first (GET /check-ins/one and the officers' writes). */
export interface CheckInDetail extends CheckInSummary {
  entries: CheckInEntry[];
}

/** GET /check-ins: the open ones, then those closed or cancelled within the last day, newest first. */
export interface CheckInList {
  checkIns: CheckInSummary[];
}

export interface CheckInAnswer {
  checkIn: CheckInDetail;
}

/** What closing answers: the check-in, its names, and the attendance record when it was closed into one. */
export interface CheckInClosed extends CheckInAnswer {
  names: string[];
  /**
   * The raid's day, YYYY-MM-DD: the kill's day in the guild's zone, the day the attendance record is saved under and
   * Record a raid opens with (a kill at 01:30 is that night's raid on every device, whatever its own zone).
   */
  raidDay: string;
  attendanceRecord: {
    id: number;
    bossName: string;
    dateAttended: Date;
    participatedMembers: string[];
  } | null;
}

/** A character the raider may check in as: their main, or one of its alts. */
export interface MyCheckInCharacter {
  memberId: number;
  name: string;
  isMain: boolean;
}

/** A check-in as a raider sees it. */
export interface RaiderCheckIn {
  id: number;
  code: string;
  bossName: string;
  killedAt: Date;
  closesAt: Date;
  status: CheckInStatus;
  acceptsCheckIns: boolean;
  /**
   * While it does not accept check-ins: what a check-in to it is refused with, the server's words ('The check-in
   * for Duskwing closed at 9:40 PM.', 'This check-in was cancelled by an officer.'); null while it does.
   */
  refusal: string | null;
  /** The character this account checked in as (or an officer added for it), or null. */
  checkedInAs: { memberId: number; name: string } | null;
}

/** GET /me/check-ins: what is open for me, and the characters I may check in as. */
export interface MyCheckIns {
  /** The account's main character; null until it is linked (claim it on My page). */
  character: { memberId: number; name: string } | null;
  /** The main first, then its alts by name; empty until linked. */
  characters: MyCheckInCharacter[];
  /** Check-ins raiders may check in to now, newest first. */
  checkIns: RaiderCheckIn[];
}

/** GET /me/check-ins/code and what checking in answers: the one check-in, as the raider sees it. */
export interface MyCheckInAnswer {
  checkIn: RaiderCheckIn;
  characters: MyCheckInCharacter[];
}

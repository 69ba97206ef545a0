/**
 * What each backed-up column accepts on restore (docs/decisions/054), in one place: the API's own write schemas
 * where a column has one (names, money, days, enums, free text with its limits), and a small rule where it has none
 * (ids, booleans, timestamps, the audit log's JSON). A rule gets the stored text (PostgreSQL's `::text`, as a
 * backup holds it) and answers why it cannot be restored, or undefined. What needs other rows (keys, references,
 * main and alt characters, participant lists) is in check-backup.ts.
 */

import type * as z from "zod";
import { WHOLE_BP } from "@shared/salary/split-rules.ts";
import { ACCOUNT_MESSAGES, createAccountSchema } from "@shared/schemas/accounts.ts";
import { createAttendanceSchema, dateAttendedProblem } from "@shared/schemas/attendance.ts";
import {
  BOSS_ALERT_LEAD_MAX,
  BOSS_ALERT_LEAD_MIN,
  BOSS_ALERT_MESSAGES,
  isSnowflake,
} from "@shared/schemas/boss-alerts.ts";
import { createBossNameSchema, RESPAWN_NOT_A_NUMBER, respawnHoursField } from "@shared/schemas/boss-names.ts";
import { FIRST_DAY, lastDay } from "@shared/schemas/day-range.ts";
import { DISCORD_SIGN_IN_MESSAGES, SNOWFLAKE } from "@shared/schemas/discord-sign-in.ts";
import { createSpendingSchema } from "@shared/schemas/fund-spending.ts";
import { guildNameProblem } from "@shared/schemas/guild-name.ts";
import { timeZoneField } from "@shared/schemas/guild-settings.ts";
import {
  BOSS_NAME_TOO_LONG,
  calendarDayField,
  createMarketItemSchema,
  DATE_ACQUIRED_INVALID,
} from "@shared/schemas/market.ts";
import {
  CATEGORY_INVALID,
  createMemberSchema,
  kickMemberSchema,
  MEMBER_STATUSES,
  RAIDS_INVALID,
  updateMemberSchema,
} from "@shared/schemas/members.ts";
import { nameField } from "@shared/schemas/name-field.ts";
import { createPayoutSchema } from "@shared/schemas/payouts.ts";
import {
  EFFECTIVE_FROM_INVALID,
  EMPTY_ELITE_POOL_INVALID,
  effectiveFromField,
} from "@shared/schemas/split-rules.ts";
import { AFTER_MAINTENANCE, AFTER_MAINTENANCE_INVALID } from "@shared/schemas/timer-tools.ts";
import { textProblem } from "../app/validate.ts";

export interface RuleContext {
  /** The restore's clock: the newest date a file may hold is a year after it. */
  now: Date;
  /** lastDay(now), worked out once for the whole file. */
  lastDay: string;
}

export function ruleContext(now: Date): RuleContext {
  return { now, lastDay: lastDay(now.getTime()) };
}

/** Why a stored text cannot be restored in this column, or undefined. */
export type Rule = (value: string, context: RuleContext) => string | undefined;

export interface ColumnRule {
  /** NULL is allowed (the column is nullable and the API writes null there). */
  nullable: boolean;
  check: Rule;
}

const MAX_INT = 2_147_483_647;
const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** The audit log's JSON is a few levels deep; anything deeper is not the portal's and would cost stack to read. */
export const MAX_JSON_DEPTH = 32;

const required = (check: Rule): ColumnRule => ({ nullable: false, check });
const nullable = (check: Rule): ColumnRule => ({ nullable: true, check });

/**
 * A value through one of the API's zod fields: its first message, or, with `stored`, a value the API would have
 * changed before storing it (a name with spaces around it, an email in capitals) is refused as well: the restore
 * stores what the file says, so it must already be what the API stores.
 */
function schema(field: z.ZodType, options: { stored?: boolean } = {}): Rule {
  return (value) => {
    const result = field.safeParse(value);
    if (!result.success) return result.error.issues[0]?.message ?? "is not accepted.";
    if (options.stored && result.data !== value)
      return `is not stored as the portal stores it (${JSON.stringify(result.data)}).`;
    return undefined;
  };
}

function integer(min: number, max: number, message: string): Rule {
  return (value) => {
    if (!/^(0|-?[1-9]\d{0,9})$/.test(value)) return message;
    const n = Number(value);
    return n < min || n > max ? message : undefined;
  };
}

const ID_MESSAGE = `must be a whole number from 1 to ${MAX_INT}.`;
const id = integer(1, MAX_INT, ID_MESSAGE);

const bigId: Rule = (value) =>
  /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= MAX_BIGINT
    ? undefined
    : `must be a whole number from 1 to ${MAX_BIGINT}.`;

const boolean =
  (message: string): Rule =>
  (value) =>
    value === "true" || value === "false" ? undefined : message;

function oneOf(values: readonly string[], message: string): Rule {
  return (value) => (values.includes(value) ? undefined : message);
}

/** The app's range for every date (shared/schemas/day-range.ts), at the restore's clock. */
function dayInRange(day: string, context: RuleContext): string | undefined {
  if (day < FIRST_DAY) return `cannot be before ${FIRST_DAY}.`;
  if (day > context.lastDay) return `cannot be after ${context.lastDay}, a year from today.`;
  return undefined;
}

/** Offsets within PostgreSQL's ±15:59. */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d{1,6})?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/;

/** Whether year, month and day name a day of the calendar (not 2026-02-30). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A point in time as a backup writes it: ISO 8601 with a time zone, at most microseconds (PostgreSQL would round
 * more), never PostgreSQL's 'infinity', 'epoch' or 'now', within the app's range.
 */
const timestamp: Rule = (value, context) => {
  const match = TIMESTAMP.exec(value);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])))
    return "must be a date and time in ISO 8601 with a time zone (2026-11-25T06:00:00.000000Z).";
  return dayInRange(new Date(value).toISOString().slice(0, 10), context);
};

/** A calendar day 'YYYY-MM-DD' through the API's day field, within the app's range. */
function day(field: z.ZodType = calendarDayField, invalid = DATE_ACQUIRED_INVALID): Rule {
  const read = schema(field, { stored: true });
  return (value, context) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return invalid;
    return read(value, context) ?? dayInRange(value, context);
  };
}

/** Free text of at most `max` characters (`min` after trimming), as the database's own check has it. */
function text(max: number, min = 0): Rule {
  return (value) => {
    if ([...value].length > max) return `cannot exceed ${max} characters.`;
    if (min > 0 && value.trim().length < min) return "cannot be empty.";
    return undefined;
  };
}

/** How deep a JSON text nests, read without recursion (a hostile file may nest a million levels). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Text PostgreSQL's jsonb cannot hold (NUL) or a driver would change (a lone surrogate), anywhere in a value. */
function jsonTextProblem(value: unknown): string | undefined {
  if (typeof value === "string") return textProblem(value);
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key) ?? jsonTextProblem(item);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The audit log's before and after: JSON, at most MAX_JSON_DEPTH deep. */
const json: Rule = (value) => {
  if (jsonDepth(value) > MAX_JSON_DEPTH) return `is JSON nested more than ${MAX_JSON_DEPTH} levels deep.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return "is not valid JSON.";
  }
  return jsonTextProblem(parsed);
};

/** Hours with at most `places` decimals (numeric(p, places)). */
function decimalHours(places: number): Rule {
  const pattern = new RegExp(`^-?\\d{1,6}(\\.\\d{1,${places}})?$`);
  return (value) => (pattern.test(value) ? undefined : RESPAWN_NOT_A_NUMBER);
}

/** 1-168 hours, or a fixed weekly schedule's code -1 to -8, which only stored data holds. */
const respawnHours: Rule = (value, context) => {
  const notANumber = decimalHours(2)(value, context);
  if (notANumber !== undefined) return notANumber;
  const hours = Number(value);
  if (hours < 0)
    return Number.isInteger(hours) && hours >= -8
      ? undefined
      : "must be 1 to 168 hours, or a fixed schedule's code from -1 to -8.";
  return respawnHoursField.safeParse(hours).error?.issues[0]?.message;
};

/** A timer lasts its boss's respawn time (at most 168 hours) or a 10-second test. */
const durationHours: Rule = (value) => {
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(value)) return "must be a number of hours with at most 4 decimals.";
  const hours = Number(value);
  return hours > 0 && hours <= 168 ? undefined : "must be more than 0 and at most 168 hours.";
};

const PASSWORD_HASH = /^pbkdf2-sha256\$[1-9]\d{0,9}\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/;
/** The format verifyPassword reads (worker/auth/password-hash.ts): anything else could not sign anyone in. */
const passwordHash: Rule = (value) => {
  const [, , salt = "", hash = ""] = value.split("$");
  return PASSWORD_HASH.test(value) && salt.length % 4 !== 1 && hash.length % 4 !== 1
    ? undefined
    : "is not a password hash this portal makes (pbkdf2-sha256$<iterations>$<salt>$<hash>).";
};

const avatarUrl: Rule = (value) =>
  /^https?:\/\/\S+$/.test(value) && value.length <= 2048
    ? undefined
    : "must be an http(s) address of at most 2048 characters.";

const payoutMemberName = nameField(
  {
    label: "Member name",
    required: "Member name is required.",
    tooLong: "Member name cannot exceed 100 characters.",
  },
  100,
);

const stamps = { created_at: required(timestamp), updated_at: required(timestamp) };

/** A split rule's part (decision 075). */
const BASIS_POINTS = `must be a whole number of hundredths of a percent from 0 to ${WHOLE_BP}.`;

/**
 * Every backed-up column of every backed-up table. A column the database has and this list lacks fails the
 * restore loudly (check-backup.ts), so a new migration's column cannot slip through unchecked.
 */
export const COLUMN_RULES: Readonly<Record<string, Readonly<Record<string, ColumnRule>>>> = {
  guild_settings: {
    id: required(oneOf(["1"], "must be 1: a guild has one row of settings.")),
    // An IANA zone this server knows, written as the API stores it; null: not chosen yet.
    time_zone: nullable(schema(timeZoneField, { stored: true })),
    // The guild's name (decision 078) as the API stores it: trimmed, one line, never empty; null: GUILD_BRAND.
    guild_name: nullable(
      (value) =>
        guildNameProblem(value) ??
        (value.trim() !== value || value === "" ? "is not stored as the portal stores it." : undefined),
    ),
    after_maintenance: required(oneOf(AFTER_MAINTENANCE, AFTER_MAINTENANCE_INVALID)),
    updated_at: required(timestamp),
  },
  split_rules: {
    effective_from: required(day(effectiveFromField, EFFECTIVE_FROM_INVALID)),
    guild_fund_bp: required(integer(0, WHOLE_BP, BASIS_POINTS)),
    admin_fund_bp: required(integer(0, WHOLE_BP, BASIS_POINTS)),
    elite_pool_bp: required(integer(0, WHOLE_BP, BASIS_POINTS)),
    base_pool_bp: required(integer(0, WHOLE_BP, BASIS_POINTS)),
    elite_guild_master: required(boolean("must be true or false.")),
    elite_core: required(boolean("must be true or false.")),
    elite_members: required(boolean("must be true or false.")),
    empty_elite_pool: required(oneOf(["guild-fund", "base-pool"], EMPTY_ELITE_POOL_INVALID)),
    ...stamps,
  },
  guild_members: {
    id: required(id),
    player_name: required(schema(createMemberSchema.shape.playerName, { stored: true })),
    category: required(oneOf(createMemberSchema.shape.category.options, CATEGORY_INVALID)),
    raids_participated: required(integer(0, MAX_INT, RAIDS_INVALID)),
    // Rebuilt after the restore, but read like the API reads it meanwhile.
    salary: required(schema(updateMemberSchema.shape.salary)),
    status: required(oneOf(MEMBER_STATUSES, "Status must be active, kicked or paid_out.")),
    kicked_date: nullable(timestamp),
    final_salary_amount: nullable(schema(kickMemberSchema.shape.finalSalaryAmount)),
    main_member_id: nullable(id),
    player_alias: nullable(schema(createMemberSchema.shape.playerAlias, { stored: true })),
    ...stamps,
  },
  users: {
    id: required(id),
    email: required(schema(createAccountSchema.shape.email, { stored: true })),
    display_name: required(schema(createAccountSchema.shape.displayName, { stored: true })),
    role: required(schema(createAccountSchema.shape.role)),
    avatar_url: nullable(avatarUrl),
    disabled: required(boolean(ACCOUNT_MESSAGES.disabled)),
    member_id: nullable(id),
    // Decision 070: the Discord user an account belongs to, and whether its roles no longer admit it.
    discord_id: nullable((value) => (SNOWFLAKE.test(value) ? undefined : DISCORD_SIGN_IN_MESSAGES.discordId)),
    disabled_by_discord: required(boolean(ACCOUNT_MESSAGES.disabled)),
    ...stamps,
  },
  user_passwords: {
    user_id: required(id),
    password_hash: required(passwordHash),
    ...stamps,
  },
  boss_names: {
    id: required(id),
    name: required(schema(createBossNameSchema.shape.name, { stored: true })),
    respawn_time_hours: required(respawnHours),
    // The boss's own Discord alert (decision 077): what the admins' call accepts, null for the defaults.
    discord_lead_minutes: nullable(
      integer(BOSS_ALERT_LEAD_MIN, BOSS_ALERT_LEAD_MAX, BOSS_ALERT_MESSAGES.leadMinutes),
    ),
    discord_role_id: nullable((value) => (isSnowflake(value) ? undefined : BOSS_ALERT_MESSAGES.roleId)),
    ...stamps,
  },
  boss_timers: {
    id: required(id),
    boss_name: required(text(100, 1)),
    start_time: required(timestamp),
    end_time: required(timestamp),
    duration_hours: required(durationHours),
    is_active: required(boolean("must be true or false.")),
    status: required(oneOf(["active", "expired", "reset"], "must be active, expired or reset.")),
    started_by: nullable(id),
    ...stamps,
  },
  market_exchange: {
    id: required(id),
    loot_name: required(schema(createMarketItemSchema.shape.lootName, { stored: true })),
    boss_name: required(schema(createMarketItemSchema.shape.bossName, { stored: true })),
    value: required(schema(createMarketItemSchema.shape.value)),
    status: required(schema(createMarketItemSchema.shape.status)),
    // The list's own rules need the roster: check-backup.ts.
    participated_members: required(() => undefined),
    total_funds: required(schema(createMarketItemSchema.shape.totalFunds)),
    date_acquired: nullable(day()),
    ...stamps,
  },
  attendance_records: {
    id: required(id),
    boss_name: required((value, context) =>
      [...value.trim()].length > 100
        ? BOSS_NAME_TOO_LONG
        : schema(createAttendanceSchema.shape.bossName, { stored: true })(value, context),
    ),
    date_attended: required(
      (value, context) => timestamp(value, context) ?? dateAttendedProblem(new Date(value), context.now),
    ),
    participated_members: required(() => undefined),
    created_by: nullable(id),
    ...stamps,
  },
  payouts: {
    id: required(id),
    member_id: nullable(id),
    member_name: required(schema(payoutMemberName, { stored: true })),
    amount: required(schema(createPayoutSchema.shape.amount)),
    paid_on: required(day(createPayoutSchema.shape.paidOn, "Paid on must be a date (YYYY-MM-DD).")),
    method: required(schema(createPayoutSchema.shape.method, { stored: true })),
    reference: required(schema(createPayoutSchema.shape.reference, { stored: true })),
    recorded_by: nullable(id),
    ...stamps,
  },
  fund_spending: {
    id: required(id),
    fund: required(schema(createSpendingSchema.shape.fund)),
    amount: required(schema(createSpendingSchema.shape.amount)),
    purpose: required(schema(createSpendingSchema.shape.purpose, { stored: true })),
    spent_on: required(day(createSpendingSchema.shape.spentOn, "Spent on must be a date (YYYY-MM-DD).")),
    recorded_by: nullable(id),
    ...stamps,
  },
  audit_log: {
    id: required(bigId),
    actor_id: nullable(id),
    actor_email: nullable(text(320)),
    action: required(text(100, 1)),
    entity: required(text(100, 1)),
    entity_id: nullable(text(200)),
    subject: nullable(text(200)),
    before: nullable(json),
    after: nullable(json),
    created_at: required(timestamp),
    via: nullable(oneOf(["discord"], "must be discord (an account acting through Discord) or empty.")),
  },
};

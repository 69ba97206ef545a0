/**
 * Market exchange: the request bodies of /_api/market-exchange, the answer shape and the messages, shared by
 * the server and the admin loot forms. Also the money and date fields that the member and import schemas reuse.
 */
import * as z from "zod";
import { formatDate } from "../format/format-date.ts";
import { MARKET_FIELD_RULES } from "../merge/field-merge.ts";
import { decimalTextOf, MoneyParseError, parseMoney } from "../money/money.ts";
import { beyondRangeMessage, MAX_MONEY_CENTS } from "../money/money-range.ts";
import { isControlCode } from "../participants/parse-participants.ts";
import { isParticipantTextCorrupted } from "../participants/participant-corruption.ts";
import { normalizeParticipantInput } from "../participants/participant-text.ts";
import { dayOutOfRange, dayTooLate, lastDay } from "./day-range.ts";
import { BASE_INVALID, baseFitsChanges, baseText, baseUnknownField } from "./merge-base.ts";
import { nameField, participantNamesProblem } from "./name-field.ts";

export const LOOT_STATUSES = ["Pending", "Sold"] as const;
export type LootStatus = (typeof LOOT_STATUSES)[number];

/** The most a money field takes (shared/money/money-range.ts). */
export { MAX_MONEY_CENTS };
export const MAX_LOOT_PARTICIPANTS = 1000;
export const LOOT_NAME_MAX_LENGTH = 200;
export const BOSS_NAME_MAX_LENGTH = 100;

export const LOOT_NAME_REQUIRED = "Loot name is required";
export const BOSS_NAME_REQUIRED = "Boss name is required";
export const PARTICIPANTS_REQUIRED = "Participated members are required";
export const LOOT_NAME_TOO_LONG = `Loot name cannot exceed ${LOOT_NAME_MAX_LENGTH} characters.`;
export const BOSS_NAME_TOO_LONG = `Boss name cannot exceed ${BOSS_NAME_MAX_LENGTH} characters.`;
export const STATUS_INVALID = "Status must be Pending or Sold.";
export const DATE_ACQUIRED_INVALID = "Date acquired must be a date (YYYY-MM-DD).";
export const DATE_ACQUIRED_TOO_EARLY = "Date acquired cannot be before 2000-01-01.";
/** The latest day is a year from the checker's today (day-range.ts). */
export const DATE_ACQUIRED_TOO_LATE = dayTooLate("Date acquired");
export const ID_NOT_INTEGER = "ID must be an integer.";
export const TOO_MANY_LOOT_PARTICIPANTS = `A loot item cannot list more than ${MAX_LOOT_PARTICIPANTS} participants.`;
export const PARTICIPANT_NAME_INVALID =
  "Each participant name must be at most 100 characters and cannot be null, undefined or NaN.";
export const PARTICIPANTS_NOT_TEXT =
  "Participated members must be a list of names or a comma-separated text.";

export const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

export const idField = z.number({ error: ID_NOT_INTEGER }).int({ error: ID_NOT_INTEGER });

export interface MoneyMessages {
  notANumber: string;
  /** Below the minimum (0, or 1 cent when `positive`). */
  tooSmall: string;
  tooManyDecimals: string;
  tooLarge: string;
  positive?: boolean;
}

/** Money messages for a field labelled e.g. 'Value' or 'Total funds'. */
export function moneyMessages(label: string): MoneyMessages {
  return {
    notANumber: `${label} must be a number.`,
    tooSmall: `${label} cannot be negative.`,
    tooManyDecimals: `${label} cannot have more than 2 decimals.`,
    tooLarge: `${label} cannot exceed 999999999999.99.`,
  };
}

/**
 * A money amount sent as decimal text (what the API answers and the forms send) or as a JSON number (a
 * decimal amount, read as the text it spells), read into integer cents by the shared money parser.
 */
export function moneyCentsField(messages: MoneyMessages) {
  return z.union([z.number(), z.string()], { error: messages.notANumber }).transform((input, ctx) => {
    let cents: number;
    try {
      cents = parseMoney(typeof input === "number" ? decimalTextOf(input) : input);
    } catch (err) {
      if (!(err instanceof MoneyParseError)) throw err;
      const message = {
        "not-a-number": messages.notANumber,
        "too-many-decimals": messages.tooManyDecimals,
        "too-large": messages.tooLarge,
      }[err.reason];
      ctx.issues.push({ code: "custom", message, input });
      return z.NEVER;
    }
    if (cents < (messages.positive ? 1 : 0)) {
      ctx.issues.push({ code: "custom", message: messages.tooSmall, input });
      return z.NEVER;
    }
    if (cents > MAX_MONEY_CENTS) {
      ctx.issues.push({ code: "custom", message: messages.tooLarge, input });
      return z.NEVER;
    }
    return cents;
  });
}

/**
 * A calendar day: 'YYYY-MM-DD'; an ISO date-time (the day as written, so '2026-11-15T00:00+02:00' is the
 * 15th); or a Date (its UTC day). Answers 'YYYY-MM-DD'.
 */
export const calendarDayField = z
  .union([z.iso.date(), z.iso.datetime({ offset: true, local: true }), z.date()], {
    error: DATE_ACQUIRED_INVALID,
  })
  .transform((v) => (v instanceof Date ? v.toISOString() : v).slice(0, 10))
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: DATE_ACQUIRED_INVALID });

const participantsField = z
  .union([z.string(), z.array(z.string())], { error: PARTICIPANTS_NOT_TEXT })
  .transform((input, ctx) => {
    // Control characters separate names in a participant text, so they never end up inside a name.
    const problem = participantNamesProblem(typeof input === "string" ? [input] : input, isControlCode);
    if (problem !== undefined) {
      ctx.issues.push({ code: "custom", message: problem, input });
      return z.NEVER;
    }
    const text = normalizeParticipantInput(
      typeof input === "string" ? input.normalize("NFC") : input.map((name) => name.normalize("NFC")),
    );
    const count = (JSON.parse(text) as string[]).length;
    if (count === 0) ctx.issues.push({ code: "custom", message: PARTICIPANTS_REQUIRED, input });
    else if (count > MAX_LOOT_PARTICIPANTS)
      ctx.issues.push({ code: "custom", message: TOO_MANY_LOOT_PARTICIPANTS, input });
    else if (isParticipantTextCorrupted(text))
      ctx.issues.push({ code: "custom", message: PARTICIPANT_NAME_INVALID, input });
    return text;
  });

/** The loot and boss names of an item (the import's rows use them too). */
export const lootNameField = nameField(
  { label: "Loot name", required: LOOT_NAME_REQUIRED, tooLong: LOOT_NAME_TOO_LONG },
  LOOT_NAME_MAX_LENGTH,
);
export const itemBossNameField = nameField(
  { label: "Boss name", required: BOSS_NAME_REQUIRED, tooLong: BOSS_NAME_TOO_LONG },
  BOSS_NAME_MAX_LENGTH,
);

const statusField = z.enum(LOOT_STATUSES, { error: STATUS_INVALID });
const valueField = moneyCentsField(moneyMessages("Value"));
const totalFundsField = moneyCentsField(moneyMessages("Total funds"));
/** A loot item's day, from 2000-01-01 to a year from today (day-range.ts); none is fine. */
const dateAcquiredField = calendarDayField
  .check((ctx) => {
    const now = Date.now();
    const out = dayOutOfRange(ctx.value, now);
    if (out === null) return;
    const message = out === "too-early" ? DATE_ACQUIRED_TOO_EARLY : DATE_ACQUIRED_TOO_LATE(lastDay(now));
    ctx.issues.push({ code: "custom", message, input: ctx.value });
  })
  .nullable();

export const createMarketItemSchema = z.strictObject(
  {
    lootName: lootNameField,
    bossName: itemBossNameField,
    value: valueField,
    status: statusField.default("Pending"),
    participatedMembers: participantsField,
    totalFunds: totalFundsField.default(0),
    dateAcquired: dateAcquiredField.optional().transform((v) => v ?? null),
  },
  { error: unknownField },
);
/** Money fields are integer cents; participatedMembers is the stored text. */
export type CreateMarketItemInput = z.infer<typeof createMarketItemSchema>;

/** The values a merging item update was based on (docs/decisions/038); a stored list may be empty. */
const marketBaseSchema = z.strictObject(
  {
    lootName: baseText.optional(),
    bossName: baseText.optional(),
    value: moneyCentsField(moneyMessages("base.value")).optional(),
    status: baseText.optional(),
    participatedMembers: z
      .union([z.string({ error: BASE_INVALID }), z.array(baseText).max(MAX_LOOT_PARTICIPANTS)], {
        error: BASE_INVALID,
      })
      .optional(),
    totalFunds: moneyCentsField(moneyMessages("base.totalFunds")).optional(),
    // A stored day may predate the range.
    dateAcquired: calendarDayField.nullable().optional(),
  },
  { error: baseUnknownField },
);

/**
 * With `base` the update merges (docs/decisions/038); without, the fields sent are written
 * (docs/product.md#conflicting-edits).
 */
export const updateMarketItemSchema = z
  .strictObject(
    {
      id: idField,
      lootName: lootNameField.optional(),
      bossName: itemBossNameField.optional(),
      value: valueField.optional(),
      status: statusField.optional(),
      participatedMembers: participantsField.optional(),
      totalFunds: totalFundsField.optional(),
      dateAcquired: dateAcquiredField.optional(),
      base: marketBaseSchema.optional(),
    },
    { error: unknownField },
  )
  .check(baseFitsChanges(MARKET_FIELD_RULES));
export type UpdateMarketItemInput = z.infer<typeof updateMarketItemSchema>;

export const deleteMarketItemSchema = z.strictObject({ id: idField }, { error: unknownField });
export type DeleteMarketItemInput = z.infer<typeof deleteMarketItemSchema>;

/** A loot item as the sentences name it, by name and day: "Dragon Scale (Nov 22, 2026)". */
export function lootLabel(lootName: string, dateAcquired: string | null | undefined): string {
  return dateAcquired ? `${lootName} (${formatDate(dateAcquired)})` : lootName;
}

export const LOOT_NOT_FOUND = "This loot item no longer exists.";

/** Answered 404 when the item was deleted meanwhile. */
export const lootGoneMessage = (label: string, by: string | null) =>
  `${label} was deleted${by ? ` by ${by}` : ""}.`;

/**
 * Answered 400 when a write to a Sold item would take a total it feeds beyond the money range (decision 058):
 * `doing` says what ("Selling Dragon Scale"), `total` which total ("Aldric's salary", "the guild fund's
 * income"), `now` what it is (cents).
 */
export const saleBeyondRangeMessage = (doing: string, total: string, now: number) =>
  beyondRangeMessage(doing, total, now);

/** One entry of `marketExchangeItems`; money as numeric strings ('3200.00'). */
export interface MarketExchangeItem {
  id: number;
  lootName: string;
  bossName: string;
  value: string;
  status: string;
  /** The stored text: a JSON array of names (legacy rows may hold a comma-separated list). */
  participatedMembers: string;
  totalFunds: string;
  /** 'YYYY-MM-DD' or null. */
  dateAcquired: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The guild-funds row (GET /_api/guild-funds), derived from the Sold items; numeric strings ('320.00'). */
export interface GuildFunds {
  id: number;
  reservedGuildFunds: string;
  adminFund: string;
  updatedAt: Date;
}

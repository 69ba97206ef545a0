/**
 * Payouts to members (docs/decisions/049): the request bodies of /_api/payouts, the answer shapes and the
 * messages, shared by the server and the admin screens. A member's balance is what they earned (their stored
 * salary) minus what was paid to them; amounts are integer cents in requests and decimal text in answers.
 */
import * as z from "zod";
import { formatMoney } from "../money/money.ts";
import { beyondRangeMessage } from "../money/money-range.ts";
import { dayOutOfRange, dayTooLate, lastDay } from "./day-range.ts";
import { calendarDayField, idField, moneyCentsField, unknownField } from "./market.ts";

export const PAYOUT_METHOD_MAX_LENGTH = 100;
export const PAYOUT_REFERENCE_MAX_LENGTH = 200;

export const PAYOUT_MEMBER_REQUIRED = "Choose the member to pay.";
export const PAYOUT_DATE_REQUIRED = "A payout date is required.";
export const PAYOUT_DATE_INVALID = "Paid on must be a date (YYYY-MM-DD).";
export const PAYOUT_DATE_TOO_EARLY = "Paid on cannot be before 2000-01-01.";
/** The latest day is a year from the checker's today (day-range.ts). */
export const PAYOUT_DATE_TOO_LATE = dayTooLate("Paid on");
export const PAYOUT_METHOD_TOO_LONG = `Method cannot exceed ${PAYOUT_METHOD_MAX_LENGTH} characters.`;
export const PAYOUT_REFERENCE_TOO_LONG = `Reference cannot exceed ${PAYOUT_REFERENCE_MAX_LENGTH} characters.`;
export const PAYOUT_NOT_FOUND = "This payout no longer exists.";

const byWhom = (by: string | null) => (by ? ` by ${by}` : "");

/** Answered 404 when the member to pay was deleted meanwhile (named from the audit log when it has them). */
export const payeeGoneMessage = (name: string | null, by: string | null) =>
  name === null
    ? "This member is no longer on the roster: the payout was not recorded."
    : `${name} was deleted from the roster${byWhom(by)}: the payout was not recorded.`;

/** Answered 404 when the payout to void was voided already. */
export const payoutGoneMessage = (memberName: string, amount: string, by: string | null) =>
  `The payout of ${formatMoney(amount, "usdt")} to ${memberName} was already voided${byWhom(by)}.`;

/** Answered 409 when an amount is above the balance and the request did not confirm it. */
export const overBalanceMessage = (name: string, amount: string, balance: string) =>
  `Paying ${amount} USDT is more than ${name}'s balance of ${balance} USDT. Confirm to pay it anyway.`;

/**
 * Answered 400 when a payout would take what a member was paid in all beyond the money range (decision 058);
 * `paid` is that total now (decimal text, any size).
 */
export const paidTotalBeyondRangeMessage = (name: string, amountCents: number, paid: string) =>
  beyondRangeMessage(`Paying ${formatMoney(amountCents, "usdt")}`, `the total paid to ${name}`, paid);

export interface DayMessages {
  required: string;
  invalid: string;
  tooEarly: string;
  /** Given the latest day accepted; a general sentence when absent. */
  tooLate?: (latest: string) => string;
}

/**
 * A calendar day from 2000-01-01 to a year from today ('YYYY-MM-DD', an ISO date-time or a Date, read as its UTC
 * day; day-range.ts), with messages of its own: missing, not a date, too early, too late.
 */
export function dayField(messages: DayMessages) {
  return z
    .union([z.string(), z.date()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required : messages.invalid,
    })
    .transform((input, ctx) => {
      if (typeof input === "string" && input.trim() === "") {
        ctx.issues.push({ code: "custom", message: messages.required, input });
        return z.NEVER;
      }
      const read = calendarDayField.safeParse(input);
      if (!read.success) {
        ctx.issues.push({ code: "custom", message: messages.invalid, input });
        return z.NEVER;
      }
      const now = Date.now();
      const out = dayOutOfRange(read.data, now);
      if (out !== null) {
        const tooLate = messages.tooLate ?? dayTooLate("The date");
        const message = out === "too-early" ? messages.tooEarly : tooLate(lastDay(now));
        ctx.issues.push({ code: "custom", message, input });
        return z.NEVER;
      }
      return read.data;
    });
}

const paidOnField = dayField({
  required: PAYOUT_DATE_REQUIRED,
  invalid: PAYOUT_DATE_INVALID,
  tooEarly: PAYOUT_DATE_TOO_EARLY,
  tooLate: PAYOUT_DATE_TOO_LATE,
});

const textField = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((v) => v ?? "");

export const createPayoutSchema = z.strictObject(
  {
    memberId: z
      .number({ error: PAYOUT_MEMBER_REQUIRED })
      .int({ error: PAYOUT_MEMBER_REQUIRED })
      .positive({ error: PAYOUT_MEMBER_REQUIRED }),
    /** Integer cents, at least 1. */
    amount: moneyCentsField({
      notANumber: "Amount must be a number.",
      tooSmall: "Amount must be more than 0.",
      tooManyDecimals: "Amount cannot have more than 2 decimals.",
      tooLarge: "Amount cannot exceed 999999999999.99.",
      positive: true,
    }),
    paidOn: paidOnField,
    method: textField(PAYOUT_METHOD_MAX_LENGTH, PAYOUT_METHOD_TOO_LONG),
    reference: textField(PAYOUT_REFERENCE_MAX_LENGTH, PAYOUT_REFERENCE_TOO_LONG),
    /** Pays more than the balance; without it such a payout is answered 409 with overBalanceMessage. */
    confirmOverBalance: z.boolean().optional(),
  },
  { error: unknownField },
);
export type CreatePayoutInput = z.input<typeof createPayoutSchema>;

export const ID_NOT_POSITIVE = "ID must be a positive integer.";
export const payoutIdSchema = z.strictObject(
  { id: idField.positive({ error: ID_NOT_POSITIVE }) },
  { error: unknownField },
);

export const PAYOUT_MEMBER_FILTER_INVALID = "memberId must be a member's id.";

/** GET /_api/payouts?memberId=N: one member's payouts (a deleted member's are listed only without it). */
export const payoutListQuerySchema = z.object({
  memberId: z.coerce
    .number({ error: PAYOUT_MEMBER_FILTER_INVALID })
    .int({ error: PAYOUT_MEMBER_FILTER_INVALID })
    .positive({ error: PAYOUT_MEMBER_FILTER_INVALID })
    .max(2_147_483_647, { error: PAYOUT_MEMBER_FILTER_INVALID })
    .optional(),
});

/** The columns of GET /_api/payouts/export.csv, in order. */
export const PAYOUT_CSV_COLUMNS = ["Date", "Member", "Amount", "Method", "Reference", "Recorded by"] as const;

/** One payout, as the API answers it and the local store keeps it. */
export interface Payout {
  id: number;
  /** Null once the member was deleted; memberName still says who was paid. */
  memberId: number | null;
  memberName: string;
  /** Decimal text, '125.50'. */
  amount: string;
  /** 'YYYY-MM-DD'. */
  paidOn: string;
  method: string;
  reference: string;
  recordedBy: number | null;
  /** The recording account's display name, or null when it is gone. */
  recordedByName: string | null;
  createdAt: Date;
}

/** A member's money: earned is their stored salary; balance = earned − paid (may be negative after an overpay). */
export interface MemberBalance {
  memberId: number;
  earned: string;
  paid: string;
  balance: string;
}

/** The body of a 409 over-balance answer, beside `error` (overBalanceMessage). */
export interface OverBalanceDetails {
  balance: MemberBalance;
}

/** POST /_api/payouts answers 201 with the payout and the member's balance after it. */
export interface CreatePayoutAnswer {
  payout: Payout;
  balance: MemberBalance;
}

/**
 * Spending from the guild's funds (docs/decisions/050): the request bodies of /_api/fund-spending, the ledger's
 * answer and the messages. Income stays derived from the Sold items; spending is entered. Amounts are integer
 * cents in requests and decimal text in answers.
 */
import * as z from "zod";
import { formatMoney } from "../money/money.ts";
import { beyondRangeMessage } from "../money/money-range.ts";
import { dayTooLate } from "./day-range.ts";
import { idField, moneyCentsField, unknownField } from "./market.ts";
import { dayField, ID_NOT_POSITIVE } from "./payouts.ts";

export const FUNDS = ["guild", "admin"] as const;
export type FundName = (typeof FUNDS)[number];
export const FUND_LABELS: Readonly<Record<FundName, string>> = {
  guild: "Guild Fund",
  admin: "Admin Fund",
};

export const PURPOSE_MAX_LENGTH = 200;
export const FUND_INVALID = "Fund must be guild or admin.";
export const PURPOSE_REQUIRED = "Purpose is required.";
export const PURPOSE_TOO_LONG = `Purpose cannot exceed ${PURPOSE_MAX_LENGTH} characters.`;
export const SPENT_ON_REQUIRED = "A spending date is required.";
export const SPENT_ON_INVALID = "Spent on must be a date (YYYY-MM-DD).";
export const SPENT_ON_TOO_EARLY = "Spent on cannot be before 2000-01-01.";
/** The latest day is a year from the checker's today (day-range.ts). */
export const SPENT_ON_TOO_LATE = dayTooLate("Spent on");
export const SPENDING_NOT_FOUND = "This spending no longer exists.";

/** Answered 404 when the spending to remove was removed already. */
export const spendingGoneMessage = (purpose: string, amount: string, by: string | null) =>
  `The spending of ${formatMoney(amount, "usdt")} for ${purpose} was already removed${by ? ` by ${by}` : ""}.`;

/** Answered 409 when spending more than the fund holds and the request did not confirm it. */
export const overFundMessage = (fund: FundName, amount: string, balance: string) =>
  `Spending ${amount} USDT is more than the ${FUND_LABELS[fund].toLowerCase()}'s balance of ${balance} USDT. Confirm to spend it anyway.`;

/**
 * Answered 400 when a spending would take what a fund spent in all beyond the money range (decision 058);
 * `spent` is that total now (decimal text, any size).
 */
export const spentTotalBeyondRangeMessage = (fund: FundName, amountCents: number, spent: string) =>
  beyondRangeMessage(
    `Spending ${formatMoney(amountCents, "usdt")}`,
    `what the ${FUND_LABELS[fund].toLowerCase()} has spent`,
    spent,
  );

export const createSpendingSchema = z.strictObject(
  {
    fund: z.enum(FUNDS, { error: FUND_INVALID }),
    amount: moneyCentsField({
      notANumber: "Amount must be a number.",
      tooSmall: "Amount must be more than 0.",
      tooManyDecimals: "Amount cannot have more than 2 decimals.",
      tooLarge: "Amount cannot exceed 999999999999.99.",
      positive: true,
    }),
    purpose: z
      .string({ error: PURPOSE_REQUIRED })
      .trim()
      .min(1, { error: PURPOSE_REQUIRED })
      .max(PURPOSE_MAX_LENGTH, { error: PURPOSE_TOO_LONG }),
    spentOn: dayField({
      required: SPENT_ON_REQUIRED,
      invalid: SPENT_ON_INVALID,
      tooEarly: SPENT_ON_TOO_EARLY,
      tooLate: SPENT_ON_TOO_LATE,
    }),
    confirmOverBalance: z.boolean().optional(),
  },
  { error: unknownField },
);
export type CreateSpendingInput = z.input<typeof createSpendingSchema>;

export const spendingIdSchema = z.strictObject(
  { id: idField.positive({ error: ID_NOT_POSITIVE }) },
  { error: unknownField },
);

/** Lines per page of a fund's ledger. */
export const LEDGER_PAGE_SIZE = 100;
export const LEDGER_PAGE_INVALID = "page must be a whole number from 1.";

/** GET /_api/funds/ledger?fund=guild|admin&page=N (page 1, the newest lines, by default). */
export const fundLedgerQuerySchema = z.object({
  fund: z.enum(FUNDS, { error: FUND_INVALID }),
  page: z.coerce
    .number({ error: LEDGER_PAGE_INVALID })
    .int({ error: LEDGER_PAGE_INVALID })
    .min(1, { error: LEDGER_PAGE_INVALID })
    .max(1_000_000, { error: LEDGER_PAGE_INVALID })
    .default(1),
});

/** A fund's figures: income (its parts of the Sold items), spent, and balance = income − spent (decimal text). */
export interface FundBalance {
  fund: FundName;
  income: string;
  spent: string;
  balance: string;
}

/** The body of a 409 over-fund answer, beside `error` (overFundMessage). */
export interface OverFundDetails {
  balance: FundBalance;
}

/** POST /_api/fund-spending answers 201 with the spending and the fund's figures after it. */
export interface CreateSpendingAnswer {
  spending: FundSpending;
  balance: FundBalance;
}

/** One spending row, as the API answers it and the local store keeps it. */
export interface FundSpending {
  id: number;
  fund: FundName;
  /** Decimal text. */
  amount: string;
  purpose: string;
  /** 'YYYY-MM-DD'. */
  spentOn: string;
  recordedBy: number | null;
  recordedByName: string | null;
  createdAt: Date;
}

/** One line of a fund's ledger: a Sold item's part (income) or a spending, with the balance after it. */
export interface LedgerLine {
  kind: "income" | "spending";
  /** 'YYYY-MM-DD' (an item without a date acquired: the day it was recorded). */
  date: string;
  /** The item's loot name and boss, or the spending's purpose. */
  description: string;
  /** The market item's id (income) or the spending's id. */
  sourceId: number;
  /** Signed decimal text: '+12.50' income, '-30.00' spending. */
  amount: string;
  /** Decimal text; may be negative. */
  balance: string;
}

/** GET /_api/funds/ledger?fund=guild&page=N: newest first, paged; balance is the fund's now. */
export interface FundLedger {
  fund: FundName;
  income: string;
  spent: string;
  balance: string;
  lines: LedgerLine[];
  page: number;
  pageCount: number;
}

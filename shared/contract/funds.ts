/**
 * The guild's funds, their spending and ledgers (decisions 010, 050). Officers read them, admins record spending
 * (decision 067).
 */
import {
  type CreateSpendingAnswer,
  createSpendingSchema,
  type FundBalance,
  type FundLedger,
  type FundSpending,
  fundLedgerQuerySchema,
  spendingIdSchema,
} from "../schemas/fund-spending.ts";
import type { GuildFunds } from "../schemas/market.ts";
import { answer, call } from "./call.ts";

export const FUND_CALLS = {
  guildFunds: call({
    method: "GET",
    path: "/guild-funds",
    role: "officer",
    summary: "The guild fund and the admin fund, derived from the Sold items.",
    answer: answer<{ guildFunds: GuildFunds | null }>(),
  }),
  ledger: call({
    method: "GET",
    path: "/funds/ledger",
    role: "officer",
    summary:
      "One fund's income and spending, newest first, a page at a time, with the balance after each line.",
    query: fundLedgerQuerySchema,
    answer: answer<FundLedger>(),
  }),
  spending: call({
    method: "GET",
    path: "/fund-spending",
    role: "officer",
    summary: "Every spending, and both funds' figures.",
    answer: answer<{ spending: FundSpending[]; balances: FundBalance[] }>(),
  }),
  createSpending: call({
    method: "POST",
    path: "/fund-spending",
    role: "admin",
    summary: "Records a spending (201); more than the fund holds needs `confirmOverBalance` (else 409).",
    body: createSpendingSchema,
    answer: answer<CreateSpendingAnswer>(),
  }),
  deleteSpending: call({
    method: "POST",
    path: "/fund-spending/delete",
    role: "admin",
    summary: "Removes a spending entered by mistake.",
    body: spendingIdSchema,
    answer: answer<{ success: true; id: number; balance: FundBalance }>(),
  }),
};

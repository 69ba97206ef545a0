/** Payouts to members (decision 049). Officers read them, admins record and delete them (decision 067). */
import {
  type CreatePayoutAnswer,
  createPayoutSchema,
  type MemberBalance,
  type Payout,
  payoutIdSchema,
  payoutListQuerySchema,
} from "../schemas/payouts.ts";
import { answer, call, fileAnswer } from "./call.ts";

export const PAYOUT_CALLS = {
  list: call({
    method: "GET",
    path: "/payouts",
    role: "officer",
    summary: "Every payout, or one member's.",
    query: payoutListQuerySchema,
    answer: answer<{ payouts: Payout[] }>(),
  }),
  balances: call({
    method: "GET",
    path: "/payouts/balances",
    role: "officer",
    summary: "Every member's earned, paid and balance.",
    answer: answer<{ balances: MemberBalance[] }>(),
  }),
  exportCsv: call({
    method: "GET",
    path: "/payouts/export.csv",
    role: "officer",
    summary: "Every payout as a CSV file (formulae escaped).",
    answer: fileAnswer("text/csv"),
  }),
  create: call({
    method: "POST",
    path: "/payouts",
    role: "admin",
    summary: "Records a payout (201); more than the balance needs `confirmOverBalance` (else 409).",
    body: createPayoutSchema,
    answer: answer<CreatePayoutAnswer>(),
  }),
  remove: call({
    method: "POST",
    path: "/payouts/delete",
    role: "admin",
    summary: "Voids a payout recorded by mistake.",
    body: payoutIdSchema,
    answer: answer<{ success: true; id: number; balance: MemberBalance | null }>(),
  }),
};

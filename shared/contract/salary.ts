/** The salary receipt, read from the stored distributions (decisions 005, 024). Public. */
import type { ReceiptMember, SalaryReceipt } from "../salary/calculate-salaries.ts";
import { receiptMemberQuerySchema } from "../schemas/salary-receipt.ts";
import { answer, call } from "./call.ts";

export const SALARY_CALLS = {
  receipt: call({
    method: "GET",
    path: "/public/salary-calculation",
    role: "public",
    summary: "The whole receipt: every participant with their items, and the totals (a cached read).",
    answer: answer<SalaryReceipt>(),
  }),
  summary: call({
    method: "GET",
    path: "/public/salary-calculation/summary",
    role: "public",
    summary: "Every participant's totals without their item lists (a cached read).",
    answer: answer<SalaryReceipt>(),
  }),
  member: call({
    method: "GET",
    path: "/public/salary-calculation/member",
    role: "public",
    summary: "One participant's receipt with their items, by name; 404 when they have none.",
    query: receiptMemberQuerySchema,
    answer: answer<{ member: ReceiptMember }>(),
  }),
};

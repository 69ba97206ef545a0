/**
 * The parts of the salary receipt that the device does not keep. The synced `salaryReceipt` is the summary
 * (every member's totals, no item lists), so that a phone never downloads every item of every member; one
 * member's items, and the whole receipt for the detailed report, are asked of the server when someone needs
 * them. Both need a connection.
 */
import { callPath } from "@shared/contract/call.ts";
import { SALARY_CALLS } from "@shared/contract/salary.ts";
import type { ReceiptItem, SalaryReceipt } from "@shared/salary/calculate-salaries.ts";
import { type ApiClient, unexpectedAnswer } from "../lib/api-client.ts";

/** The whole receipt, every member with every item (docs/product.md#salary-receipt). */
export const FULL_RECEIPT_PATH = SALARY_CALLS.receipt.path;
export const receiptMemberPath = (memberName: string): string =>
  callPath(SALARY_CALLS.member, { name: memberName });

/** A member's items that have not come after this long count as failed, as a pull does. */
export const MEMBER_ITEMS_TIMEOUT_MS = 30_000;

type Reader = Pick<ApiClient, "get">;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const listsItems = (member: unknown): boolean => isRecord(member) && Array.isArray(member.participatedItems);

/** The items a member took part in, by name (the server matches it case-insensitively). */
export async function fetchReceiptMemberItems(
  api: Reader,
  memberName: string,
): Promise<readonly ReceiptItem[]> {
  const path = receiptMemberPath(memberName);
  const answer = await api.get<unknown>(path, AbortSignal.timeout(MEMBER_ITEMS_TIMEOUT_MS));
  const member = isRecord(answer) ? answer.member : undefined;
  if (!listsItems(member)) throw new Error(unexpectedAnswer(path));
  return (member as { participatedItems: readonly ReceiptItem[] }).participatedItems;
}

/**
 * The whole receipt with every member's items. No time limit of our own: with a long history it is megabytes,
 * which a phone on a slow connection may take minutes to download.
 */
export async function fetchFullReceipt(api: Reader): Promise<SalaryReceipt> {
  const answer = await api.get<unknown>(FULL_RECEIPT_PATH);
  const complete =
    isRecord(answer) &&
    isRecord(answer.summaryTotals) &&
    Array.isArray(answer.calculationDetails) &&
    answer.calculationDetails.every(listsItems);
  if (!complete) throw new Error(unexpectedAnswer(FULL_RECEIPT_PATH));
  return answer as unknown as SalaryReceipt;
}

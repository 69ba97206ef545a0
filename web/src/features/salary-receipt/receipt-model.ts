/**
 * The salary receipt as the API sends it (shared/salary/calculate-salaries.ts) and the few figures the
 * screen and the exports derive from it.
 */
import { readMoney } from "@shared/money/money.ts";
import type { ReceiptMember, SalaryReceipt } from "@shared/salary/calculate-salaries.ts";

export type {
  ReceiptItem,
  ReceiptMember,
  SalaryReceipt,
} from "@shared/salary/calculate-salaries.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The receipt in a stored answer, or null when the answer is empty or not a receipt. */
export function readReceipt(value: unknown): SalaryReceipt | null {
  if (!isObject(value) || typeof value.error === "string") return null;
  if (!Array.isArray(value.calculationDetails) || !isObject(value.summaryTotals)) return null;
  return value as unknown as SalaryReceipt;
}

/** The error an answer carries, if any ('An Error Occurred' shows it). */
export function answerError(value: unknown): string | null {
  return isObject(value) && typeof value.error === "string" && value.error !== "" ? value.error : null;
}

export function processedItemsCount(receipt: SalaryReceipt): number {
  return typeof receipt.processedItems === "number"
    ? receipt.processedItems
    : receipt.summaryTotals.totalProcessedItems;
}

export function membersUpdatedCount(receipt: SalaryReceipt): number {
  return Array.isArray(receipt.membersWithSalaries) ? receipt.membersWithSalaries.length : 0;
}

/** A member's row key: names are unique on the receipt, case-insensitively. */
export const memberKey = (member: ReceiptMember): string => member.memberName.toLowerCase();

/** Item elite shares are listed only when above zero. */
export const hasEliteShare = (amount: string): boolean => (readMoney(amount) ?? 0) > 0;

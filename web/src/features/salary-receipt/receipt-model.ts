/**
 * The salary receipt as the API sends it (shared/salary/calculate-salaries.ts) and the few figures the
 * screen and the exports derive from it.
 */
import { readMoney } from "@shared/money/money.ts";
import type { ReceiptItem, ReceiptMember, SalaryReceipt } from "@shared/salary/calculate-salaries.ts";

export type {
  ReceiptItem,
  ReceiptMember,
  SalaryReceipt,
} from "@shared/salary/calculate-salaries.ts";

/** The title when the calculation could not be fetched, on the page and the report's (docs/product.md#salary-receipt). */
export const LOAD_FAILED = "Failed to Load Calculation Data";

/**
 * Where the items come from when the receipt is the summary, whose members list none (the public page): one
 * member's items when their row opens, and the whole receipt for the detailed report. Without it (the repair
 * tool's receipt) every member's items are on the receipt.
 */
export interface ReceiptDetails {
  loadMemberItems(memberName: string): Promise<readonly ReceiptItem[]>;
  loadFullReceipt(): Promise<SalaryReceipt>;
  /** False while the browser is offline: neither can be fetched. */
  online: boolean;
}

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

/**
 * What identifies a receipt's figures, item lists left out: items fetched for one summary are asked for again
 * once it changes.
 */
export const summaryKey = (receipt: SalaryReceipt): string =>
  JSON.stringify(receipt, (key, value: unknown) => (key === "participatedItems" ? undefined : value));

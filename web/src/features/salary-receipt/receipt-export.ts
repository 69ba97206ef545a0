/**
 * The receipt's two downloads: the CSV (one row per member) and the detailed text report (guild header,
 * every member with their items, summary totals). Loaded only when a person exports, as it brings the
 * CSV writer along.
 */

import Papa from "papaparse";
import { formatCount, GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import {
  hasEliteShare,
  membersUpdatedCount,
  processedItemsCount,
  type SalaryReceipt,
} from "./receipt-model.ts";

export const CSV_COLUMNS = [
  "Member Name",
  "Category",
  "Total Raids",
  "Items Participated",
  "General Share (USDT)",
  "Elite Share (USDT)",
  "Final Salary (USDT)",
] as const;

export const csvFileName = (stamp: string): string => `salary-calculation-receipt-${stamp}.csv`;
export const reportFileName = (stamp: string): string => `detailed-salary-calculation-${stamp}.txt`;

export function receiptCsv(receipt: SalaryReceipt): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: receipt.calculationDetails.map((member) => [
        member.memberName,
        member.category,
        member.totalRaids,
        member.participatedItemsCount,
        formatMoney(member.totalFromGeneralShare, "plain"),
        formatMoney(member.totalFromEliteShare, "plain"),
        formatMoney(member.finalCalculatedSalary, "plain"),
      ]),
    },
    // A name such as '=SUM(...)' must stay text when the file is opened in a spreadsheet.
    { escapeFormulae: true, newline: "\r\n" },
  );
}

const RULE = "=".repeat(60);
const THIN_RULE = "-".repeat(60);
const usdt = (amount: string) => formatMoney(amount, "usdt");

export interface ReportHeader {
  brand: string;
  /** When the figures were calculated, as the screen shows it. */
  calculatedAt: string;
  /** How the items were split, one line per range of days (decision 075); none leaves the section out. */
  splitRules?: readonly string[];
}

export function receiptReport(receipt: SalaryReceipt, header: ReportHeader): string {
  const { summaryTotals: totals } = receipt;
  const lines: string[] = [
    RULE,
    header.brand,
    "Detailed Salary Calculation Report",
    RULE,
    `Calculated: ${header.calculatedAt}`,
    `Processed Items: ${formatCount(processedItemsCount(receipt))}`,
    `Members Updated: ${formatCount(membersUpdatedCount(receipt))}`,
    ...(header.splitRules?.length
      ? ["", "Split rules:", ...header.splitRules.map((line) => `  ${line}`)]
      : []),
    "",
    THIN_RULE,
    "MEMBER DETAILS",
    THIN_RULE,
  ];
  if (receipt.calculationDetails.length === 0) lines.push("", "No members received a share.");
  for (const member of receipt.calculationDetails) {
    lines.push(
      "",
      `${member.memberName} (${member.category})`,
      `  Total Raids: ${member.totalRaids}`,
      `  Items Participated: ${member.participatedItemsCount}`,
      `  General Share: ${usdt(member.totalFromGeneralShare)}`,
      `  Elite Share: ${usdt(member.totalFromEliteShare)}`,
      `  Final Salary: ${usdt(member.finalCalculatedSalary)}`,
      "  Items:",
    );
    for (const item of member.participatedItems) {
      const elite = hasEliteShare(item.eliteShareEarned)
        ? `, elite share ${usdt(item.eliteShareEarned)}`
        : "";
      lines.push(
        `    - ${item.lootName} (item #${item.itemId}): value ${usdt(item.itemValue)}, general share ${usdt(item.generalShareEarned)}${elite}`,
      );
    }
  }
  lines.push(
    "",
    THIN_RULE,
    "SUMMARY",
    THIN_RULE,
    `Total Items Processed: ${totals.totalProcessedItems}`,
    `General Share Distributed: ${usdt(totals.totalGeneralShareDistributed)}`,
    `Elite Share Distributed: ${usdt(totals.totalEliteShareDistributed)}`,
    `Total Salaries Distributed: ${usdt(totals.totalSalariesDistributed)}`,
    `${GLOSSARY.adminFund}: ${usdt(totals.totalAdminFund)}`,
    `${GLOSSARY.guildFund}: ${usdt(totals.totalGuildFund)}`,
    RULE,
    "",
  );
  return lines.join("\n");
}

/**
 * The salary calculation receipt: header with its figures and the two exports, one row per member that
 * expands to the member's items, summary totals and an audit note. Used by the public page and by the
 * admin repair tool, so everything it shows comes in through props.
 */
import { ChevronRight, FileDown, FileText } from "lucide-react";
import { Fragment, useState } from "react";
import { dateStamp, formatDate, formatTime } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { CategoryBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import {
  rowClass,
  stickyCell,
  stickyEdge,
  stickyHeadCell,
  Table,
  TableCard,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import {
  hasEliteShare,
  memberKey,
  membersUpdatedCount,
  processedItemsCount,
  type ReceiptMember,
  type SalaryReceipt,
} from "./receipt-model.ts";

const money = (amount: string) => formatMoney(amount, "usd-symbol");
const COLUMNS = 8;

async function exportCsv(receipt: SalaryReceipt) {
  const { csvFileName, downloadText, receiptCsv } = await import("./receipt-export.ts");
  downloadText(csvFileName(dateStamp(Date.now())), receiptCsv(receipt), "text/csv;charset=utf-8");
}

async function exportReport(receipt: SalaryReceipt, brand: string, calculatedAt: string) {
  const { downloadText, receiptReport, reportFileName } = await import("./receipt-export.ts");
  downloadText(
    reportFileName(dateStamp(Date.now())),
    receiptReport(receipt, { brand, calculatedAt }),
    "text/plain;charset=utf-8",
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-lg font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function MemberItems({ member }: { member: ReceiptMember }) {
  return (
    <ul className="space-y-2 py-1">
      {member.participatedItems.map((item) => (
        <li
          key={item.itemId}
          className="flex flex-col gap-1 rounded-lg bg-surface-raised/60 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
        >
          <span className="font-medium text-ink">{item.lootName}</span>
          <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-ink-muted">
            <span>
              Item value <span className="tabular-nums text-ink">{money(item.itemValue)}</span>
            </span>
            <span>
              General share <span className="tabular-nums text-ink">{money(item.generalShareEarned)}</span>
            </span>
            {hasEliteShare(item.eliteShareEarned) ? (
              <span>
                Elite share <span className="tabular-nums text-gold">{money(item.eliteShareEarned)}</span>
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function MemberRow({ member }: { member: ReceiptMember }) {
  const [open, setOpen] = useState(false);
  const detailsId = `receipt-items-${memberKey(member).replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Fragment>
      <tr className={rowClass}>
        <Td className={`left-0 w-12 py-0! pr-0! pl-1! sm:pl-2! ${stickyCell}`}>
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`${open ? "Hide" : "Show"} items of ${member.memberName}`}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronRight
              className={`size-4 transition-transform ${open ? "rotate-90 text-gold" : ""}`}
              aria-hidden="true"
            />
          </Button>
        </Td>
        <Td className={`left-12 font-medium sm:left-13 ${stickyCell} ${stickyEdge}`}>{member.memberName}</Td>
        <Td>
          <CategoryBadge category={member.category} />
        </Td>
        <Td className="text-right tabular-nums">{member.totalRaids}</Td>
        <Td className="text-right tabular-nums">{member.participatedItemsCount}</Td>
        <Td className="whitespace-nowrap text-right tabular-nums">{money(member.totalFromGeneralShare)}</Td>
        <Td className="whitespace-nowrap text-right tabular-nums">{money(member.totalFromEliteShare)}</Td>
        <Td className="whitespace-nowrap text-right font-semibold tabular-nums">
          {money(member.finalCalculatedSalary)}
        </Td>
      </tr>
      {open ? (
        <tr id={detailsId} className="bg-canvas/40">
          <Td colSpan={COLUMNS} className="px-3! sm:pl-16!">
            {/* Stays in view when the table scrolls sideways on a narrow screen. */}
            <div className="sticky left-3 w-[min(100%,calc(100vw-3.5rem))]">
              <MemberItems member={member} />
            </div>
          </Td>
        </tr>
      ) : null}
    </Fragment>
  );
}

export interface SalaryReceiptViewProps {
  receipt: SalaryReceipt;
  /** The guild's name for the text report's header. */
  brand: string;
  /** When the figures were calculated (ms since epoch). */
  calculatedAt: number;
}

export function SalaryReceiptView({ receipt, brand, calculatedAt }: SalaryReceiptViewProps) {
  const calculatedText = `${formatDate(calculatedAt)} at ${formatTime(calculatedAt)}`;
  const totals = receipt.summaryTotals;
  return (
    <div className="space-y-6">
      <Card className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:gap-8">
          <div className="col-span-2 sm:col-span-1">
            <Figure label="Date" value={formatDate(calculatedAt)} testId="receipt-date" />
          </div>
          <Figure label="Processed Items" value={processedItemsCount(receipt)} testId="processed-items" />
          <Figure label="Members Updated" value={membersUpdatedCount(receipt)} testId="members-updated" />
        </dl>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button
            variant="secondary"
            className="whitespace-nowrap px-3!"
            onClick={() => void exportCsv(receipt)}
          >
            <FileDown className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
          <Button
            variant="primary"
            className="whitespace-nowrap px-3!"
            onClick={() => void exportReport(receipt, brand, calculatedText)}
          >
            <FileText className="size-4" aria-hidden="true" />
            Export Report
          </Button>
        </div>
      </Card>

      <TableCard label="Salary breakdown">
        <Table className="min-w-[50rem]">
          <thead>
            <tr>
              <Th className={`left-0 w-12 px-1! sm:px-2! ${stickyHeadCell}`}>
                <span className="sr-only">Expand</span>
              </Th>
              <Th className={`left-12 sm:left-13 ${stickyHeadCell} ${stickyEdge}`}>Member</Th>
              <Th>Category</Th>
              <Th className="text-right">Raids</Th>
              <Th className="text-right">Items</Th>
              <Th className="text-right">General Share</Th>
              <Th className="text-right">Elite Share</Th>
              <Th className="text-right">Final Salary</Th>
            </tr>
          </thead>
          <tbody>
            {receipt.calculationDetails.length === 0 ? (
              <tr>
                <Td colSpan={COLUMNS} className="py-10 text-center text-ink-muted">
                  No sold items have been shared out yet.
                </Td>
              </tr>
            ) : (
              receipt.calculationDetails.map((member) => (
                <MemberRow key={memberKey(member)} member={member} />
              ))
            )}
          </tbody>
        </Table>
      </TableCard>

      <Card>
        <h2 className="mb-4 text-base font-semibold text-ink">Summary Totals</h2>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Figure label="Total Items Processed" value={totals.totalProcessedItems} />
          <Figure label="General Share Distributed" value={money(totals.totalGeneralShareDistributed)} />
          <Figure label="Elite Share Distributed" value={money(totals.totalEliteShareDistributed)} />
          <Figure
            label="Total Salaries Distributed"
            value={money(totals.totalSalariesDistributed)}
            testId="total-salaries"
          />
          <Figure label="Admin Fund" value={money(totals.totalAdminFund)} />
          <Figure label="Guild Fund" value={money(totals.totalGuildFund)} />
        </dl>
      </Card>

      <p className="text-center text-xs text-ink-muted">
        This receipt is an audit-ready breakdown of every salary calculated from the sold items: each share
        can be traced to the item it came from.
      </p>
    </div>
  );
}

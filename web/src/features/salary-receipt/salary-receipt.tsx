/**
 * The salary calculation receipt: header with its figures and the two exports, one row per member that
 * expands to the member's items, summary totals and an audit note. Used by the public page, whose receipt is
 * the summary (the items are fetched through `details`), and by the admin repair tool, whose receipt lists
 * every item; everything it shows comes in through props.
 */

import { FileDown, FileText, Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { dateStamp, formatDate, formatDateTime } from "@shared/format/format-date.ts";
import { formatCount, GLOSSARY } from "@shared/glossary/glossary.ts";
import { splitRuleBookOf } from "@shared/salary/split-rules.ts";
import { ruleRangeLines } from "@shared/salary/split-rules-text.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import { stickyEdge, stickyHeadCell, Table, TableCard, Td, Th } from "@web/components/data-table.tsx";
import { notStoredText, YOU_ARE_OFFLINE } from "@web/components/online-only-notice.tsx";
import { useSplitRules } from "@web/data/hooks.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { saveFile } from "@web/lib/save-file.ts";
import { toast } from "@web/lib/toast.tsx";
import { createMemberItemsCache } from "./member-items-cache.ts";
import { COLUMNS, type FetchedItems, HEADERS, MemberRow, money } from "./member-row.tsx";
import {
  LOAD_FAILED,
  memberKey,
  membersUpdatedCount,
  processedItemsCount,
  type ReceiptDetails,
  type SalaryReceipt,
  summaryKey,
} from "./receipt-model.ts";

const calculatedText = (at: number) => formatDateTime(at);

async function exportCsv(receipt: SalaryReceipt) {
  const { csvFileName, receiptCsv } = await import("./receipt-export.ts");
  saveFile(
    csvFileName(dateStamp(Date.now())),
    new Blob([receiptCsv(receipt)], { type: "text/csv;charset=utf-8" }),
  );
}

async function exportReport(
  receipt: SalaryReceipt,
  brand: string,
  calculatedAt: number,
  splitRules: string[],
) {
  const { receiptReport, reportFileName } = await import("./receipt-export.ts");
  const report = receiptReport(receipt, { brand, calculatedAt: calculatedText(calculatedAt), splitRules });
  saveFile(reportFileName(dateStamp(Date.now())), new Blob([report], { type: "text/plain;charset=utf-8" }));
}

/**
 * The detailed report lists every item, so a summary's report is made from the whole receipt, fetched for it
 * (calculated when it arrives). Resolves once the download is handed over or the failure is shown.
 */
async function exportFullReport(details: ReceiptDetails, brand: string, splitRules: string[]): Promise<void> {
  if (!details.online) {
    toast.error(YOU_ARE_OFFLINE, { description: notStoredText("Item lists", "export the detailed report") });
    return;
  }
  try {
    await exportReport(await details.loadFullReceipt(), brand, Date.now(), splitRules);
  } catch (error) {
    toast.error(LOAD_FAILED, { description: errorMessage(error) });
  }
}

/** One term and its value: a direct child of the list's <dl>, as a definition list allows (decision 090). */
function Figure({
  label,
  value,
  testId,
  className = "",
}: {
  label: string;
  value: string | number;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-lg font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ReceiptHeader({ receipt, brand, calculatedAt, details }: SalaryReceiptViewProps) {
  const [exporting, setExporting] = useState(false);
  const splitRules = useSplitRuleLines();
  async function onExportReport() {
    if (!details) return exportReport(receipt, brand, calculatedAt, splitRules);
    setExporting(true);
    await exportFullReport(details, brand, splitRules);
    setExporting(false);
  }
  const ReportIcon = exporting ? Loader2 : FileText;
  return (
    <Card className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:gap-8">
        <Figure
          label="Date"
          value={formatDate(calculatedAt)}
          testId="receipt-date"
          className="col-span-2 sm:col-span-1"
        />
        <Figure
          label="Processed Items"
          value={formatCount(processedItemsCount(receipt))}
          testId="processed-items"
        />
        <Figure
          label="Members Updated"
          value={formatCount(membersUpdatedCount(receipt))}
          testId="members-updated"
        />
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
          disabled={exporting}
          aria-busy={exporting}
          onClick={() => void onExportReport()}
        >
          <ReportIcon className={`size-4 ${exporting ? "animate-spin" : ""}`} aria-hidden="true" />
          Export Report
        </Button>
      </div>
    </Card>
  );
}

function SummaryTotals({ receipt }: { receipt: SalaryReceipt }) {
  const totals = receipt.summaryTotals;
  return (
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
        <Figure label={GLOSSARY.adminFund} value={money(totals.totalAdminFund)} />
        <Figure label={GLOSSARY.guildFund} value={money(totals.totalGuildFund)} />
      </dl>
    </Card>
  );
}

/** How the items were split, one line per range of days (decision 075). */
function useSplitRuleLines(): string[] {
  const rules = useSplitRules();
  return useMemo(
    () => ruleRangeLines(splitRuleBookOf(rules), new Date().toISOString().slice(0, 10)),
    [rules],
  );
}

/** With `details`: the rows' items, fetched while the page is open and kept per member for this summary. */
function useFetchedItems(receipt: SalaryReceipt, details?: ReceiptDetails): FetchedItems | undefined {
  const load = details?.loadMemberItems;
  const cache = useMemo(() => (load ? createMemberItemsCache(load) : undefined), [load]);
  const summary = useMemo(() => (cache ? summaryKey(receipt) : ""), [cache, receipt]);
  return cache && details ? { cache, summary, online: details.online } : undefined;
}

export interface SalaryReceiptViewProps {
  receipt: SalaryReceipt;
  /** The guild's name for the text report's header. */
  brand: string;
  /** When the figures were calculated (ms since epoch). */
  calculatedAt: number;
  /** For a summary (its members list no items): where the items come from. */
  details?: ReceiptDetails;
}

export function SalaryReceiptView(props: SalaryReceiptViewProps) {
  const { receipt } = props;
  const fetched = useFetchedItems(receipt, props.details);
  const splitRules = useSplitRuleLines();
  return (
    <div className="space-y-6">
      <ReceiptHeader {...props} />

      <TableCard label="Salary breakdown">
        <Table className="sm:min-w-[50rem]">
          <thead>
            <tr>
              <Th className={`left-0 w-12 px-1! sm:px-2! ${stickyHeadCell}`}>
                <span className="sr-only">Expand</span>
              </Th>
              <Th className={`left-12 sm:left-13 ${stickyHeadCell} ${stickyEdge}`}>{HEADERS.member}</Th>
              <Th>{HEADERS.category}</Th>
              <Th className="text-right">{HEADERS.raids}</Th>
              <Th className="text-right">{HEADERS.items}</Th>
              <Th className="text-right">{HEADERS.generalShare}</Th>
              <Th className="text-right">{HEADERS.eliteShare}</Th>
              <Th className="text-right">{HEADERS.finalSalary}</Th>
            </tr>
          </thead>
          <tbody>
            {receipt.calculationDetails.length === 0 ? (
              <tr>
                <Td colSpan={COLUMNS} className="py-10 text-center text-ink-muted" card="wide">
                  No sold items have been shared out yet.
                </Td>
              </tr>
            ) : (
              receipt.calculationDetails.map((member) => (
                <MemberRow key={memberKey(member)} member={member} fetched={fetched} />
              ))
            )}
          </tbody>
        </Table>
      </TableCard>

      <SummaryTotals receipt={receipt} />

      <section aria-label="Split rules" className="rounded-2xl border border-line bg-surface p-4 text-sm">
        <h2 className="mb-2 font-semibold text-ink">How the items were split</h2>
        <ul className="space-y-1 text-ink-muted">
          {splitRules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <p className="text-center text-xs text-ink-muted">
        This receipt is an audit-ready breakdown of every salary calculated from the sold items: each share
        can be traced to the item it came from.
      </p>
    </div>
  );
}

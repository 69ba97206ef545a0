/**
 * One fund on the admin funds page (decision 050): its income, spending and balance, and one ledger of both,
 * newest first with the balance after each line, a page at a time from the server. Spending queued on this
 * device heads the first page, marked Not synced. Offline the ledger's income lines cannot be built (they come
 * from the Sold items on the server): the spending saved on this device is listed instead, and says so.
 */

import { ChevronLeft, ChevronRight, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { FUND_CALLS } from "@shared/contract/funds.ts";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { FundFigures } from "@shared/payouts/fund-figures.ts";
import type { FundName, FundSpending, LedgerLine } from "@shared/schemas/fund-spending.ts";
import { UnsyncedBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import { Card, CardTitle } from "@web/components/card.tsx";
import {
  FirstTd,
  FirstTh,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { ConfirmDialog } from "@web/components/dialog.tsx";
import { RowActions } from "@web/components/row-actions.tsx";
import { commands } from "@web/data/lazy-data-layer.ts";
import { isLocalId } from "@web/data/mutations.ts";
import { runWrite } from "@web/lib/run-write.ts";
import { useMayCall } from "@web/lib/signed-in.ts";
import { FUND_NAMES } from "./spending-dialog.tsx";
import type { LedgerState } from "./use-fund-ledger.ts";

export const LEDGER_NEEDS_CONNECTION =
  "The full ledger, with the income from each sold item, needs a connection. Spending saved on this device:";

interface Line {
  key: string;
  date: string;
  description: string;
  /** Signed cents or decimal text. */
  amount: string;
  kind: LedgerLine["kind"];
  /** Decimal text; null where it is not known (a spending not yet synced, or offline). */
  balance: string | null;
  spendingId: number | null;
}

const signed = (amount: string) => (amount.startsWith("-") || amount.startsWith("+") ? amount : `-${amount}`);

function fromSpending(row: FundSpending): Line {
  return {
    key: `s${row.id}`,
    date: row.spentOn,
    description: row.purpose,
    amount: signed(row.amount),
    kind: "spending",
    balance: null,
    spendingId: row.id,
  };
}

function fromLedger(line: LedgerLine): Line {
  return {
    key: `${line.kind}${line.sourceId}`,
    date: line.date,
    description: line.description,
    amount: line.amount,
    kind: line.kind,
    balance: line.balance,
    spendingId: line.kind === "spending" ? line.sourceId : null,
  };
}

function Figure({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 rounded-xl border border-line/60 bg-surface-raised/40 px-3 py-2 sm:block sm:py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-ink sm:mt-1" data-testid={testId}>
        {formatMoney(cents, "usdt")}
      </dd>
    </div>
  );
}

export function FundLedgerCard({
  fund,
  figures,
  ledger,
  localSpending,
  page,
  onPage,
  onRecord,
}: {
  fund: FundName;
  figures: FundFigures;
  ledger: LedgerState;
  /** The fund's spending in the local store (synced and queued). */
  localSpending: readonly FundSpending[];
  page: number;
  onPage: (page: number) => void;
  onRecord: (fund: FundName) => void;
}) {
  const [removing, setRemoving] = useState<Line | null>(null);
  // Officers read the books; recording and removing spending is the admins' (decision 067).
  const mayRecord = useMayCall(FUND_CALLS.createSpending);
  const mayRemove = useMayCall(FUND_CALLS.deleteSpending);
  const queued = localSpending.filter((row) => isLocalId(row.id));
  const newest = (a: FundSpending, b: FundSpending) =>
    a.spentOn === b.spentOn ? b.id - a.id : a.spentOn < b.spentOn ? 1 : -1;
  let state: TableState<Line>;
  if (ledger.status === "offline")
    state = { status: "ready", rows: [...localSpending].sort(newest).map(fromSpending) };
  else if (ledger.status === "loading") state = { status: "loading" };
  else if (ledger.status === "error") state = { status: "error", message: ledger.message };
  else {
    const lines = ledger.ledger.lines.map(fromLedger);
    state = { status: "ready", rows: page === 1 ? [...queued.map(fromSpending), ...lines] : lines };
  }
  const pageCount = ledger.status === "ready" ? ledger.ledger.pageCount : 1;
  const name = FUND_NAMES[fund];

  return (
    <Card className="space-y-4" data-fund={fund}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{name}</CardTitle>
        {mayRecord && (
          <Button variant="secondary" onClick={() => onRecord(fund)}>
            <Plus className="size-4" aria-hidden="true" />
            Record spending
          </Button>
        )}
      </div>
      <dl className="grid gap-2 sm:grid-cols-3">
        <Figure label="Income" cents={figures.income} testId={`${fund}-income`} />
        <Figure label="Spent" cents={figures.spent} testId={`${fund}-spent`} />
        <Figure label="Balance" cents={figures.balance} testId={`${fund}-balance`} />
      </dl>
      {ledger.status === "offline" ? (
        <p className="text-sm text-ink-muted">{LEDGER_NEEDS_CONNECTION}</p>
      ) : null}
      <StateTable
        state={state}
        label={`${name} ledger`}
        className="min-w-[40rem]"
        columns={5}
        head={
          <>
            <FirstTh>Description</FirstTh>
            <Th>Date</Th>
            <Th className="text-right">Amount</Th>
            <Th className="text-right">Balance</Th>
            <Th className="text-right">Actions</Th>
          </>
        }
        body={(rows) =>
          rows.map((line) => (
            <tr key={line.key} className={rowClass} data-kind={line.kind}>
              <FirstTd>
                {line.description}
                {line.spendingId !== null && isLocalId(line.spendingId) ? <UnsyncedBadge /> : null}
              </FirstTd>
              <Td label="Date" className="whitespace-nowrap tabular-nums">
                {formatDate(line.date)}
              </Td>
              <Td
                label="Amount"
                className={`whitespace-nowrap text-right font-semibold tabular-nums ${line.kind === "income" ? "text-emerald-400" : "text-red-300"}`}
              >
                {line.kind === "income" ? "+" : "−"}
                {formatMoney(line.amount.replace(/^[+-]/, ""), "usdt")}
              </Td>
              <Td label="Balance" className="whitespace-nowrap text-right tabular-nums">
                {line.balance === null ? "—" : formatMoney(line.balance, "usdt")}
              </Td>
              <Td className="whitespace-nowrap text-right" card="actions">
                {line.spendingId === null || !mayRemove ? null : (
                  <RowActions
                    disabled={isLocalId(line.spendingId)}
                    actions={[
                      {
                        icon: Trash2,
                        label: `Remove spending ${line.description} on ${formatDate(line.date)}`,
                        className: "hover:text-danger",
                        onClick: () => setRemoving(line),
                      },
                    ]}
                  />
                )}
              </Td>
            </tr>
          ))
        }
        error={(message) => `Error loading the ledger: ${message}`}
        empty={
          ledger.status === "offline"
            ? "No spending saved on this device."
            : "Nothing came in or went out yet."
        }
      />
      {pageCount > 1 ? (
        <nav aria-label={`${name} ledger pages`} className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Newer
          </Button>
          <span className="text-sm text-ink-muted">
            Page {page} of {pageCount}
          </span>
          <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Older
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
      <ConfirmDialog
        dismissible
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove Spending"
        description={
          removing
            ? `Remove "${removing.description}" (${formatMoney(removing.amount.replace(/^[+-]/, ""), "usdt")}, ${formatDate(removing.date)}) from the ${name}? Its balance goes back up by that amount.`
            : ""
        }
        confirmLabel="Remove Spending"
        onConfirm={() => {
          const id = removing?.spendingId;
          if (id === undefined || id === null) return;
          void runWrite(
            () => commands.deleteSpending(id),
            "Spending removed.",
            "Failed to remove the spending.",
          );
        }}
      />
    </Card>
  );
}

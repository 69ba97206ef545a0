/**
 * A payout history (decision 049): the guild's on /admin/payouts, or one member's in their History dialog.
 * Newest first; each payout with its Void button (a confirmation first). A payout still queued on this device
 * is marked Not synced and cannot be voided until the server has it. Below 640 px each payout is a card headed
 * by its member (or its date, in one member's history) with the amount beside it.
 */

import { Ban } from "lucide-react";
import { useState } from "react";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import { UnsyncedBadge } from "@web/components/badge.tsx";
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
import { newestFirst } from "./payouts-csv.ts";

export const voidLabel = (payout: Pick<Payout, "memberName" | "paidOn">) =>
  `Void payout to ${payout.memberName} on ${formatDate(payout.paidOn)}`;

const HEADERS = {
  date: "Date",
  member: "Member",
  amount: "Amount",
  method: "Method",
  reference: "Reference",
  recordedBy: "Recorded by",
} as const;

function recordedBy(payout: Payout): string {
  if (isLocalId(payout.id)) return "You (not synced yet)";
  return payout.recordedByName ?? "—";
}

export function PayoutsTable({
  state,
  showMember = true,
  label = "Payouts",
}: {
  state: TableState<Payout>;
  /** False in one member's history: every row is theirs. */
  showMember?: boolean;
  label?: string;
}) {
  const [voiding, setVoiding] = useState<Payout | null>(null);
  const sorted: TableState<Payout> =
    state.status === "ready" ? { status: "ready", rows: newestFirst(state.rows) } : state;
  // Officers see the payouts; voiding one is the admins' (decision 067).
  const mayVoid = useMayCall(PAYOUT_CALLS.remove);
  const pending = (payout: Payout) => (isLocalId(payout.id) ? <UnsyncedBadge /> : null);
  const head = (
    <>
      {showMember ? <FirstTh>{HEADERS.member}</FirstTh> : <FirstTh>{HEADERS.date}</FirstTh>}
      {showMember ? <Th>{HEADERS.date}</Th> : null}
      <Th className="text-right">{HEADERS.amount}</Th>
      <Th>{HEADERS.method}</Th>
      <Th>{HEADERS.reference}</Th>
      <Th>{HEADERS.recordedBy}</Th>
      <Th className="text-right">Actions</Th>
    </>
  );
  return (
    <>
      <StateTable
        state={sorted}
        label={label}
        className={showMember ? "min-w-[52rem]" : "min-w-[44rem]"}
        columns={showMember ? 7 : 6}
        head={head}
        body={(rows) =>
          rows.map((payout) => (
            <tr key={payout.id} className={rowClass} data-payout={payout.id}>
              {showMember ? (
                <FirstTd className="whitespace-nowrap">
                  {payout.memberName}
                  {pending(payout)}
                </FirstTd>
              ) : (
                <FirstTd className="whitespace-nowrap tabular-nums">
                  {formatDate(payout.paidOn)}
                  {pending(payout)}
                </FirstTd>
              )}
              {showMember ? (
                <Td label={HEADERS.date} className="whitespace-nowrap tabular-nums">
                  {formatDate(payout.paidOn)}
                </Td>
              ) : null}
              <Td label={HEADERS.amount} className="whitespace-nowrap text-right font-semibold tabular-nums">
                {formatMoney(payout.amount, "usdt")}
              </Td>
              <Td label={HEADERS.method}>{payout.method || "—"}</Td>
              <Td
                label={HEADERS.reference}
                className="max-w-48 truncate"
                title={payout.reference || undefined}
              >
                {payout.reference || "—"}
              </Td>
              <Td label={HEADERS.recordedBy}>{recordedBy(payout)}</Td>
              <Td className="whitespace-nowrap text-right" card="actions">
                <RowActions
                  disabled={isLocalId(payout.id)}
                  actions={[
                    mayVoid && {
                      icon: Ban,
                      label: voidLabel(payout),
                      title: "Void this payout",
                      className: "hover:text-danger",
                      onClick: () => setVoiding(payout),
                    },
                  ].filter((action) => action !== false)}
                />
              </Td>
            </tr>
          ))
        }
        error={(message) => `Error loading payouts: ${message}`}
        empty="No payouts recorded yet."
      />
      <ConfirmDialog
        dismissible
        open={voiding !== null}
        onOpenChange={(open) => {
          if (!open) setVoiding(null);
        }}
        title="Void Payout"
        description={
          voiding ? (
            <>
              Void the payout of {formatMoney(voiding.amount, "usdt")} to{" "}
              <strong className="text-ink">{voiding.memberName}</strong> on {voiding.paidOn}? It leaves the
              history and their balance goes back up by that amount.
            </>
          ) : (
            ""
          )
        }
        confirmLabel="Void Payout"
        onConfirm={() => {
          const payout = voiding;
          if (!payout) return;
          void runWrite(
            () => commands.deletePayout(payout.id),
            "Payout voided.",
            "Failed to void the payout.",
          );
        }}
      />
    </>
  );
}

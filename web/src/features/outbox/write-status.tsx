/**
 * How queued writes show on the member and attendance screens: a line while changes wait to reach the server, and each
 * attendance write the server refused, with its message, Retry and Discard (decision 011).
 */
import { AlertCircle, CloudUpload } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@web/components/button.tsx";
import { useOutbox } from "@web/data/hooks.ts";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { OutboxRow } from "@web/data/portal-db.ts";
import { changesWaiting } from "@web/lib/sync-words.ts";
import { WriteConflictPrompt } from "./write-conflict-prompt.tsx";

export function PendingChanges() {
  const { pendingCount, paused } = useOutbox();
  if (pendingCount === 0) return null;
  return (
    <p
      role="status"
      data-testid="pending-changes"
      className="mb-4 flex items-center gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-gold"
    >
      <CloudUpload className="size-4 shrink-0" aria-hidden="true" />
      {changesWaiting(pendingCount)}
      {paused ? " (log in again to send them)" : ""}
    </p>
  );
}

/** The refused writes among `names`, each described by `describe`. */
export function FailedWrites({
  names,
  describe,
  extraAction,
}: {
  names: readonly string[];
  describe: (row: OutboxRow) => string;
  /** A further button for some refusals (a payout above the balance: "Pay anyway"); null for none. */
  extraAction?: (row: OutboxRow) => ReactNode;
}) {
  const { failed } = useOutbox();
  const rows = failed.filter((row) => names.includes(row.name));
  if (rows.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-2">
      {rows.map((row) =>
        row.conflict ? (
          <WriteConflictPrompt key={row.id} row={row} conflict={row.conflict} />
        ) : (
          <li
            key={row.id}
            role="alert"
            data-testid="failed-write"
            className="flex flex-col gap-2 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm sm:flex-row sm:items-center"
          >
            <p className="flex min-w-0 flex-1 items-start gap-2 text-red-200">
              <AlertCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {describe(row)} failed: {row.lastError ?? "Unknown error"}
              </span>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              {extraAction?.(row)}
              <Button variant="secondary" onClick={() => void dataLayerActions.retry(row.id)}>
                Retry
              </Button>
              <Button variant="ghost" onClick={() => void dataLayerActions.discard(row.id)}>
                Discard
              </Button>
            </div>
          </li>
        ),
      )}
    </ul>
  );
}

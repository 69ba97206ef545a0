/**
 * A queued edit the server refused because someone else changed the same field while this device was offline
 * (decision 038): "Stormhollow's category was changed to Core by B while you were offline", what this device
 * wanted, and the choice: Keep theirs (the edit goes on without that field) or Use yours (sent again over it).
 */
import { GitMerge } from "lucide-react";
import { conflictSentence, shownValue, type WriteConflict } from "@shared/merge/write-conflict.ts";
import { Button } from "@web/components/button.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { OutboxRow } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { describeWrite } from "./describe-write.ts";

async function choose(label: string, action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    toast.error(`Failed to ${label.toLowerCase()}.`, { description: errorMessage(error) });
  }
}

/** The outbox panel's line when every refused change is a conflict. */
export const CONFLICTS_TEXT =
  "Someone else changed the same thing while you were offline. Keep theirs, or use yours over it.";

export function WriteConflictPrompt({ row, conflict }: { row: OutboxRow; conflict: WriteConflict }) {
  return (
    <li
      role="alert"
      data-testid="write-conflict"
      className="list-none space-y-2 rounded-lg border border-gold/50 bg-gold/10 p-3 text-sm"
    >
      <p className="font-semibold text-ink">{describeWrite(row.name, { name: conflict.subject })}</p>
      {conflict.fields.map((field) => (
        <p key={field.field} className="flex items-start gap-2 text-ink">
          <GitMerge className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {conflictSentence(conflict, field)}{" "}
            <span className="text-ink-muted">Yours: {shownValue(conflict, field, "yours")}.</span>
          </span>
        </p>
      ))}
      <div className="flex gap-2 sm:justify-end">
        <Button
          variant="secondary"
          className="flex-1 sm:min-w-36 sm:flex-none"
          onClick={() => void choose("Keep theirs", () => dataLayerActions.resolveConflict(row.id, "theirs"))}
        >
          Keep theirs
        </Button>
        <Button
          className="flex-1 sm:min-w-36 sm:flex-none"
          onClick={() => void choose("Use yours", () => dataLayerActions.resolveConflict(row.id, "yours"))}
        >
          Use yours
        </Button>
      </div>
    </li>
  );
}

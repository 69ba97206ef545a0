/**
 * On the login page: an account's queued writes the server refused for good (its access was removed, decision 073),
 * with the reason and 'Discard'. Loaded only when there are some.
 */
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { ACCESS_REMOVED } from "@shared/auth/access-removed.ts";
import { Button } from "@web/components/button.tsx";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";
import type { WriteOwner } from "@web/data/portal-db.ts";

/** The reason, when the notice above already says what happened (decision 073). */
export const ACCOUNT_ACCESS_REMOVED = "the account's access to the guild portal was removed.";

export const changesNotSaved = (count: number) =>
  `${count} ${count === 1 ? "change was" : "changes were"} not saved`;

function DiscardFailed({ ids }: { ids: readonly string[] }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          for (const id of ids) await dataLayerActions.discard(id);
        } finally {
          setBusy(false);
        }
      }}
    >
      Discard
    </Button>
  );
}

export function WritesNotSaved({
  owner,
  ids,
  message,
}: {
  owner: WriteOwner;
  ids: readonly string[];
  message: string | null;
}) {
  return (
    <div
      role="alert"
      data-testid="writes-not-saved"
      className="flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger/5 text-red-200 px-3 py-2 text-sm"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <strong>{changesNotSaved(ids.length)}</strong> for {owner.displayName} ({owner.email})
          {message === ACCESS_REMOVED ? `: ${ACCOUNT_ACCESS_REMOVED}` : `. ${message ?? ""}`}
        </span>
      </p>
      <div className="flex justify-end">
        <DiscardFailed ids={ids} />
      </div>
    </div>
  );
}

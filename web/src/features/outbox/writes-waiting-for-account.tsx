/**
 * On the login page: queued writes that belong to an account that is not signed in (decision 039). They are
 * sent only under that account's session, so the page says whose they are. Those the server refused for good (the
 * account's access was removed, decision 073) say why, and can be discarded.
 */
import { CloudUpload, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { ACCESS_REMOVED } from "@shared/auth/access-removed.ts";
import { Button } from "@web/components/button.tsx";
import { useWritesWaitingForOthers } from "@web/data/hooks.ts";
import { dataLayerActions } from "@web/data/lazy-data-layer.ts";

export const changesWaiting = (count: number) =>
  `${count} ${count === 1 ? "change" : "changes"} waiting to sync`;

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

export function WritesWaitingForAccount() {
  const waiting = useWritesWaitingForOthers();
  if (waiting.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-2" data-testid="writes-waiting">
      {waiting.map(({ owner, count, failed }) => (
        <li key={owner.id} className="flex flex-col gap-2">
          {count > 0 && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-gold"
            >
              <CloudUpload className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <strong>{changesWaiting(count)}</strong> for {owner.displayName} ({owner.email}). Sign in as{" "}
                {owner.displayName} to send {count === 1 ? "it" : "them"}.
              </span>
            </p>
          )}
          {failed.ids.length > 0 && (
            <div
              role="alert"
              data-testid="writes-not-saved"
              className="flex flex-col gap-2 rounded-lg border border-danger/40 bg-danger/5 text-red-200 px-3 py-2 text-sm"
            >
              <p className="flex items-start gap-2">
                <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
                <span className="min-w-0 break-words">
                  <strong>{changesNotSaved(failed.ids.length)}</strong> for {owner.displayName} ({owner.email}
                  )
                  {failed.message === ACCESS_REMOVED
                    ? `: ${ACCOUNT_ACCESS_REMOVED}`
                    : `. ${failed.message ?? ""}`}
                </span>
              </p>
              <div className="flex justify-end">
                <DiscardFailed ids={failed.ids} />
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

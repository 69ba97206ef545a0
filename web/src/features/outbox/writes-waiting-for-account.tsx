/**
 * On the login page: queued writes that belong to an account that is not signed in (decision 039). They are
 * sent only under that account's session, so the page says whose they are. Those the server refused for good (the
 * account's access was removed, decision 073) say why, and can be discarded.
 */
import { CloudUpload } from "lucide-react";
import { lazy, Suspense } from "react";
import { useWritesWaitingForOthers } from "@web/data/hooks.ts";
import { changesWaiting } from "@web/lib/sync-words.ts";

// Shown only after the server refused an account's writes for good (decision 073): fetched then, not with the page.
const WritesNotSaved = lazy(() =>
  import("./writes-not-saved.tsx").then((m) => ({ default: m.WritesNotSaved })),
);

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
            <Suspense fallback={null}>
              <WritesNotSaved owner={owner} ids={failed.ids} message={failed.message} />
            </Suspense>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * On the login page: queued writes that belong to an account that is not signed in (decision 039). They are
 * sent only under that account's session, so the page says whose they are.
 */
import { CloudUpload } from "lucide-react";
import { useWritesWaitingForOthers } from "@web/data/hooks.ts";

export const changesWaiting = (count: number) =>
  `${count} ${count === 1 ? "change" : "changes"} waiting to sync`;

export function WritesWaitingForAccount() {
  const waiting = useWritesWaitingForOthers();
  if (waiting.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-col gap-2" data-testid="writes-waiting">
      {waiting.map(({ owner, count }) => (
        <li
          key={owner.id}
          role="status"
          className="flex items-start gap-2 rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm text-gold"
        >
          <CloudUpload className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <strong>{changesWaiting(count)}</strong> for {owner.displayName} ({owner.email}). Sign in as{" "}
            {owner.displayName} to send {count === 1 ? "it" : "them"}.
          </span>
        </li>
      ))}
    </ul>
  );
}

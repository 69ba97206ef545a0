/**
 * The claims waiting for an officer (decision 071), read from the server (online only). The sidebar's count, the
 * dashboard's badge and the approvals screen each read them; a decision on the screen tells the others to read
 * again (`claimsChanged`), so the count never says more than is waiting.
 */
import { useSyncExternalStore } from "react";
import { CLAIM_CALLS } from "@shared/contract/claims.ts";
import { api } from "@web/lib/api-client.ts";
import { useMayCall } from "@web/lib/signed-in.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

let version = 0;
const listeners = new Set<() => void>();

/** Every reader of the claims waiting asks again. */
export function claimsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `askAgainOn`: another reason to read again (the sidebar passes the page's path, so each page shows it fresh). */
export function usePendingClaims(online: boolean, askAgainOn = "") {
  const mayRead = useMayCall(CLAIM_CALLS.pending);
  const seen = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return useServerRead(
    ["pending-claims", seen, askAgainOn],
    (signal) => api.call(CLAIM_CALLS.pending, { signal }),
    online && mayRead,
  );
}

/** How many claims wait, null until known (or offline, or for an account that may not read them). */
export function usePendingClaimCount(online: boolean, askAgainOn = ""): number | null {
  const read = usePendingClaims(online, askAgainOn);
  return read.data ? read.data.claims.length : null;
}

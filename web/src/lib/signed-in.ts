/**
 * What only signed-in screens use of the session: who is signed in behind the access guard, which calls they may
 * make, and logging out. Apart from session-store.ts, which every public page loads (decision 072).
 */
import type { CallSpec } from "@shared/contract/call.ts";
import { mayCall } from "@shared/contract/roles.ts";
import {
  type SessionUser,
  sendPendingLogout,
  setLogoutPending,
  setSession,
  useSession,
  useSessionStore,
} from "./session-store.ts";

/**
 * Whether the account signed in may make a call (its declaration's role, decision 067): a screen offers only the
 * actions the server would take from this account.
 */
export function useMayCall(call: Pick<CallSpec, "role">): boolean {
  return useSessionStore((state) => mayCall(state.session.user?.role, call.role));
}

/** The logged-in user, for components that only render behind the AccessGuard. */
export function useAuthenticatedUser(): SessionUser {
  const session = useSession();
  if (session.status !== "authenticated")
    throw new Error("useAuthenticatedUser used outside the AccessGuard");
  return session.user;
}

/**
 * Ends the session on the server; a failure is only logged (docs/product.md#access-guard), the client forgets it
 * anyway. A logout that did not reach the server is sent before the next session check, so coming back online
 * does not sign the account in again and send its queued writes (decision 039).
 */
export async function logout(): Promise<void> {
  setLogoutPending(true);
  if (!(await sendPendingLogout())) console.error("Logout failed; it is sent when the server can be reached");
  setSession({ status: "unauthenticated", user: null, message: null });
}

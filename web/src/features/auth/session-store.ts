/**
 * Who is logged in. Small on purpose: the status, the user and why a check failed. Checks are shared
 * (one request in flight), stale after 5 minutes and repeated on window focus (SPEC sections 4 and 9).
 */
import { create } from "zustand";
import { ApiError, api } from "../../lib/api-client.ts";

export type Role = "admin" | "user";

export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
  role: Role;
  avatarUrl: string | null;
}

export type SessionState =
  | { status: "loading"; user: null; message: null }
  | { status: "authenticated"; user: SessionUser; message: null }
  | { status: "unauthenticated"; user: null; message: string | null };

export const SESSION_STALE_MS = 5 * 60 * 1000;
export const SESSION_CHECK_FAILED = "Session check failed";

interface SessionStore {
  session: SessionState;
  checkedAt: number;
}

export const useSessionStore = create<SessionStore>(() => ({
  session: { status: "loading", user: null, message: null },
  checkedAt: 0,
}));

let inFlight: Promise<void> | null = null;

async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api.get<{ user: SessionUser }>("/auth/session");
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Asks the server who we are; retries once before calling the check failed. */
export function checkSession(): Promise<void> {
  inFlight ??= (async () => {
    try {
      let user: SessionUser | null;
      try {
        user = await fetchSession();
      } catch {
        user = await fetchSession();
      }
      setSession(
        user
          ? { status: "authenticated", user, message: null }
          : { status: "unauthenticated", user: null, message: null },
      );
    } catch (error) {
      // Offline, a logged-in admin keeps working (DECISIONS, "Offline"); the next focus tries again.
      const offline = error instanceof ApiError && error.status === 0;
      if (offline && useSessionStore.getState().session.status === "authenticated") return;
      setSession({ status: "unauthenticated", user: null, message: SESSION_CHECK_FAILED });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export function checkSessionIfStale(now = Date.now()): Promise<void> | undefined {
  const { checkedAt } = useSessionStore.getState();
  if (now - checkedAt < SESSION_STALE_MS) return undefined;
  return checkSession();
}

export function setSession(session: SessionState): void {
  useSessionStore.setState({ session, checkedAt: Date.now() });
}

/** Ends the session on the server; a failure is only logged (SPEC section 8), the client forgets it anyway. */
export async function logout(): Promise<void> {
  try {
    await api.request("/auth/logout", { method: "POST", body: {}, plainJson: true });
  } catch (error) {
    console.error("Logout failed", error);
  }
  setSession({ status: "unauthenticated", user: null, message: null });
}

export function useSession(): SessionState {
  return useSessionStore((state) => state.session);
}

/** Starts the first check and rechecks a stale session whenever the window regains focus. */
export function startSessionWatch(): () => void {
  void checkSession();
  const onFocus = () => void checkSessionIfStale();
  window.addEventListener("focus", onFocus);
  return () => window.removeEventListener("focus", onFocus);
}

/** The logged-in user, for components that only render behind the AccessGuard. */
export function useAuthenticatedUser(): SessionUser {
  const session = useSession();
  if (session.status !== "authenticated")
    throw new Error("useAuthenticatedUser used outside the AccessGuard");
  return session.user;
}

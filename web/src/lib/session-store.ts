/**
 * Who is logged in. Small on purpose: the status, the user and why a check failed. Checks are shared
 * (one request in flight), stale after 5 minutes and repeated on window focus (docs/product.md#access-guard).
 * The last confirmed user is remembered on the device, so a reload without network keeps a logged-in
 * account working from its cache (docs/product.md#offline-and-sync); the server still checks every queued write.
 * Every page loads this module: what only signed-in screens use (logout, useMayCall) is in signed-in.ts
 * (decision 072).
 */
import { create } from "zustand";
import { RESTORED_AT } from "@shared/auth/restore-signed-out.ts";
import { SESSION_CALLS } from "@shared/contract/auth.ts";
import { isAccountRole } from "@shared/contract/roles.ts";
import type { SessionUser } from "@shared/schemas/login.ts";
import { ApiError, api } from "./api-client.ts";

export type Role = SessionUser["role"];

/** The account signed in, as /_api/auth answers it. */
export type { SessionUser };

export type SessionState =
  | { status: "loading"; user: null; message: null }
  | { status: "authenticated"; user: SessionUser; message: null }
  | {
      status: "unauthenticated";
      user: null;
      message: string | null;
      /** The server said the cookie's account lost its access (decision 073); its texts load with the login page. */
      accessRemoved?: true;
      /** The account this device was signed in as then, when known: its queued writes are sent to be refused. */
      removedAccount?: Pick<SessionUser, "id" | "email" | "displayName">;
      /** A restore ended this device's session at this time (ISO; decision 089): the login page says so. */
      restoredAt?: string;
    };

export const SESSION_STALE_MS = 5 * 60 * 1000;
export const SESSION_CHECK_FAILED = "Session check failed";
export const REMEMBERED_USER_KEY = "guild-portal:session-user";
/** Set when a logout could not reach the server: the session cookie still works until the logout is sent. */
export const PENDING_LOGOUT_KEY = "guild-portal:logout-pending";

/** A remembered user as stored, or null when the value is missing or not a user. */
export function parseRememberedUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    if (
      value &&
      typeof value.id === "number" &&
      typeof value.email === "string" &&
      typeof value.displayName === "string" &&
      isAccountRole(value.role)
    ) {
      return {
        id: value.id,
        email: value.email,
        displayName: value.displayName,
        role: value.role,
        avatarUrl: typeof value.avatarUrl === "string" ? value.avatarUrl : null,
      };
    }
  } catch {
    // junk in storage: nobody is remembered
  }
  return null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The account whose access the server said was removed, kept until someone signs in (decision 073). */
const REMOVED_ACCOUNT_KEY = "guild-portal:access-removed";

function rememberedUser(key = REMEMBERED_USER_KEY): SessionUser | null {
  try {
    return parseRememberedUser(storage()?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

function remember(user: SessionUser | null, key = REMEMBERED_USER_KEY): void {
  try {
    if (user) storage()?.setItem(key, JSON.stringify(user));
    else storage()?.removeItem(key);
  } catch {
    // private mode or full storage: an offline reload will then ask for a login
  }
}

interface SessionStore {
  session: SessionState;
  checkedAt: number;
}

export const useSessionStore = create<SessionStore>(() => ({
  session: { status: "loading", user: null, message: null },
  checkedAt: 0,
}));

let inFlight: Promise<void> | null = null;

// Kept in memory too, for browsers without storage.
let pendingInPage = false;

function logoutPending(): boolean {
  try {
    return pendingInPage || storage()?.getItem(PENDING_LOGOUT_KEY) === "1";
  } catch {
    return pendingInPage;
  }
}

/** Marks a logout as owed to the server (signed-in.ts sets it; the next session check sends it). */
export function setLogoutPending(pending: boolean): void {
  pendingInPage = pending;
  try {
    if (pending) storage()?.setItem(PENDING_LOGOUT_KEY, "1");
    else storage()?.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // no storage: the logout is retried only while this page lives
  }
}

/** Sends a logout that could not be sent before; true once the server has ended that session. */
export async function sendPendingLogout(): Promise<boolean> {
  try {
    await api.call(SESSION_CALLS.logout);
  } catch (error) {
    // 401: the session had ended anyway
    if (!(error instanceof ApiError && error.status === 401)) return false;
  }
  setLogoutPending(false);
  return true;
}

/** Who the server says is signed in: nobody, nobody since a restore (decision 089), or an account that lost access. */
type SessionAnswer = SessionUser | null | { restoredAt: string } | "removed";

async function fetchSession(): Promise<SessionAnswer> {
  try {
    const { user } = await api.call(SESSION_CALLS.session);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const restoredAt = error.details?.[RESTORED_AT];
      return typeof restoredAt === "string" ? { restoredAt } : null;
    }
    // The only 403 this call answers (ACCESS_REMOVED_NOTICE, not imported: it would weigh on every page).
    if (error instanceof ApiError && error.status === 403) return "removed";
    throw error;
  }
}

/** Asks the server who we are; retries once before calling the check failed. */
export function checkSession(): Promise<void> {
  inFlight ??= (async () => {
    try {
      // Someone logged out while the server was out of reach: the cookie must not sign them in again.
      if (logoutPending() && !(await sendPendingLogout())) {
        setSession({ status: "unauthenticated", user: null, message: null });
        return;
      }
      let user: SessionAnswer;
      try {
        user = await fetchSession();
      } catch {
        user = await fetchSession();
      }
      if (user === "removed") {
        setAccessRemoved();
        return;
      }
      if (user && "restoredAt" in user) {
        setSession({ status: "unauthenticated", user: null, message: null, restoredAt: user.restoredAt });
        return;
      }
      setSession(
        user
          ? { status: "authenticated", user, message: null }
          : { status: "unauthenticated", user: null, message: null },
      );
    } catch (error) {
      // Offline, a logged-in account keeps working (docs/product.md#offline-and-sync); back online it checks again.
      const offline = error instanceof ApiError && error.status === 0;
      if (offline && useSessionStore.getState().session.status === "authenticated") return;
      const remembered = offline ? rememberedUser() : null;
      if (remembered) {
        useSessionStore.setState({ session: { status: "authenticated", user: remembered, message: null } });
        return;
      }
      setSession({ status: "unauthenticated", user: null, message: SESSION_CHECK_FAILED });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/**
 * The server said this device's account lost its access: nobody is signed in, the account is forgotten, and its
 * queued writes are sent once more so the server refuses each with the reason (decision 073).
 */
function setAccessRemoved(): void {
  const { session } = useSessionStore.getState();
  const account = session.user ?? rememberedUser() ?? rememberedUser(REMOVED_ACCOUNT_KEY);
  remember(null);
  // A reload before its writes were refused still knows whose they are.
  remember(account, REMOVED_ACCOUNT_KEY);
  useSessionStore.setState({
    session: {
      status: "unauthenticated",
      user: null,
      message: null,
      accessRemoved: true,
      ...(account && { removedAccount: account }),
    },
    checkedAt: Date.now(),
  });
}

export function checkSessionIfStale(now = Date.now()): Promise<void> | undefined {
  const { checkedAt } = useSessionStore.getState();
  if (now - checkedAt < SESSION_STALE_MS) return undefined;
  return checkSession();
}

export function setSession(session: SessionState): void {
  // A confirmed user is remembered; the server saying "nobody" (or a logout) forgets it.
  if (session.status === "authenticated") {
    remember(session.user);
    remember(null, REMOVED_ACCOUNT_KEY);
    // A new sign-in replaced the cookie that a pending logout was meant to end.
    setLogoutPending(false);
  } else if (session.message === null) remember(null);
  useSessionStore.setState({ session, checkedAt: Date.now() });
}

export function useSession(): SessionState {
  return useSessionStore((state) => state.session);
}

/**
 * Starts the first check, rechecks a stale session whenever the window regains focus, and checks again when
 * the network comes back (a session taken from the device's memory is confirmed or ended then).
 */
export function startSessionWatch(): () => void {
  void checkSession();
  const onFocus = () => void checkSessionIfStale();
  const onOnline = () => void checkSession();
  window.addEventListener("focus", onFocus);
  window.addEventListener("online", onOnline);
  return () => {
    window.removeEventListener("focus", onFocus);
    window.removeEventListener("online", onOnline);
  };
}

/**
 * "My earnings" for the account signed in (docs/decisions/051): fetched online and kept on the device, the kept
 * copy shown when offline or when the server cannot be reached. Everything is keyed by the account's id, so a
 * different account signing in on the device starts from nothing and never sees the previous one's copy.
 */
import { ME_CALLS } from "@shared/contract/me.ts";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import { myEarningsCopy } from "@web/data/lazy-data-layer.ts";
import { ApiError, api, errorMessage } from "@web/lib/api-client.ts";
import { checkSession } from "@web/lib/session-store.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

export type MyEarningsState =
  | { status: "loading"; userId: number }
  /** The server's answer, just received. */
  | { status: "fresh"; userId: number; answer: MyEarnings }
  /** The device's copy, received at `savedAt`; `reason` says why the server's answer is not shown. */
  | { status: "saved"; userId: number; answer: MyEarnings; savedAt: number; reason: "offline" | "failed" }
  /** Nothing to show: no connection (or a failure) and no copy. */
  | { status: "none"; userId: number; reason: "offline" | "failed"; error: string | null };

async function savedCopy(
  userId: number,
  reason: "offline" | "failed",
  error: string | null,
): Promise<MyEarningsState> {
  const saved = await myEarningsCopy.read(userId).catch(() => null);
  return saved
    ? { status: "saved", userId, answer: saved.answer, savedAt: saved.savedAt, reason }
    : { status: "none", userId, reason, error };
}

/** The server's answer (kept on the device), or the kept copy with why; never fails. */
async function readEarnings(userId: number, online: boolean, signal: AbortSignal): Promise<MyEarningsState> {
  if (!online) return savedCopy(userId, "offline", null);
  try {
    const answer = await api.call(ME_CALLS.earnings, { signal });
    // Keeping the copy may fail (the store's code did not load); the answer is shown all the same.
    if (!signal.aborted) myEarningsCopy.save(userId, answer).catch((error: unknown) => console.warn(error));
    return { status: "fresh", userId, answer };
  } catch (error) {
    if (signal.aborted) throw error;
    // The session ended on the server: the access guard takes the visitor to the login page.
    if (error instanceof ApiError && error.status === 401) void checkSession();
    const offline = error instanceof ApiError && error.status === 0;
    return savedCopy(userId, offline ? "offline" : "failed", offline ? null : errorMessage(error));
  }
}

export function useMyEarnings(userId: number, online: boolean): MyEarningsState {
  const read = useServerRead([userId, online], (signal) => readEarnings(userId, online, signal));
  // The last state stays until the next one is known; one left over from another account is never shown.
  return read.data?.userId === userId ? read.data : { status: "loading", userId };
}

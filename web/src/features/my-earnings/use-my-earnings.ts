/**
 * "My earnings" for the account signed in (docs/decisions/051): fetched online and kept on the device, the kept
 * copy shown when offline or when the server cannot be reached. Everything is keyed by the account's id, so a
 * different account signing in on the device starts from nothing and never sees the previous one's copy.
 */
import { useEffect, useState } from "react";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import { myEarningsCopy } from "@web/data/lazy-data-layer.ts";
import { ApiError, api, errorMessage } from "@web/lib/api-client.ts";
import { checkSession } from "@web/lib/session-store.ts";

export type MyEarningsState =
  | { status: "loading"; userId: number }
  /** The server's answer, just received. */
  | { status: "fresh"; userId: number; answer: MyEarnings }
  /** The device's copy, received at `savedAt`; `reason` says why the server's answer is not shown. */
  | { status: "saved"; userId: number; answer: MyEarnings; savedAt: number; reason: "offline" | "failed" }
  /** Nothing to show: no connection (or a failure) and no copy. */
  | { status: "none"; userId: number; reason: "offline" | "failed"; error: string | null };

export function useMyEarnings(userId: number, online: boolean): MyEarningsState {
  const [state, setState] = useState<MyEarningsState>({ status: "loading", userId });

  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    const showSaved = async (reason: "offline" | "failed", error: string | null) => {
      const saved = await myEarningsCopy.read(userId).catch(() => null);
      if (!current) return;
      setState(
        saved
          ? { status: "saved", userId, answer: saved.answer, savedAt: saved.savedAt, reason }
          : { status: "none", userId, reason, error },
      );
    };
    if (!online) {
      void showSaved("offline", null);
    } else {
      api
        .get<MyEarnings>("/me/earnings", controller.signal)
        .then((answer) => {
          if (!current) return;
          setState({ status: "fresh", userId, answer });
          // Keeping the copy may fail (the store's code did not load); the answer is shown all the same.
          myEarningsCopy.save(userId, answer).catch((error: unknown) => console.warn(error));
        })
        .catch((error: unknown) => {
          if (!current) return;
          // The session ended on the server: the access guard takes the visitor to the login page.
          if (error instanceof ApiError && error.status === 401) void checkSession();
          const offline = error instanceof ApiError && error.status === 0;
          void showSaved(offline ? "offline" : "failed", offline ? null : errorMessage(error));
        });
    }
    return () => {
      current = false;
      controller.abort();
    };
  }, [userId, online]);

  // A state left over from another account (the effect has not run yet) is never shown.
  return state.userId === userId ? state : { status: "loading", userId };
}

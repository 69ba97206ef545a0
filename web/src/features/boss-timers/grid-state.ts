import type { BossTimerInput } from "./boss-cards.ts";
import type { GridState } from "./boss-timer-grid.tsx";

/** SPEC section 8: the boss timer fetch's fallback message. */
export const FETCH_BOSS_TIMERS_FAILED = "Failed to fetch boss timers";

/**
 * The grid shows cached rows whenever there are any (also offline and while refreshing); loading only before
 * the first sync; the error only when nothing is cached and the sync failed or cannot run (offline).
 */
export function bossGridState<T extends BossTimerInput>(
  rows: readonly T[] | undefined,
  sync: { lastSyncedAt: number | null; error: string | null },
  online: boolean,
): GridState<T> {
  if (rows === undefined) return { status: "loading" };
  if (rows.length > 0 || sync.lastSyncedAt !== null) return { status: "ready", rows };
  if (sync.error !== null) return { status: "error", message: sync.error || FETCH_BOSS_TIMERS_FAILED };
  if (!online) return { status: "error", message: FETCH_BOSS_TIMERS_FAILED };
  return { status: "loading" };
}

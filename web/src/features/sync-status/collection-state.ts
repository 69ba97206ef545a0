/**
 * What a screen shows for a cached collection: the cached data whenever there is any (also while it
 * refreshes, and offline), a loading state only before the first sync, and an error only when nothing is
 * cached and the sync failed or cannot run.
 */
import type { SyncStatus } from "@web/data/hooks.ts";

/** The error message when the device is offline and has never synced the collection. */
export const OFFLINE_NOTHING_CACHED = "You are offline and no data has been saved on this device yet.";

export type CollectionState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

/**
 * `data` is what the hook returned (undefined while IndexedDB is read). `hasContent` says whether the
 * cache holds something to show; an empty answer that was synced is "ready" too (the screen's empty state).
 */
export function collectionState<T>(
  data: T | undefined,
  sync: Pick<SyncStatus, "lastSyncedAt" | "error">,
  online: boolean,
  hasContent: (data: T) => boolean,
): CollectionState<T> {
  if (data === undefined) return { status: "loading" };
  if (hasContent(data) || sync.lastSyncedAt !== null) return { status: "ready", data };
  if (sync.error !== null) return { status: "error", message: sync.error };
  if (!online) return { status: "error", message: OFFLINE_NOTHING_CACHED };
  return { status: "loading" };
}

export const hasRows = (rows: readonly unknown[]): boolean => rows.length > 0;

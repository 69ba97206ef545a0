import { type SyncStatus, useSyncStatus } from "@web/data/hooks.ts";
import type { PublicPageCollection } from "./page-collections.ts";

export interface PageSync {
  /** The oldest last sync among the collections that were ever synced; null when none was. */
  lastSyncedAt: number | null;
  /** One of them is being refreshed now. */
  syncing: boolean;
}

/** How fresh the cached data of `collections` is, taken together. */
export function usePageSync(collections: readonly PublicPageCollection[]): PageSync {
  // One hook per public collection, always in the same order; only the asked ones count.
  const statuses: Record<PublicPageCollection, SyncStatus> = {
    guildMembers: useSyncStatus("guildMembers"),
    marketItems: useSyncStatus("marketItems"),
    timers: useSyncStatus("timers"),
    bossNames: useSyncStatus("bossNames"),
    salaryReceipt: useSyncStatus("salaryReceipt"),
  };
  let lastSyncedAt: number | null = null;
  let syncing = false;
  for (const collection of collections) {
    const status = statuses[collection];
    syncing ||= status.syncing;
    if (status.lastSyncedAt !== null && (lastSyncedAt === null || status.lastSyncedAt < lastSyncedAt)) {
      lastSyncedAt = status.lastSyncedAt;
    }
  }
  return { lastSyncedAt, syncing };
}

import { type SyncStatus, useSyncStatus } from "@web/data/hooks.ts";
import type { CollectionName } from "@web/data/portal-db.ts";

export interface PageSync {
  /** The oldest last sync among the collections that were ever synced; null when none was. */
  lastSyncedAt: number | null;
  /** One of them is being refreshed now. */
  syncing: boolean;
}

/** How fresh the cached data of `collections` is, taken together (public and admin pages alike). */
export function usePageSync(collections: readonly CollectionName[]): PageSync {
  // One hook per collection, always in the same order; only the asked ones count.
  const statuses: Record<CollectionName, SyncStatus> = {
    guildMembers: useSyncStatus("guildMembers"),
    marketItems: useSyncStatus("marketItems"),
    bossNames: useSyncStatus("bossNames"),
    timers: useSyncStatus("timers"),
    attendance: useSyncStatus("attendance"),
    funds: useSyncStatus("funds"),
    salaryReceipt: useSyncStatus("salaryReceipt"),
    payouts: useSyncStatus("payouts"),
    fundSpending: useSyncStatus("fundSpending"),
    guildSettings: useSyncStatus("guildSettings"),
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

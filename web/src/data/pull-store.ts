/**
 * What a pull does to IndexedDB, each one transaction: read and record a collection's sync state, store
 * an answer (unless a write made it stale meanwhile), forget a collection. sync-engine.ts decides when.
 */
import { mutationFor } from "./mutations.ts";
import type { CollectionName, PortalDb, SyncMeta } from "./portal-db.ts";
import { rebuildCollections } from "./rebuild.ts";

export async function readSyncMeta(db: PortalDb, collection: CollectionName): Promise<SyncMeta> {
  return (
    (await db.syncMeta.get(collection)) ?? {
      collection,
      lastSyncedAt: null,
      lastAttemptAt: null,
      lastError: null,
      lastErrorStatus: null,
      source: null,
      writeVersion: 0,
    }
  );
}

/** A failed pull: the error is recorded, the cached rows stay. */
export async function recordPullFailure(
  db: PortalDb,
  collection: CollectionName,
  failure: { message: string; status: number | null; at: number },
): Promise<void> {
  await db.transaction("rw", db.syncMeta, async () => {
    const previous = await readSyncMeta(db, collection);
    await db.syncMeta.put({
      ...previous,
      lastAttemptAt: failure.at,
      lastError: failure.message,
      lastErrorStatus: failure.status,
    });
  });
}

/** A pull without an answer after this long counts as failed; the cached rows stay. */
export const PULL_TIMEOUT_MS = 30_000;

/** The collections written by queued writes being sent right now: an answer pulled meanwhile may predate them. */
export async function collectionsBeingWritten(db: PortalDb): Promise<Set<CollectionName>> {
  const sending = await db.outbox.where("status").equals("sending").toArray();
  return new Set(sending.flatMap((row) => mutationFor(row.name)?.writes ?? []));
}

/** A collection's sync state once a pull of it was stored at `at` from `source`. */
export function syncedMeta(meta: SyncMeta, source: string, at: number): SyncMeta {
  return { ...meta, lastSyncedAt: at, lastAttemptAt: at, lastError: null, lastErrorStatus: null, source };
}

export interface PulledAnswer {
  collection: CollectionName;
  /** The path the rows came from. */
  source: string;
  rows: unknown[];
  /** The collection's write version when the pull started. */
  versionBefore: number;
  /** False when the session changed while the answer was on its way (e.g. an admin logged out). */
  stillReadable: () => boolean;
  at: number;
}

/**
 * Replaces the collection's base copy and rebuilds its live table, unless a write to it was acknowledged or
 * is in flight since the pull started ('stale': the write's own refresh follows).
 */
export function storePulledRows(db: PortalDb, pulled: PulledAnswer): Promise<"stored" | "stale"> {
  const { collection } = pulled;
  return db.transaction("rw", db.tables, async () => {
    const current = await readSyncMeta(db, collection);
    if (current.writeVersion !== pulled.versionBefore || !pulled.stillReadable()) return "stale";
    if ((await collectionsBeingWritten(db)).has(collection)) return "stale";
    await db.baseSnapshots.put({ collection, rows: pulled.rows });
    await rebuildCollections(db, [collection]);
    await db.syncMeta.put(syncedMeta(current, pulled.source, pulled.at));
    return "stored";
  });
}

/**
 * Drops the cached copies of `collections` (at logout, for data the next user may not see). Queued
 * writes stay; their local effect comes back with the next pull that may read the collection.
 */
export async function forgetCollections(db: PortalDb, collections: readonly CollectionName[]): Promise<void> {
  await db.transaction("rw", db.tables, async () => {
    // The delta cursor describes every row collection's copy: once one is gone, the next pull is whole.
    if (collections.length > 0) await db.syncCursor.clear();
    for (const collection of collections) {
      await db.baseSnapshots.delete(collection);
      await db.collection(collection).clear();
      const current = await db.syncMeta.get(collection);
      if (current) {
        await db.syncMeta.put({ ...current, lastSyncedAt: null, lastError: null, source: null });
      }
    }
  });
}

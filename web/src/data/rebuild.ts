/**
 * The merge rule between pulls and queued writes: a collection's live table is always its base copy (what
 * the server last said, plus writes it has acknowledged since) with the local effect of every row still in
 * the outbox replayed on top, in outbox order. A pull replaces the base and rebuilds; a discard rebuilds
 * without the discarded row. All functions here run inside the caller's transaction over every table.
 */

import { type DraftSource, loadDraft, replaceTables } from "./local-draft.ts";
import type { Mutation } from "./mutations/mutation.ts";
import { mutationFor, touchedBy } from "./mutations.ts";
import { type CollectionName, keyOf, type OutboxRow, type PortalDb, type RowKey } from "./portal-db.ts";
import { noteGuessed } from "./sync-cursor.ts";

interface Replay {
  row: OutboxRow;
  mutation: Mutation<unknown>;
}

async function replays(db: PortalDb): Promise<Replay[]> {
  const rows = await db.outbox.orderBy("seq").toArray();
  return rows.flatMap((row) => {
    const mutation = mutationFor(row.name);
    return mutation ? [{ row, mutation }] : [];
  });
}

/**
 * The collections to rebuild together with `start`: a queued write that touches one of them may read or
 * write others (an attendance change also counts raids on the roster), and replaying it needs all of
 * them in the same state.
 */
function closure(start: Iterable<CollectionName>, queued: readonly Replay[]): Set<CollectionName> {
  const set = new Set(start);
  let grew = true;
  while (grew) {
    grew = false;
    for (const { mutation } of queued) {
      const touched = touchedBy(mutation);
      if (!touched.some((c) => set.has(c))) continue;
      for (const c of touched) {
        if (!set.has(c)) {
          set.add(c);
          grew = true;
        }
      }
    }
  }
  return set;
}

function applySafely(replay: Replay, apply: () => void): void {
  try {
    apply();
  } catch (error) {
    // A row whose effect no longer fits the data still gets sent; only its local preview is lost.
    console.error(`Could not replay queued ${replay.row.name}`, error);
  }
}

/** Rebuilds the live tables of `collections` (and any they are entangled with) from base + outbox. */
export async function rebuildCollections(db: PortalDb, collections: Iterable<CollectionName>): Promise<void> {
  const queued = await replays(db);
  const scope = closure(collections, queued);
  const draft = await loadDraft(db, new Map([...scope].map((c) => [c, "base" as DraftSource])), scope);
  for (const replay of queued) {
    if (!touchedBy(replay.mutation).some((c) => scope.has(c))) continue;
    const seq = replay.row.seq ?? 0;
    applySafely(replay, () =>
      replay.mutation.apply(draft, replay.row.args, { seq, createdAt: replay.row.createdAt }),
    );
  }
  await replaceTables(db, draft, scope);
}

/**
 * Folds an acknowledged row into the base copies it writes, so the base stays what the server holds even
 * before the refresh pull arrives (a later rebuild, e.g. after a discard, keeps the acknowledged change).
 */
export async function foldIntoBase(db: PortalDb, row: OutboxRow): Promise<void> {
  const mutation = mutationFor(row.name);
  if (!mutation) return;
  const draft = await loadDraft(
    db,
    new Map(touchedBy(mutation).map((c) => [c, "base" as DraftSource])),
    mutation.writes,
  );
  applySafely({ row, mutation }, () =>
    mutation.apply(draft, row.args, { seq: row.seq ?? 0, createdAt: row.createdAt }),
  );
  for (const collection of mutation.writes) {
    const before = (await db.baseSnapshots.get(collection))?.rows ?? [];
    const after = draft.all(collection);
    await db.baseSnapshots.put({ collection, rows: after });
    await noteGuessed(db, collection, changedKeys(collection, before, after));
  }
}

/** Keys of the rows that differ between two copies of a collection (added, removed or changed). */
function changedKeys(
  collection: CollectionName,
  before: readonly unknown[],
  after: readonly unknown[],
): RowKey[] {
  const old = new Map(before.map((row) => [keyOf(collection, row), JSON.stringify(row)]));
  const keys: RowKey[] = [];
  for (const row of after) {
    const key = keyOf(collection, row);
    if (old.get(key) !== JSON.stringify(row)) keys.push(key);
    old.delete(key);
  }
  return [...keys, ...old.keys()];
}

/** Raises the write version of each collection, so pulls that started before this write are dropped. */
export async function bumpWriteVersions(db: PortalDb, collections: Iterable<CollectionName>): Promise<void> {
  for (const collection of collections) {
    const meta = await db.syncMeta.get(collection);
    await db.syncMeta.put({
      collection,
      lastSyncedAt: meta?.lastSyncedAt ?? null,
      lastAttemptAt: meta?.lastAttemptAt ?? null,
      lastError: meta?.lastError ?? null,
      lastErrorStatus: meta?.lastErrorStatus ?? null,
      source: meta?.source ?? null,
      writeVersion: (meta?.writeVersion ?? 0) + 1,
    });
  }
}

/**
 * The merge rule between pulls and queued writes: a collection's live table is always its base copy (what
 * the server last said, plus writes it has acknowledged since) with the local effect of every row still in
 * the outbox replayed on top, in outbox order. A pull replaces the base and rebuilds; a discard rebuilds
 * without the discarded row. All functions here run inside the caller's transaction over every table.
 */

import { type DraftSource, type LocalDraft, loadDraft, replaceTables, sameValue } from "./local-draft.ts";
import type { Mutation } from "./mutations/mutation.ts";
import { mutationFor, touchedBy } from "./mutations.ts";
import {
  type CollectionName,
  type CollectionRows,
  keyOf,
  localId,
  type OutboxRow,
  type PortalDb,
  type RowKey,
} from "./portal-db.ts";
import { noteGuessed } from "./sync-cursor.ts";
import { ownedBy, readViewer } from "./write-owner.ts";

interface Replay {
  row: OutboxRow;
  mutation: Mutation<unknown>;
}

/** The queued writes the live tables show: the viewer's own (write-owner.ts), in outbox order. */
async function replays(db: PortalDb): Promise<Replay[]> {
  const viewer = await readViewer(db);
  const rows = await db.outbox.orderBy("seq").toArray();
  return rows.flatMap((row) => {
    if (!ownedBy(row, viewer)) return [];
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

/** The field of a write's answer that carries the row it wrote, per collection (the routes' answers). */
const ANSWER_ROWS: Partial<Record<CollectionName, string>> = {
  guildMembers: "guildMember",
  marketItems: "marketExchangeItem",
  attendance: "attendanceRecord",
  bossNames: "bossName",
  timers: "timer",
  payouts: "payout",
  fundSpending: "spending",
};

/** An acknowledged row and the server's answer to it. */
export interface Acknowledged {
  row: OutboxRow;
  answer: unknown;
}

/**
 * Puts the row the server answered with in place of the local guess: a create's row under its own id (the
 * guess under the local id goes), an edit's row as the server stored it. Other effects (raid counts, a boss's
 * timer row) stay guesses until the delta pull brings them.
 */
function foldAnswer(draft: LocalDraft, mutation: Mutation<unknown>, { row, answer }: Acknowledged): void {
  if (typeof answer !== "object" || answer === null) return;
  for (const collection of mutation.writes) {
    const field = ANSWER_ROWS[collection];
    const served = field === undefined ? undefined : (answer as Record<string, unknown>)[field];
    if (typeof served !== "object" || served === null || keyOf(collection, served) === undefined) continue;
    const guess = localId(row.seq ?? 0);
    if (draft.get(collection, guess) !== undefined) draft.delete(collection, guess);
    draft.put(collection, served as CollectionRows[typeof collection]);
  }
}

/**
 * Folds acknowledged rows into the base copies they write, in outbox order, so the base stays what the server
 * holds even before the refresh pull arrives (a later rebuild, e.g. after a discard, keeps the acknowledged
 * changes): each row's local effect, then the row the server answered with where the answer has it. A batch is
 * folded at once: each base copy is read and written once, however many rows it had. Answers the collections
 * whose base copies changed.
 */
export async function foldIntoBase(
  db: PortalDb,
  acknowledged: readonly Acknowledged[],
): Promise<CollectionName[]> {
  const folded = acknowledged.flatMap((ack) => {
    const mutation = mutationFor(ack.row.name);
    return mutation ? [{ ...ack, mutation }] : [];
  });
  if (folded.length === 0) return [];
  const read = new Set(folded.flatMap(({ mutation }) => touchedBy(mutation)));
  const written = new Set(folded.flatMap(({ mutation }) => mutation.writes));
  const draft = await loadDraft(db, new Map([...read].map((c) => [c, "base" as DraftSource])), written);
  const before = new Map<CollectionName, Map<RowKey, unknown>>();
  for (const collection of written) {
    before.set(collection, new Map(draft.all(collection).map((row) => [keyOf(collection, row), row])));
  }
  for (const ack of folded) {
    const { row, mutation } = ack;
    applySafely(ack, () => {
      mutation.apply(draft, row.args, { seq: row.seq ?? 0, createdAt: row.createdAt });
      foldAnswer(draft, mutation, ack);
    });
  }
  for (const [collection, keys] of draft.changes()) {
    await db.baseSnapshots.put({ collection, rows: draft.all(collection) });
    const old = before.get(collection);
    const changed = [...keys].filter((key) => {
      const now = draft.get(collection, key);
      const then = old?.get(key);
      return now === undefined ? then !== undefined : then === undefined || !sameValue(then, now);
    });
    await noteGuessed(db, collection, changed);
  }
  return [...draft.changes().keys()];
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

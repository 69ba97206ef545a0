/**
 * The delta pull (docs/decisions/031): one GET /_api/changes for every row collection the session reads,
 * folded into the base copies in one IndexedDB transaction, with one cursor for all of them. What the server
 * answers is checked by hand, as in sync-engine.ts (no zod in the entry chunk).
 */
import { CHANGES_PATH, type SessionRole, sourceFor } from "./collections.ts";
import {
  type CollectionName,
  isLocalId,
  isSingleRow,
  KEY_PATHS,
  type PortalDb,
  type RowKey,
  SINGLE_ROW_SLOT,
  type SyncCursor,
} from "./portal-db.ts";
import { collectionsBeingWritten, readSyncMeta, syncedMeta } from "./pull-store.ts";
import { rebuildCollections } from "./rebuild.ts";
import { CURSOR_SLOT, forgetCursor } from "./sync-cursor.ts";

/** The collections that come through /changes; the salary receipt keeps a read of its own. */
export const DELTA_COLLECTIONS: readonly CollectionName[] = [
  "guildMembers",
  "marketItems",
  "bossNames",
  "timers",
  "attendance",
  "funds",
  "payouts",
  "fundSpending",
];

export function isDeltaCollection(collection: CollectionName): boolean {
  return DELTA_COLLECTIONS.includes(collection);
}

interface CollectionChange {
  rows: Record<string, unknown>[];
  deleted: RowKey[];
  replace: boolean;
}

export interface ChangesAnswer {
  cursor: string;
  changes: Partial<Record<CollectionName, CollectionChange>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isKey = (value: unknown): value is RowKey => typeof value === "number" || typeof value === "string";

function changeFrom(collection: CollectionName, value: unknown): CollectionChange | undefined {
  if (!isRecord(value) || !Array.isArray(value.rows) || !Array.isArray(value.deleted)) return undefined;
  if (typeof value.replace !== "boolean" || !value.deleted.every(isKey)) return undefined;
  const keyPath = KEY_PATHS[collection];
  const rows = value.rows as unknown[];
  if (isSingleRow(collection)) {
    if (!rows.every(isRecord)) return undefined;
    return { rows: rows.map((row) => ({ slot: SINGLE_ROW_SLOT, value: row })), deleted: [], replace: true };
  }
  if (!rows.every((row) => isRecord(row) && isKey(row[keyPath]))) return undefined;
  return { rows: rows as Record<string, unknown>[], deleted: value.deleted, replace: value.replace };
}

/** The answer's parts for the delta collections, or undefined when it does not have the expected shape. */
export function changesFromAnswer(answer: unknown): ChangesAnswer | undefined {
  if (!isRecord(answer) || typeof answer.cursor !== "string" || !isRecord(answer.changes)) return undefined;
  const changes: ChangesAnswer["changes"] = {};
  for (const [name, value] of Object.entries(answer.changes)) {
    const collection = name as CollectionName;
    if (!isDeltaCollection(collection)) continue;
    const change = changeFrom(collection, value);
    if (!change) return undefined;
    changes[collection] = change;
  }
  return { cursor: answer.cursor, changes };
}

/**
 * The base copy with a delta folded in. Rows of acknowledged creates still under their local (negative) id go:
 * the server's row, under its own id, is in this delta.
 */
function fold(base: readonly unknown[], change: CollectionChange, keyPath: string): unknown[] {
  if (change.replace) return change.rows;
  const keyOf = (row: unknown) => (row as Record<string, RowKey>)[keyPath] as RowKey;
  const rows = new Map(base.filter((row) => !isLocalKey(keyOf(row))).map((row) => [keyOf(row), row]));
  for (const key of change.deleted) rows.delete(key);
  for (const row of change.rows) rows.set(keyOf(row), row);
  return [...rows.values()];
}

const isLocalKey = (key: RowKey) => typeof key === "number" && isLocalId(key);

/** Whether the delta brings the server's version of every row an acknowledged write guessed. */
function coversGuesses(answer: ChangesAnswer, guessed: SyncCursor["guessed"]): boolean {
  return Object.entries(guessed ?? {}).every(([name, keys]) => {
    const change = answer.changes[name as CollectionName];
    if (change?.replace) return true;
    const keyPath = KEY_PATHS[name as CollectionName];
    const brought = new Set<RowKey>([
      ...(change?.deleted ?? []),
      ...(change?.rows ?? []).map((r) => r[keyPath] as RowKey),
    ]);
    return (keys ?? []).every((key) => isLocalKey(key) || brought.has(key));
  });
}

export interface PulledChanges {
  answer: ChangesAnswer;
  role: SessionRole;
  /** The collections pulled, each with its write version when the pull started. */
  versionsBefore: ReadonlyMap<CollectionName, number>;
  stillReadable: () => boolean;
  at: number;
}

/**
 * Folds the answer into the base copies, rebuilds the live tables and moves the cursor, in one transaction;
 * or stores nothing ('stale') when a write to one of them was acknowledged or is in flight since the pull
 * started (the write's own refresh follows, from the same cursor), or a delta has no base to fold into.
 */
export function storeChanges(db: PortalDb, pulled: PulledChanges): Promise<"stored" | "stale"> {
  return db.transaction("rw", db.tables, async () => {
    if (!pulled.stillReadable()) return "stale";
    const metas = new Map<CollectionName, Awaited<ReturnType<typeof readSyncMeta>>>();
    for (const [collection, version] of pulled.versionsBefore) {
      const meta = await readSyncMeta(db, collection);
      if (meta.writeVersion !== version) return "stale";
      metas.set(collection, meta);
    }
    const inFlight = await collectionsBeingWritten(db);
    const changed = Object.keys(pulled.answer.changes) as CollectionName[];
    if (changed.some((collection) => inFlight.has(collection))) return "stale";
    for (const collection of changed) {
      const change = pulled.answer.changes[collection] as CollectionChange;
      const base = (await db.baseSnapshots.get(collection))?.rows;
      if (base === undefined && !change.replace) {
        await forgetCursor(db);
        return "stale";
      }
      await db.baseSnapshots.put({ collection, rows: fold(base ?? [], change, KEY_PATHS[collection]) });
    }
    await rebuildCollections(db, changed);
    for (const [collection, meta] of metas) {
      await db.syncMeta.put(
        syncedMeta(meta, sourceFor(collection, pulled.role)?.path ?? CHANGES_PATH, pulled.at),
      );
    }
    // A guess the server did not confirm or correct may differ from what it holds: the next pull is whole.
    const previous = await db.syncCursor.get(CURSOR_SLOT);
    if (coversGuesses(pulled.answer, previous?.guessed)) {
      await db.syncCursor.put({ slot: CURSOR_SLOT, cursor: pulled.answer.cursor });
    } else {
      await forgetCursor(db);
    }
    return "stored";
  });
}

/**
 * An in-memory working copy of a few collections, so a mutation's local effect is a plain synchronous
 * function that can run against the live tables (when a command is issued) or against the server's base
 * copy (when the tables are rebuilt after a pull). Loaded and saved inside the caller's Dexie transaction.
 */
import { type CollectionName, type CollectionRows, keyOf, type PortalDb, type RowKey } from "./portal-db.ts";

/** 'local': the live table as the screens see it; 'base': the server's copy it is rebuilt from. */
export type DraftSource = "local" | "base";

export class LocalDraft {
  private readonly tables = new Map<CollectionName, Map<RowKey, unknown>>();
  private readonly writable: ReadonlySet<CollectionName>;
  private readonly touched = new Map<CollectionName, Set<RowKey>>();

  constructor(loaded: ReadonlyMap<CollectionName, readonly unknown[]>, writable: Iterable<CollectionName>) {
    for (const [collection, rows] of loaded) {
      this.tables.set(collection, new Map(rows.map((row) => [keyOf(collection, row), row])));
    }
    this.writable = new Set(writable);
  }

  private table(collection: CollectionName): Map<RowKey, unknown> {
    const table = this.tables.get(collection);
    if (!table) throw new Error(`The draft did not load ${collection}; declare it in the mutation's reads.`);
    return table;
  }

  get<C extends CollectionName>(collection: C, key: RowKey): CollectionRows[C] | undefined {
    return this.table(collection).get(key) as CollectionRows[C] | undefined;
  }

  all<C extends CollectionName>(collection: C): CollectionRows[C][] {
    return [...this.table(collection).values()] as CollectionRows[C][];
  }

  /** Writes to a collection outside this draft's scope are dropped: that table is not being rebuilt. */
  put<C extends CollectionName>(collection: C, row: CollectionRows[C]): void {
    if (!this.writable.has(collection)) return;
    const key = keyOf(collection, row);
    this.table(collection).set(key, row);
    this.touch(collection, key);
  }

  delete(collection: CollectionName, key: RowKey): void {
    if (!this.writable.has(collection)) return;
    this.table(collection).delete(key);
    this.touch(collection, key);
  }

  private touch(collection: CollectionName, key: RowKey): void {
    let keys = this.touched.get(collection);
    if (!keys) {
      keys = new Set();
      this.touched.set(collection, keys);
    }
    keys.add(key);
  }

  /** The keys written or deleted per collection. */
  changes(): ReadonlyMap<CollectionName, ReadonlySet<RowKey>> {
    return this.touched;
  }
}

/** Loads each collection from its source. Call inside a transaction that covers the tables. */
export async function loadDraft(
  db: PortalDb,
  sources: ReadonlyMap<CollectionName, DraftSource>,
  writable: Iterable<CollectionName>,
): Promise<LocalDraft> {
  const loaded = new Map<CollectionName, readonly unknown[]>();
  for (const [collection, source] of sources) {
    loaded.set(
      collection,
      source === "local"
        ? await db.collection(collection).toArray()
        : ((await db.baseSnapshots.get(collection))?.rows ?? []),
    );
  }
  return new LocalDraft(loaded, writable);
}

/** Writes the touched rows of the draft back to the live tables. */
export async function saveDraftChanges(db: PortalDb, draft: LocalDraft): Promise<void> {
  for (const [collection, keys] of draft.changes()) {
    const table = db.collection(collection);
    const gone: RowKey[] = [];
    const rows: CollectionRows[CollectionName][] = [];
    for (const key of keys) {
      const row = draft.get(collection, key);
      if (row === undefined) gone.push(key);
      else rows.push(row);
    }
    await table.bulkDelete(gone);
    await table.bulkPut(rows);
  }
}

/** Deep equality of stored values: plain objects, arrays, Dates and primitives (what IndexedDB holds). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  const aRecord = a as Record<string, unknown>;
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && sameValue(aRecord[key], bRecord[key]));
}

/**
 * Makes the live tables hold exactly the draft's contents, writing only the rows that differ. A pull that
 * brings what the table already holds (most pulls) writes nothing, so no screen re-reads or re-renders.
 */
export async function replaceTables(
  db: PortalDb,
  draft: LocalDraft,
  collections: Iterable<CollectionName>,
): Promise<void> {
  for (const collection of collections) {
    const table = db.collection(collection);
    const stored = new Map<RowKey, unknown>();
    for (const row of await table.toArray()) stored.set(keyOf(collection, row), row);
    const changed = draft.all(collection).filter((row) => {
      const key = keyOf(collection, row);
      const before = stored.get(key);
      stored.delete(key);
      return before === undefined || !sameValue(before, row);
    });
    if (stored.size > 0) await table.bulkDelete([...stored.keys()]);
    if (changed.length > 0) await table.bulkPut(changed);
  }
}

/**
 * An in-memory working copy of a few collections, so a mutation's local effect is a plain synchronous
 * function that can run against the live tables (when a command is issued) or against the server's base
 * copy (when the tables are rebuilt after a pull). Loaded and saved inside the caller's Dexie transaction.
 * A command loads only the rows its mutation reads (loadRowsFor): the draft notes what it was asked for and
 * lacked, and the mutation runs again once those rows are loaded.
 */
import { type CollectionName, type CollectionRows, keyOf, type PortalDb, type RowKey } from "./portal-db.ts";

/** 'local': the live table as the screens see it; 'base': the server's copy it is rebuilt from. */
export type DraftSource = "local" | "base";

/** What a partly loaded draft holds of a collection: some rows, and the keys known to have none. */
interface PartialCollection {
  rows: Map<RowKey, unknown>;
  missing: Set<RowKey>;
}

/** What a draft was asked for that it had not loaded: keys per collection, and collections read whole. */
export interface DraftMisses {
  keys: Map<CollectionName, Set<RowKey>>;
  whole: Set<CollectionName>;
}

export class LocalDraft {
  private readonly tables = new Map<CollectionName, Map<RowKey, unknown>>();
  private readonly writable: ReadonlySet<CollectionName>;
  private readonly touched = new Map<CollectionName, Set<RowKey>>();
  /** Collections loaded in part; every other loaded collection is whole. */
  private readonly partial = new Map<CollectionName, Set<RowKey>>();
  private readonly misses: DraftMisses = { keys: new Map(), whole: new Set() };

  constructor(
    loaded: ReadonlyMap<CollectionName, readonly unknown[]>,
    writable: Iterable<CollectionName>,
    partly: ReadonlyMap<CollectionName, PartialCollection> = new Map(),
  ) {
    for (const [collection, rows] of loaded) {
      this.tables.set(collection, new Map(rows.map((row) => [keyOf(collection, row), row])));
    }
    for (const [collection, { rows, missing }] of partly) {
      this.tables.set(collection, new Map(rows));
      this.partial.set(collection, new Set(missing));
    }
    this.writable = new Set(writable);
  }

  private table(collection: CollectionName): Map<RowKey, unknown> {
    const table = this.tables.get(collection);
    if (!table) throw new Error(`The draft did not load ${collection}; declare it in the mutation's reads.`);
    return table;
  }

  get<C extends CollectionName>(collection: C, key: RowKey): CollectionRows[C] | undefined {
    const table = this.table(collection);
    const row = table.get(key);
    const missing = this.partial.get(collection);
    if (row === undefined && missing && !missing.has(key) && !this.touched.get(collection)?.has(key)) {
      const keys = this.misses.keys.get(collection) ?? new Set();
      keys.add(key);
      this.misses.keys.set(collection, keys);
    }
    return row as CollectionRows[C] | undefined;
  }

  all<C extends CollectionName>(collection: C): CollectionRows[C][] {
    const table = this.table(collection);
    if (this.partial.has(collection)) this.misses.whole.add(collection);
    return [...table.values()] as CollectionRows[C][];
  }

  /** What the draft was asked for and had not loaded; empty when it answered from what it holds. */
  lacked(): DraftMisses {
    return this.misses;
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

/**
 * A draft of the live tables holding just the rows `run` reads: it runs on what is loaded, and again after
 * each load of what it asked for and lacked (a mutation's effect is a pure function of the draft, so the
 * last run, which lacked nothing, is the one on the whole tables). A command queued with 10,000 loot items in
 * the store reads one of them, not all. Call inside a transaction that covers the tables.
 */
export async function loadRowsFor(
  db: PortalDb,
  collections: Iterable<CollectionName>,
  writable: Iterable<CollectionName>,
  run: (draft: LocalDraft) => void,
): Promise<LocalDraft> {
  const whole = new Map<CollectionName, unknown[]>();
  const partly = new Map<CollectionName, PartialCollection>();
  for (const collection of collections) partly.set(collection, { rows: new Map(), missing: new Set() });
  for (;;) {
    const draft = new LocalDraft(whole, writable, partly);
    let failure: { error: unknown } | undefined;
    try {
      run(draft);
    } catch (error) {
      failure = { error };
    }
    const { keys, whole: wanted } = draft.lacked();
    if (keys.size === 0 && wanted.size === 0) {
      // Thrown on the rows it needed: the mutation's own error, as it would be on the whole tables.
      if (failure) throw failure.error;
      return draft;
    }
    for (const collection of wanted) {
      whole.set(collection, await db.collection(collection).toArray());
      partly.delete(collection);
    }
    for (const [collection, asked] of keys) {
      const known = partly.get(collection);
      if (!known) continue;
      const wantedKeys = [...asked];
      const rows = await db.collection(collection).bulkGet(wantedKeys);
      wantedKeys.forEach((key, i) => {
        const row = rows[i];
        if (row === undefined) known.missing.add(key);
        else known.rows.set(key, row);
      });
    }
  }
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

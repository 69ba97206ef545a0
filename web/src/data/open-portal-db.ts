/**
 * Opens the app's local store (decisions 037, 056): the browser's IndexedDB when it opens and takes a write,
 * else the same schema on an in-memory IndexedDB (fake-indexeddb, a chunk fetched only then). IndexedDB can be
 * missing (turned off, hardened or embedded browsers), `open` can throw (blocked site storage) or fail through
 * its request (private modes), and a full device refuses writes (QuotaExceededError) although the database
 * opened. The app then still works online, every screen, hook and command unchanged, and nothing outlives the tab.
 */
import Dexie from "dexie";
import { DATABASE_NAME, PortalDb } from "./portal-db.ts";

/** Where this tab keeps its data: on the device (survives reloads, works offline) or in memory. */
export type LocalStoreKind = "device" | "memory";

export interface OpenedStore {
  db: PortalDb;
  kind: LocalStoreKind;
}

/** An empty store in this tab's memory, with the app's schema. */
export async function openMemoryDb(): Promise<PortalDb> {
  const { IDBFactory, IDBKeyRange } = await import("fake-indexeddb");
  const indexedDB = new IDBFactory();
  // liveQuery runs no query unless Dexie found an IndexedDB when it loaded (its guard for server rendering): where
  // the browser has none, every screen would wait forever. The memory one stands in, set on the very object
  // liveQuery reads (Dexie.dependencies, changed in place).
  if (!Dexie.dependencies.indexedDB) Object.assign(Dexie.dependencies, { indexedDB, IDBKeyRange });
  const db = new PortalDb(DATABASE_NAME, { indexedDB, IDBKeyRange });
  await db.open();
  return db;
}

/**
 * A put and a delete in one transaction: the first pull's write would meet the same refusal (a full device's
 * QuotaExceededError) and leave every screen empty, so a store that refuses it is not used.
 */
async function checkWrites(db: PortalDb): Promise<void> {
  await db.transaction("rw", db.localState, async () => {
    await db.localState.put({ key: "write-check", accountId: null });
    await db.localState.delete("write-check");
  });
}

/**
 * The browser's own IndexedDB, named rather than left to Dexie's default, which the memory store stands in for
 * where the browser has none: undefined there, and the open fails as it should.
 */
function deviceDb(): PortalDb {
  return new PortalDb(DATABASE_NAME, {
    indexedDB: globalThis.indexedDB,
    IDBKeyRange: globalThis.IDBKeyRange,
  });
}

export async function openPortalDb(open: () => PortalDb = deviceDb): Promise<OpenedStore> {
  let db: PortalDb | undefined;
  try {
    db = open();
    await db.open();
    await checkWrites(db);
    return { db, kind: "device" };
  } catch (error) {
    db?.close();
    console.warn("IndexedDB cannot be used here; this tab keeps its data in memory.", error);
    return { db: await openMemoryDb(), kind: "memory" };
  }
}

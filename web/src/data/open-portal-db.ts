/**
 * Opens the app's local store (decision 037): the browser's IndexedDB when it can be opened, else the same
 * schema on an in-memory IndexedDB (fake-indexeddb, a chunk fetched only then). Private modes, blocked site
 * storage and a broken or full profile make `indexedDB.open` throw or fail; the app then still works online,
 * every screen, hook and command unchanged, and nothing outlives the tab.
 */
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
  const db = new PortalDb(DATABASE_NAME, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
}

export async function openPortalDb(open: () => PortalDb = () => new PortalDb()): Promise<OpenedStore> {
  let db: PortalDb | undefined;
  try {
    db = open();
    await db.open();
    return { db, kind: "device" };
  } catch (error) {
    db?.close();
    console.warn("IndexedDB cannot be opened here; this tab keeps its data in memory.", error);
    return { db: await openMemoryDb(), kind: "memory" };
  }
}

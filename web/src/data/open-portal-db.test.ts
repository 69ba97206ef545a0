import Dexie, { type DBCore, liveQuery } from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openMemoryDb, openPortalDb } from "./open-portal-db.ts";
import { PortalDb } from "./portal-db.ts";
import { idleTimer } from "./testing/idle-timer.ts";

const opened: PortalDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  vi.restoreAllMocks();
});

async function open(factory?: () => PortalDb) {
  const store = await openPortalDb(factory);
  opened.push(store.db);
  return store;
}

/** Runs `task` with Dexie's default IndexedDB as a browser would have it when Dexie loads (none: undefined). */
async function withDexieDefault(indexedDB: IDBFactory | undefined, task: () => Promise<void>) {
  const before = { ...Dexie.dependencies };
  Object.assign(Dexie.dependencies, { indexedDB, IDBKeyRange: indexedDB && IDBKeyRange });
  try {
    await task();
  } finally {
    Object.assign(Dexie.dependencies, before);
  }
}

const refusing = {
  open() {
    throw new DOMException("The user denied permission to access the database.", "SecurityError");
  },
};

/** A factory whose open request fails later, through its error event (private modes): its upgrade is aborted. */
function failingLater(): Pick<IDBFactory, "open"> {
  const indexedDB = new IDBFactory();
  return {
    open(...args: [string, number?]) {
      const request = indexedDB.open(...args);
      request.addEventListener("upgradeneeded", (event) => {
        event.stopImmediatePropagation();
        request.transaction?.abort();
      });
      return request;
    },
  };
}

/** A device store that opens but refuses every write, as a full device does (Dexie's own middleware hook). */
function fullDevice(): PortalDb {
  const db = new PortalDb("full", { indexedDB: new IDBFactory(), IDBKeyRange });
  db.use({
    stack: "dbcore",
    name: "full-device",
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => ({
        ...down.table(name),
        mutate: () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError")),
      }),
    }),
  });
  return db;
}

describe("openPortalDb", () => {
  it("keeps the data on the device when IndexedDB opens and takes a write, leaving no trace of the check", async () => {
    const indexedDB = new IDBFactory();
    const store = await open(() => new PortalDb("device", { indexedDB, IDBKeyRange }));
    expect(store.kind).toBe("device");
    expect(store.db.isOpen()).toBe(true);
    expect(await store.db.localState.count()).toBe(0);
  });

  it("runs from memory, with the same schema, when indexedDB.open throws (blocked storage)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = await open(() => new PortalDb("blocked", { indexedDB: refusing, IDBKeyRange }));
    expect(store.kind).toBe("memory");
    expect(store.db.tables.map((t) => t.name).sort()).toEqual(
      new PortalDb("schema").tables.map((t) => t.name).sort(),
    );
    await store.db.timers.put(idleTimer());
    expect(await store.db.timers.count()).toBe(1);
  });

  it("runs from memory when the open request fails later (private modes)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = await open(() => new PortalDb("private", { indexedDB: failingLater(), IDBKeyRange }));
    expect(store.kind).toBe("memory");
    await store.db.timers.put(idleTimer());
    expect(await store.db.timers.count()).toBe(1);
  });

  it("runs from memory when the device opens but refuses writes (QuotaExceededError)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = await open(fullDevice);
    expect(store.kind).toBe("memory");
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ name: "QuotaExceededError" });
    await store.db.timers.put(idleTimer());
    expect(await store.db.timers.count()).toBe(1);
  });

  it("runs from memory where there is no IndexedDB at all, and live queries follow the store", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(globalThis.indexedDB).toBeUndefined();
    await withDexieDefault(undefined, async () => {
      const store = await open();
      expect(store.kind).toBe("memory");
      // The screens' reads: a liveQuery answers at once and again after each write.
      const counts: number[] = [];
      const subscription = liveQuery(() => store.db.timers.count()).subscribe((count) => counts.push(count));
      try {
        await vi.waitFor(() => expect(counts).toEqual([0]));
        await store.db.timers.put(idleTimer());
        await vi.waitFor(() => expect(counts).toEqual([0, 1]));
      } finally {
        subscription.unsubscribe();
      }
    });
  });

  it("leaves Dexie's default alone where the browser has an IndexedDB", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const browsers = new IDBFactory();
    await withDexieDefault(browsers, async () => {
      const store = await open(() => new PortalDb("blocked", { indexedDB: refusing, IDBKeyRange }));
      expect(store.kind).toBe("memory");
      expect(Dexie.dependencies.indexedDB).toBe(browsers);
    });
  });
});

describe("openMemoryDb", () => {
  it("gives each tab an empty store of its own", async () => {
    const first = await openMemoryDb();
    const second = await openMemoryDb();
    opened.push(first, second);
    await first.syncCursor.put({ slot: "current", cursor: "p.1:1:" });
    expect(await first.syncCursor.count()).toBe(1);
    expect(await second.syncCursor.count()).toBe(0);
  });
});

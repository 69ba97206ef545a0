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

const refusing = {
  open() {
    throw new DOMException("The user denied permission to access the database.", "SecurityError");
  },
};

describe("openPortalDb", () => {
  it("keeps the data on the device when IndexedDB opens", async () => {
    const indexedDB = new IDBFactory();
    const store = await open(() => new PortalDb("device", { indexedDB, IDBKeyRange }));
    expect(store.kind).toBe("device");
    expect(store.db.isOpen()).toBe(true);
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

  it("runs from memory where there is no IndexedDB at all", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(globalThis.indexedDB).toBeUndefined();
    expect((await open()).kind).toBe("memory");
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

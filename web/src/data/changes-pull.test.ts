import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changesFromAnswer, storeChanges } from "./changes-pull.ts";
import { PortalDb } from "./portal-db.ts";
import { CURSOR_SLOT, noteGuessed, readCursor } from "./sync-cursor.ts";

let db: PortalDb;

beforeEach(async () => {
  db = new PortalDb(`changes-pull-${crypto.randomUUID()}`);
  await db.baseSnapshots.put({
    collection: "guildMembers",
    rows: [
      { id: 1, playerName: "Aldric", status: "active" },
      { id: 2, playerName: "Brina", status: "active" },
      { id: -7, playerName: "Eira", status: "active" },
    ],
  });
  await db.syncCursor.put({ slot: CURSOR_SLOT, cursor: "a.10:10:" });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const answer = (changes: unknown, cursor = "a.12:12:") => {
  const parsed = changesFromAnswer({ cursor, full: false, changes });
  if (!parsed) throw new Error("the answer does not parse");
  return parsed;
};

function store(changes: unknown) {
  return storeChanges(db, {
    answer: answer(changes),
    role: "admin",
    versionsBefore: new Map(),
    stillReadable: () => true,
    at: 1,
  });
}

describe("folding a delta into the base copy", () => {
  it("updates and adds the rows sent, drops the ids gone and the rows still under a local id", async () => {
    const rows = [
      { id: 2, playerName: "Brina", status: "kicked" },
      { id: 8, playerName: "Eira", status: "active" },
    ];
    expect(await store({ guildMembers: { rows, deleted: [1], replace: false } })).toBe("stored");
    const base = (await db.baseSnapshots.get("guildMembers"))?.rows;
    expect(base).toEqual(rows);
    expect((await db.guildMembers.toArray()).map((m) => m.id)).toEqual([2, 8]);
    expect(await readCursor(db)).toBe("a.12:12:");
  });

  it("refuses a delta for a collection it has no base copy of, and forgets the cursor so the next pull is whole", async () => {
    expect(await store({ marketItems: { rows: [{ id: 3 }], deleted: [], replace: false } })).toBe("stale");
    expect(await readCursor(db)).toBeNull();
  });

  it("takes the next pull whole when a row an acknowledged write guessed did not come back", async () => {
    await noteGuessed(db, "guildMembers", [1, -7]);
    // The server sent Aldric's row (the guess's server side) and Eira's create under its id: covered.
    const covered = {
      rows: [{ id: 1, playerName: "Aldric", status: "active" }],
      deleted: [],
      replace: false,
    };
    expect(await store({ guildMembers: covered })).toBe("stored");
    expect(await readCursor(db)).toBe("a.12:12:");
    expect((await db.syncCursor.get(CURSOR_SLOT))?.guessed).toBeUndefined();

    await noteGuessed(db, "guildMembers", [2]);
    const other = { rows: [{ id: 1, playerName: "Aldric", status: "kicked" }], deleted: [], replace: false };
    expect(await store({ guildMembers: other })).toBe("stored");
    expect(await readCursor(db)).toBeNull();
  });

  it("does not parse an answer whose rows lack their key or whose deletions are not keys", () => {
    const bad = [
      { guildMembers: { rows: [{ playerName: "x" }], deleted: [], replace: false } },
      { guildMembers: { rows: [], deleted: [{}], replace: false } },
      { guildMembers: { rows: "no", deleted: [], replace: false } },
    ];
    for (const changes of bad) expect(changesFromAnswer({ cursor: "a.1:1:", changes })).toBeUndefined();
    expect(changesFromAnswer({ changes: {} })).toBeUndefined();
  });
});

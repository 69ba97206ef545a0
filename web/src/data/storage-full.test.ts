import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { explainStorageError, isStorageFull, STORAGE_FULL } from "./storage-full.ts";

const dbs: Dexie[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

describe("explainStorageError", () => {
  it("turns a write Dexie refused with QuotaExceededError into plain words", async () => {
    const db = new Dexie(`quota-${crypto.randomUUID()}`);
    dbs.push(db);
    db.version(1).stores({ rows: "id" });
    db.table("rows").hook("creating", () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const refused = await db
      .transaction("rw", db.table("rows"), () => db.table("rows").add({ id: 1 }))
      .catch((error: unknown) => error);
    expect(isStorageFull(refused)).toBe(true);
    const explained = explainStorageError(refused) as Error;
    expect(explained.message).toBe(STORAGE_FULL);
    expect(explained.cause).toBe(refused);
  });

  it("leaves every other error as it is", () => {
    const other = new Error("disk on fire");
    expect(explainStorageError(other)).toBe(other);
    expect(explainStorageError("text")).toBe("text");
    expect(isStorageFull(null)).toBe(false);
  });
});

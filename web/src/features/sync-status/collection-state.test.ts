import { describe, expect, it } from "vitest";
import { collectionState, hasRows, OFFLINE_NOTHING_CACHED } from "./collection-state.ts";

const never = { lastSyncedAt: null, error: null };
const synced = { lastSyncedAt: 1_000, error: null };

describe("collectionState", () => {
  it("is loading while IndexedDB is read and before the first sync", () => {
    expect(collectionState(undefined, synced, true, hasRows)).toEqual({ status: "loading" });
    expect(collectionState([], never, true, hasRows)).toEqual({ status: "loading" });
  });

  it("shows cached rows whatever the last sync did, online or not", () => {
    const rows = [{ id: 1 }];
    for (const sync of [never, synced, { lastSyncedAt: 1_000, error: "Failed to fetch" }]) {
      for (const online of [true, false]) {
        expect(collectionState(rows, sync, online, hasRows)).toEqual({ status: "ready", data: rows });
      }
    }
  });

  it("treats a synced empty answer as ready (the screen's empty state)", () => {
    expect(collectionState([], { lastSyncedAt: 5, error: "later failure" }, false, hasRows)).toEqual({
      status: "ready",
      data: [],
    });
  });

  it("is an error only when nothing is cached and the sync failed or cannot run", () => {
    expect(collectionState([], { lastSyncedAt: null, error: "Not found" }, true, hasRows)).toEqual({
      status: "error",
      message: "Not found",
    });
    expect(collectionState([], never, false, hasRows)).toEqual({
      status: "error",
      message: OFFLINE_NOTHING_CACHED,
    });
  });

  it("works for single-row collections (null: never synced)", () => {
    const present = (value: { a: number } | null) => value !== null;
    expect(collectionState(null, never, true, present)).toEqual({ status: "loading" });
    expect(collectionState({ a: 1 }, never, true, present)).toEqual({ status: "ready", data: { a: 1 } });
  });
});

import { describe, expect, it } from "vitest";
import { claimReload, type KeyValueStore, RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from "./reload-once.ts";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("claimReload", () => {
  it("allows the first reload and refuses a second one right after", () => {
    const store = memoryStore();
    expect(claimReload(store, 1_000_000)).toBe(true);
    expect(store.data.get(RELOAD_GUARD_KEY)).toBe("1000000");
    expect(claimReload(store, 1_000_000 + 5_000)).toBe(false);
  });

  it("allows another reload once the guard window has passed (a later deploy)", () => {
    const store = memoryStore();
    claimReload(store, 1_000_000);
    expect(claimReload(store, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it("ignores junk or a clock that went backwards", () => {
    const store = memoryStore();
    store.setItem(RELOAD_GUARD_KEY, "not a number");
    expect(claimReload(store, 5_000)).toBe(true);
    expect(claimReload(store, 1_000)).toBe(true);
  });
});

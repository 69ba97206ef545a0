import { describe, expect, it } from "vitest";
import { COLLECTIONS, type Collection, type DataVersions } from "../app/data-version.ts";
import { createChangeWatcher } from "./change-watcher.ts";
import { noticeFor } from "./live-feed.ts";

/** Data versions that tests move by hand, with every read counted and, when held, kept waiting. */
function versionsSource() {
  const versions = new Map<string, number>([
    ["members", 1],
    ["market", 1],
    ["boss-names", 1],
    ["boss-timers", 1],
    ["funds", 1],
    ["attendance", 1],
    ["salary", 1],
  ]);
  let hold: Promise<void> | undefined;
  const source = {
    reads: 0,
    move(...collections: Collection[]) {
      for (const c of collections) versions.set(c, (versions.get(c) ?? 0) + 1);
    },
    holdReads() {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        hold = undefined;
        release();
      };
    },
    async read(): Promise<DataVersions> {
      source.reads += 1;
      const snapshot = new Map(versions);
      await hold;
      return snapshot;
    },
  };
  return source;
}

describe("createChangeWatcher", () => {
  it("publishes the collections whose versions moved since its last look, and nothing when none did", async () => {
    const source = versionsSource();
    const published: Collection[][] = [];
    const watcher = createChangeWatcher({ readVersions: source.read, publish: (m) => published.push(m) });
    await watcher.prime();
    source.move("boss-timers");
    await watcher.poke();
    await watcher.poke();
    source.move("market", "salary", "funds");
    await watcher.poke();
    expect(published).toEqual([["boss-timers"], ["market", "funds", "salary"]]);
  });

  it("folds a burst of pokes during a look into one more look", async () => {
    const source = versionsSource();
    const published: Collection[][] = [];
    const watcher = createChangeWatcher({ readVersions: source.read, publish: (m) => published.push(m) });
    await watcher.prime();
    source.move("members");
    const release = source.holdReads();
    const first = watcher.poke();
    for (let i = 0; i < 20; i += 1) {
      source.move("market");
      void watcher.poke();
    }
    const last = watcher.poke();
    release();
    await Promise.all([first, last]);
    expect(source.reads).toBe(3); // prime, the look that was held, one more for the burst
    expect(published).toEqual([["members"], ["market"]]);
  });

  it("with a gap, tells a lone write at once and the writes of a burst together once the gap has passed", async () => {
    const source = versionsSource();
    const published: { at: number; moved: Collection[] }[] = [];
    const watcher = createChangeWatcher({
      readVersions: source.read,
      publish: (moved) => published.push({ at: Date.now(), moved }),
      minGapMs: 1_000,
    });
    await watcher.prime();
    // Looks that find nothing moved (the feed's look every second) hold nothing back.
    await watcher.poke();
    const first = Date.now();
    source.move("boss-timers");
    await watcher.poke();
    expect(Date.now() - first).toBeLessThan(1_000);
    // Thirteen more writes, one a few ms after the other: one more look, when the gap has passed.
    const burst: Promise<void>[] = [];
    for (let i = 0; i < 13; i += 1) {
      source.move(i % 2 === 0 ? "boss-timers" : "salary");
      burst.push(watcher.poke());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(burst);
    expect(published.map((p) => p.moved)).toEqual([["boss-timers"], ["boss-timers", "salary"]]);
    expect((published[1]?.at ?? 0) - (published[0]?.at ?? 0)).toBeGreaterThanOrEqual(995);
    expect(source.reads).toBe(4); // prime, the empty look, the lone write, the burst
  });

  it("once closed, looks no more, not even the look a gap held back", async () => {
    const source = versionsSource();
    const published: Collection[][] = [];
    const watcher = createChangeWatcher({
      readVersions: source.read,
      publish: (m) => published.push(m),
      minGapMs: 10_000,
    });
    await watcher.prime();
    source.move("members");
    await watcher.poke();
    source.move("market");
    const held = watcher.poke();
    watcher.close();
    await held;
    await watcher.poke();
    expect(published).toEqual([["members"]]);
    expect(source.reads).toBe(2);
  });

  it("without a baseline in memory or in storage, says that everything may have moved", async () => {
    const source = versionsSource();
    const published: Collection[][] = [];
    let saved: DataVersions | undefined;
    const storage = {
      load: async () => saved,
      save: async (versions: DataVersions) => {
        saved = versions;
      },
    };
    const watcher = createChangeWatcher({
      readVersions: source.read,
      publish: (m) => published.push(m),
      baseline: storage,
    });
    await watcher.poke();
    expect(published[0]).toHaveLength(COLLECTIONS.length);
    // A new object (after hibernation) starts from the stored baseline.
    const woken = createChangeWatcher({
      readVersions: source.read,
      publish: (m) => published.push(m),
      baseline: storage,
    });
    source.move("boss-names");
    await woken.poke();
    expect(published[1]).toEqual(["boss-names"]);
  });

  it("tells nobody when the versions cannot be read, and looks again at the next poke", async () => {
    const source = versionsSource();
    const published: Collection[][] = [];
    let fail = false;
    const watcher = createChangeWatcher({
      readVersions: () => (fail ? Promise.reject(new Error("database down")) : source.read()),
      publish: (m) => published.push(m),
    });
    await watcher.prime();
    source.move("boss-timers");
    fail = true;
    await watcher.poke();
    expect(published).toEqual([]);
    fail = false;
    await watcher.poke();
    expect(published).toEqual([["boss-timers"]]);
  });
});

describe("noticeFor", () => {
  it("names every collection to admins and only the public ones to everyone else", () => {
    const moved: Collection[] = ["members", "attendance", "funds", "salary"];
    expect(noticeFor("admin", moved)).toEqual({ type: "changed", collections: moved });
    expect(noticeFor("public", moved)).toEqual({ type: "changed", collections: ["members", "salary"] });
    expect(noticeFor("public", ["attendance", "funds"])).toBeUndefined();
  });
});

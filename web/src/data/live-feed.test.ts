/**
 * The live feed in the data layer (decision 033), against the real API's SSE stream: a notice makes the
 * layer pull within moments, not at its next poll; while the feed is down the poll still brings changes;
 * when it comes back the layer pulls once, since it may have missed notices.
 */
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { createLiveFeed, MAX_RECONNECT_MS, pullOnNotice, retryDelay } from "./live-feed.ts";
import type { CollectionName } from "./portal-db.ts";
import { manualEnvironment } from "./testing/manual-environment.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, liveFeedOf, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
let t: TestLayer;

afterEach(async () => {
  await t.dispose();
});

/** Resolves once `condition` holds, checking in real time (the network is real; the layer's clock is not). */
async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("The condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const timerRuns = async (boss: string) => (await t.db.timers.get(boss))?.isActive === true;

describe("the live feed", () => {
  it("makes the layer pull another app's write within 2 s, with no poll due", async () => {
    t = await createTestLayer(server, { live: true });
    const stop = t.layer.start();
    await waitFor(() => t.layer.feed?.connected === true);
    await t.settle();
    expect(await timerRuns("VENATUS")).toBe(false);
    const reads = server.readsOf("/changes");
    const receipts = server.readsOf("/public/salary-calculation/summary");

    const started = Date.now();
    await server.asAnotherAdmin("/boss-timers", { bossName: "VENATUS" });
    await waitFor(() => timerRuns("VENATUS"), 2_000);
    console.log(`data layer: write to local store ${Date.now() - started} ms`);
    // The notice named the timers only: one delta pull, no receipt read.
    await t.settle();
    expect(server.readsOf("/changes")).toBe(reads + 1);
    expect(server.readsOf("/public/salary-calculation/summary")).toBe(receipts);
    stop();
  });

  it("tells a screen listening for a name what a notice carried, and every listener when the feed is up", async () => {
    t = await createTestLayer(server, { live: true });
    const heard = { timers: 0, market: 0 };
    t.layer.onNotice("boss-timers", () => heard.timers++);
    const stopMarket = t.layer.onNotice("market", () => heard.market++);
    const stop = t.layer.start();
    // Up: notices may have been missed, so every listener reads again.
    await waitFor(() => heard.timers === 1 && heard.market === 1);
    await server.asAnotherAdmin("/boss-timers", { bossName: "VENATUS" });
    await waitFor(() => heard.timers === 2, 2_000);
    expect(heard.market).toBe(1);
    stopMarket();
    await server.asAnotherAdmin("/market-exchange", {
      lootName: "Unheard Blade",
      bossName: "VENATUS",
      value: 10,
      status: "Pending",
      participatedMembers: "Aldric",
    });
    await waitFor(async () => (await t.db.marketItems.toArray()).some((i) => i.lootName === "Unheard Blade"));
    expect(heard.market).toBe(1);
    stop();
  });

  it("pulls the salary receipt when a notice says it moved", async () => {
    t = await createTestLayer(server, { live: true });
    const stop = t.layer.start();
    await waitFor(() => t.layer.feed?.connected === true);
    await t.settle();
    const receipts = server.readsOf("/public/salary-calculation/summary");
    await server.asAnotherAdmin("/market-exchange", {
      lootName: "Live Feed Blade",
      bossName: "VENATUS",
      value: 10_000,
      status: "Sold",
      participatedMembers: "Aldric, Brina",
    });
    await waitFor(() => server.readsOf("/public/salary-calculation/summary") > receipts, 2_000);
    await waitFor(async () =>
      (await t.db.marketItems.toArray()).some((i) => i.lootName === "Live Feed Blade"),
    );
    stop();
  });

  it("while the feed is down, the 60 s poll still brings changes", async () => {
    t = await createTestLayer(server, { live: true });
    const down = { kind: "status" as const, status: 503, error: "The live feed is busy" };
    server.faults.failReads("/live", ...Array.from({ length: 20 }, () => down));
    const stop = t.layer.start();
    await waitFor(() => server.readsOf("/live") >= 1);
    await t.settle();

    await server.asAnotherAdmin("/boss-timers", { bossName: "EGO" });
    t.clock.advance(60_000);
    await waitFor(() => timerRuns("EGO"));
    expect(t.layer.feed?.connected).toBe(false);
    stop();
  });

  it("pulls once when it comes back, bringing what changed while it was down", async () => {
    t = await createTestLayer(server, { live: true });
    server.faults.failReads("/live", { kind: "status", status: 503, error: "The live feed is busy" });
    const stop = t.layer.start();
    await waitFor(() => server.readsOf("/live") >= 1);
    await t.settle();
    expect(t.layer.feed?.connected).toBe(false);

    await server.asAnotherAdmin("/boss-timers", { bossName: "LIVERA" });
    // The first retry comes within a second (jittered); the poll is a minute away.
    t.clock.advance(1_000);
    await waitFor(() => t.layer.feed?.connected === true);
    await waitFor(() => timerRuns("LIVERA"));
    stop();
  });

  it("closes its connection when stopped", async () => {
    t = await createTestLayer(server, { live: true });
    const stop = t.layer.start();
    await waitFor(() => t.layer.feed?.connected === true);
    stop();
    expect(t.layer.feed?.connected).toBe(false);
    expect(t.clock.pendingTimers()).toEqual([]);
  });
  it("after 20 failed tries (a server away for half a minute), still tries every 1 to 2 s, jittered", async () => {
    t = await createTestLayer(server); // for afterEach
    const clock = manualEnvironment();
    const feed = createLiveFeed({
      ...liveFeedOf(server),
      env: clock.env,
      onChanged: () => {},
      onConnected: () => {},
      random: () => 0.999,
    });
    const away = 20;
    server.faults.failReads("/live", ...Array.from({ length: away }, () => ({ kind: "drop" as const })));
    feed.start();
    const tries: number[] = [];
    for (let i = 1; i <= away; i++) {
      await waitFor(() => server.readsOf("/live") === i);
      tries.push(clock.env.now());
      // The drop is seen: the connection's 60 s watchdog gave way to the next try.
      await waitFor(() => (clock.pendingTimers()[0] ?? Infinity) < clock.env.now() + 60_000);
      clock.advance((clock.pendingTimers()[0] as number) - clock.env.now());
    }
    await waitFor(() => feed.connected);
    const waits = tries.slice(1).map((at, i) => at - (tries[i] as number));
    expect(waits[0]).toBeCloseTo(999.5, 0);
    for (const wait of waits.slice(1)) expect(wait).toBeCloseTo(1_999, 0);
    feed.stop();
    expect(clock.pendingTimers()).toEqual([]);
  });

  it("tries again at once when the browser says it is back online, whatever the wait left", async () => {
    t = await createTestLayer(server); // for afterEach
    const clock = manualEnvironment();
    const feed = createLiveFeed({
      ...liveFeedOf(server),
      env: clock.env,
      onChanged: () => {},
      onConnected: () => {},
      random: () => 0.999,
    });
    server.faults.failReads("/live", { kind: "drop" });
    feed.start();
    await waitFor(() => server.readsOf("/live") === 1 && clock.pendingTimers().length === 1);
    clock.fire("online");
    await waitFor(() => feed.connected);
    expect(server.readsOf("/live")).toBe(2);
    feed.stop();
  });

  it("rests while the page is hidden and comes back, announcing itself, when it is shown again", async () => {
    t = await createTestLayer(server); // for afterEach
    const clock = manualEnvironment();
    const visibility = new EventTarget();
    let ups = 0;
    const feed = createLiveFeed({
      ...liveFeedOf(server),
      env: clock.env,
      visibility,
      onChanged: () => {},
      onConnected: () => {
        ups += 1;
      },
    });
    feed.start();
    await waitFor(() => feed.connected);
    const opened = server.readsOf("/live");

    clock.setVisible(false);
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(feed.connected).toBe(false);
    clock.advance(120_000); // nothing tries to reconnect while hidden
    expect(server.readsOf("/live")).toBe(opened);

    clock.setVisible(true);
    visibility.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => feed.connected);
    expect(server.readsOf("/live")).toBe(opened + 1);
    expect(ups).toBe(2);
    feed.stop();
    expect(clock.pendingTimers()).toEqual([]);
  });
});

describe("the feed's parts", () => {
  it("waits between half and all of a ceiling of 1 s, then 2 s however many tries failed", () => {
    expect([0, 1, 2, 5, 6, 20, 2_000].map((n) => retryDelay(n, () => 0))).toEqual([
      500, 1000, 1000, 1000, 1000, 1000, 1000,
    ]);
    expect([0, 1, 6, 20, 2_000].map((n) => retryDelay(n, () => 0.999_999))).toEqual(
      [1000, 2000, 2000, 2000, 2000].map((ceiling) => expect.closeTo(ceiling, 0)),
    );
    expect(MAX_RECONNECT_MS).toBe(2_000);
  });

  it("spreads the tries of phones that lost the server together over a second, none more than once a second", () => {
    const delays = Array.from({ length: 1_000 }, (_, i) => retryDelay(7, () => (i + 0.5) / 1_000));
    const buckets = [0, 0, 0, 0];
    for (const delay of delays) {
      const bucket = Math.floor((delay - 1_000) / 250);
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    expect(buckets).toEqual([250, 250, 250, 250]);
  });

  it("folds the notices that arrive during a pull into one pull after it", async () => {
    t = await createTestLayer(server); // for afterEach
    const pulls: CollectionName[][] = [];
    let release = () => {};
    const notices = pullOnNotice(async (collections) => {
      pulls.push(collections);
      if (pulls.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    notices.notice(["timers"]);
    notices.notice(["bossNames", "timers"]);
    notices.notice(["salaryReceipt"]);
    notices.notice(["timers"]);
    release();
    await notices.idle();
    expect(pulls).toEqual([["timers"], ["bossNames", "timers", "salaryReceipt"]]);
  });
});

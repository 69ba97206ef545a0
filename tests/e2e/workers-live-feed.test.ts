/**
 * The live feed on Workers (decision 033), in the bundle `wrangler deploy` uploads, run in workerd: the guild's
 * Durable Object holds a WebSocket per open app (Hibernation API), and a write through the Worker pokes it
 * after the commit, so another connected app is told what moved. Then two phones in Chromium on the boss
 * page the Worker serves with its assets, as on `npm start`.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "@worker/auth/bootstrap-admin.ts";
import { createNodePostgresDb } from "@worker/db/node-postgres.ts";
import { loadSampleData } from "@worker/node/load-sql.ts";
import { TestClient } from "@worker/test/api-client.ts";
import { type RunningWorker, startWorker } from "@worker/test/worker-runtime.ts";
import { PHONE, workerChromium } from "./browser.ts";
import { connectLiveFeed as connect, databasePaths, setUpWorkerDatabase } from "./worker-harness.ts";

const PEPPER = "workers-live-feed-pepper-0123";
const ADMIN = { email: "officer@guild.test", password: "correct horse battery" };

const harness = setUpWorkerDatabase(async (url) => {
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    await db.transaction((tx) => tx.exec(loadSampleData()));
    await ensureAdmin(db, { ...ADMIN, pepper: PEPPER });
  } finally {
    await db.close();
  }
});

describe.each(databasePaths(harness, { AUTH_PEPPER: PEPPER }))(
  "the live feed in the Worker bundle through $path",
  ({ path, bindings }) => {
    let worker: RunningWorker;
    beforeAll(async () => {
      worker = await startWorker(harness.bundle, bindings());
    });
    afterAll(() => worker?.dispose());

    it("answers a plain GET with 426 (the feed is a WebSocket here), and refuses another site's page", async () => {
      const plain = await worker.fetch("/_api/live");
      expect(plain.status).toBe(426);
      expect(await plain.json()).toEqual({ error: "Open the live feed as a WebSocket." });
      const foreign = await worker.fetch("/_api/live", {
        headers: { Upgrade: "websocket", Origin: "https://evil.example" },
      });
      expect(foreign.status).toBe(403);
    });

    it("tells a connected app what another app's write moved, within 2 s", async () => {
      const visitor = await connect(worker);
      const officer = new TestClient(worker);
      expect((await officer.login(ADMIN.email, ADMIN.password)).status).toBe(200);
      const admin = await connect(worker, officer.cookie);
      expect(await visitor.next()).toEqual({ type: "ready" });
      expect(await admin.next()).toEqual({ type: "ready" });

      // The object may meet the database for the first time: let a first write set its baseline.
      const warmUp = `Live Warm ${path.split(" ")[0]}`;
      expect((await officer.post("/_api/boss-names", { name: warmUp })).status).toBe(201);
      await visitor.next();
      await admin.next();

      const boss = `Live Boss ${path.split(" ")[0]}`;
      const started = Date.now();
      expect((await officer.post("/_api/boss-names", { name: boss })).status).toBe(201);
      expect(await visitor.next(2_000)).toEqual({ type: "changed", collections: ["boss-names"] });
      const ms = Date.now() - started;
      console.log(`workerd live feed (${path}): write to notice ${ms} ms`);
      expect(ms).toBeLessThan(2_000);
      expect(await admin.next(2_000)).toEqual({ type: "changed", collections: ["boss-names"] });

      // Heartbeats are answered by the runtime.
      admin.socket.send("ping");
      expect(await admin.next()).toBe("pong");
      visitor.socket.close(1000, "done");
      admin.socket.close(1000, "done");
    });
  },
);

describe("two phones on the boss page the Worker serves", () => {
  let worker: RunningWorker;
  let browser: Browser;
  beforeAll(async () => {
    // Through the Neon driver: Miniflare's local Hyperdrive proxy stalls each round trip on a delayed ACK
    // (decision 025), which production Hyperdrive does not, and a click's path has a dozen of them.
    const neon = databasePaths(harness, { AUTH_PEPPER: PEPPER })[1];
    if (!neon) throw new Error("No Neon database path");
    worker = await startWorker(harness.bundle, { ...neon.bindings(), assets: true });
    browser = await workerChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.dispose();
  });

  const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

  async function openBossPage(page: Page): Promise<void> {
    const socket = page.waitForEvent("websocket", {
      predicate: (ws) => new URL(ws.url()).pathname === "/_api/live",
      timeout: 30_000,
    });
    await page.goto(`${worker.origin}/boss-timers`);
    await page.locator("li[data-boss]").first().waitFor({ timeout: 30_000 });
    await socket;
  }

  it("a timer one officer starts shows on the other phone within 2 s of its answer, over the Durable Object's WebSocket", async () => {
    const phone = { viewport: PHONE, isMobile: true, hasTouch: true };
    const starter = await (await browser.newContext(phone)).newPage();
    const watcher = await (await browser.newContext(phone)).newPage();
    const login = await starter.request.post(`${worker.origin}/_api/auth/login_with_password`, {
      data: ADMIN,
    });
    expect(login.status()).toBe(200);
    await openBossPage(starter);
    await openBossPage(watcher);

    const boss = "Gravemaw";
    await expect
      .poll(() => card(watcher, boss).getAttribute("data-state"), { timeout: 30_000 })
      .toBe("available");
    await expect
      .poll(() => card(starter, boss).getAttribute("data-state"), { timeout: 30_000 })
      .toBe("available");
    const turned = watcher.waitForFunction(
      (name) =>
        document.querySelector(`li[data-boss="${name}"]`)?.getAttribute("data-state") === "on-cooldown",
      boss,
      { polling: "raf", timeout: 30_000 },
    );
    const answered = starter
      .waitForResponse(
        (r) => new URL(r.url()).pathname === "/_api/boss-timers" && r.request().method() === "POST",
      )
      .then(() => Date.now());
    const clicked = Date.now();
    await card(starter, boss).getByRole("button").tap();
    await turned;
    const shown = Date.now();
    const ms = shown - clicked;
    const afterAnswer = shown - (await answered);
    console.log(
      `browser on workerd: click to the timer on the other phone ${ms} ms, of which ${afterAnswer} ms after the write's answer`,
    );
    // The notice itself arrives within 2 s of the write (the test above, on the socket). Here the phone shows it
    // after its delta pull and render, which a busy two-core machine stretches (2,092 ms in one CI run): the bound
    // is one only the 60-second poll would cross, i.e. the phone did not take the notice (decision 064: no
    // wall-clock bound a busy machine decides). The figures are printed above.
    expect(afterAnswer).toBeLessThan(10_000);
    expect(ms).toBeLessThan(15_000);
  });
});

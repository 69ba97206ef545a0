/**
 * The live feed on one process (decision 033): GET /_api/live is a Server-Sent Events stream that tells an
 * open app, within 2 s of a write's commit, which collections moved, and only those its reader may read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import { type RequestTarget, TestClient } from "../test/api-client.ts";
import { openFeed as openFeedOn } from "../test/feed-reader.ts";
import { createProcessFeed } from "./process-feed.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("live");
});
afterAll(() => portal.close());

const openFeed = (client: TestClient, app: RequestTarget = portal.app) => openFeedOn(client, app);

describe("GET /_api/live", () => {
  it("is an uncached event stream that says it is ready, then names what a write moved within 2 s", async () => {
    const feed = await openFeed(portal.anonymous);
    try {
      expect(feed.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(feed.response.headers.get("cache-control")).toBe("no-store");
      expect(feed.response.headers.get("content-encoding")).toBeNull();
      expect(await feed.next()).toEqual({ type: "ready" });

      const boss = uniqueName("Live Boss ");
      const started = Date.now();
      expect((await portal.admin.post("/_api/boss-names", { name: boss })).status).toBe(201);
      expect(await feed.next(2_000)).toEqual({ type: "changed", collections: ["boss-names"] });
      const ms = Date.now() - started;
      console.log(`live feed: write to notice ${ms} ms`);
      expect(ms).toBeLessThan(2_000);

      expect((await portal.user.post("/_api/boss-timers", { bossName: boss })).status).toBe(200);
      expect(await feed.next(2_000)).toEqual({ type: "changed", collections: ["boss-timers"] });
    } finally {
      await feed.close();
    }
  });

  it("names admin-only collections to admins only", async () => {
    const visitor = await openFeed(portal.anonymous);
    const admin = await openFeed(portal.admin);
    try {
      expect(await visitor.next()).toEqual({ type: "ready" });
      expect(await admin.next()).toEqual({ type: "ready" });
      const boss = uniqueName("Raid Boss ");
      expect((await portal.admin.post("/_api/boss-names", { name: boss })).status).toBe(201);
      expect(await visitor.next(2_000)).toEqual({ type: "changed", collections: ["boss-names"] });
      expect(await admin.next(2_000)).toEqual({ type: "changed", collections: ["boss-names"] });

      const member = uniqueName("Raider");
      const joined = await portal.admin.post("/_api/guild-members", { playerName: member, category: "Core" });
      expect(joined.status).toBe(201);
      expect(await visitor.next(2_000)).toMatchObject({ collections: expect.arrayContaining(["members"]) });
      expect(await admin.next(2_000)).toMatchObject({ collections: expect.arrayContaining(["members"]) });

      const attendance = await portal.admin.post("/_api/attendance", {
        bossName: boss,
        dateAttended: new Date(Date.now() - 3_600_000),
        participatedMembers: [member],
      });
      expect(attendance.status).toBe(201);
      // The raid count on the roster moved for everyone; that attendance did is for admins only.
      const told = (await admin.next(2_000)) as { collections: string[] };
      expect(told.collections).toEqual(expect.arrayContaining(["attendance", "members"]));
      const visitorTold = (await visitor.next(2_000)) as { collections: string[] };
      expect(visitorTold.collections).toContain("members");
      expect(visitorTold.collections).not.toContain("attendance");
    } finally {
      await visitor.close();
      await admin.close();
    }
  });

  // The feed looks at the versions every second while a stream is open; the limit is generous for a busy machine
  // (without that look no notice would come at all: only the app's 60 s poll would bring the change).
  it("tells of a change written around the API (another process, psql) at its next look", async () => {
    const feed = await openFeed(portal.anonymous);
    try {
      expect(await feed.next()).toEqual({ type: "ready" });
      await portal.db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 5)", [
        uniqueName("SQL Boss "),
      ]);
      expect(await feed.next(10_000)).toEqual({ type: "changed", collections: ["boss-names"] });
    } finally {
      await feed.close();
    }
  });

  it("says ready only once it knows the versions: a write right after ready is told, however slow that read", async () => {
    // The first read of the versions (the baseline the next look compares with) takes 300 ms, as on a busy
    // machine. A "ready" sent before it ends would let this write into the baseline, never to be told.
    let slowRead = true;
    const db: Db = {
      driver: portal.db.driver,
      async query(sql, params) {
        if (slowRead && sql.includes("FROM data_versions")) {
          slowRead = false;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        return portal.db.query(sql, params);
      },
      exec: (sql) => portal.db.exec(sql),
      transaction: (fn) => portal.db.transaction(fn),
      close: async () => {},
    };
    const live = createProcessFeed(db);
    const app = createApp({
      db,
      config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" },
      live,
    });
    const feed = await openFeed(new TestClient(app), app);
    try {
      expect(await feed.next()).toEqual({ type: "ready" });
      await portal.db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 5)", [
        uniqueName("Right After Ready "),
      ]);
      expect(await feed.next(5_000)).toEqual({ type: "changed", collections: ["boss-names"] });
    } finally {
      await feed.close();
      live.close();
    }
  });

  it("refuses connections past its cap with 503, and ends every stream when closed", async () => {
    const live = createProcessFeed(portal.db, { maxConnections: 1 });
    const app = createApp({
      db: portal.db,
      config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" },
      live,
    });
    const first = await openFeed(new TestClient(app), app);
    expect(await first.next()).toEqual({ type: "ready" });
    const refused = await app.request("http://localhost/_api/live");
    expect(refused.status).toBe(503);
    expect(live.size).toBe(1);
    live.close();
    expect(await first.next()).toBe("end");
    expect(live.size).toBe(0);
    expect((await app.request("http://localhost/_api/live")).status).toBe(503);
  });

  it("lets a stream go when its reader cancels it", async () => {
    const live = createProcessFeed(portal.db);
    const app = createApp({
      db: portal.db,
      config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" },
      live,
    });
    const feed = await openFeed(new TestClient(app), app);
    expect(await feed.next()).toEqual({ type: "ready" });
    expect(live.size).toBe(1);
    await feed.close();
    expect(live.size).toBe(0);
    live.close();
  });
});

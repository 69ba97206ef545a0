import "fake-indexeddb/auto";
import { liveQuery } from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { unexpectedAnswer } from "@web/lib/api-client.ts";
import { createDataLayer } from "./create-data-layer.ts";
import { readGuildMembers, readSyncStatus, readSyncStatuses } from "./queries.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, layerOptions, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
let t: TestLayer;

afterEach(async () => {
  await t.dispose();
});

describe("pulls", () => {
  it("stores each collection and records when it was synced", async () => {
    t = await createTestLayer(server, { role: "admin" });
    await t.layer.sync.pullAll();

    expect(await t.db.guildMembers.count()).toBe(4); // the admin roster includes kicked members
    expect((await t.db.bossNames.toArray()).map((b) => b.name)).toContain("VENATUS");
    expect(await t.db.timers.get("EGO")).toMatchObject({ bossName: "EGO", respawnTimeHours: 21 });
    expect((await t.db.funds.get("current"))?.value).toMatchObject({ reservedGuildFunds: "320.00" });
    expect((await t.db.salaryReceipt.get("current"))?.value).toEqual(
      await server.answer("/public/salary-calculation/summary"),
    );
    expect(await readSyncStatus(t.db, "guildMembers")).toEqual({
      lastSyncedAt: t.clock.env.now(),
      error: null,
    });
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/guild-members?status=all");
  });

  it("reads every collection's sync status at once, the same as one by one; never-pulled ones are missing", async () => {
    t = await createTestLayer(server, { role: null });
    await t.layer.sync.pullAll();
    server.faults.failReads("/changes", { kind: "status", status: 503, error: "Service unavailable" });
    await t.layer.sync.pull("timers");

    const all = await readSyncStatuses(t.db);
    expect(Object.keys(all).sort()).toEqual([
      "bossNames",
      "guildMembers",
      "guildSettings",
      "marketItems",
      "salaryReceipt",
      "timers",
    ]);
    for (const collection of [
      "bossNames",
      "guildMembers",
      "guildSettings",
      "marketItems",
      "salaryReceipt",
      "timers",
    ] as const) {
      expect(all[collection]).toEqual(await readSyncStatus(t.db, collection));
    }
    expect(all.timers?.error).toBe("Service unavailable");
    expect(all.funds).toBeUndefined();
  });

  it("pulls admin collections only for admins; others get the public roster", async () => {
    t = await createTestLayer(server, { role: null });
    await t.layer.sync.pullAll();

    expect(server.readsOf("/changes")).toBe(1);
    expect(await t.db.guildMembers.count()).toBe(3);
    expect(await t.db.funds.count()).toBe(0);
    expect(await t.db.attendance.count()).toBe(0);
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/public/guild-members");
    expect(await t.db.syncMeta.get("funds")).toBeUndefined();

    await t.setRole("admin");
    t.layer.sessionChanged();
    await t.layer.sync.idle();
    expect(server.readsOf("/changes")).toBe(2);
    expect(await t.db.funds.count()).toBe(1);
    expect(await t.db.guildMembers.count()).toBe(4);
    expect(await readGuildMembers(t.db, { status: "active" })).toHaveLength(3);
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/guild-members?status=all");
  });

  it("pulls the admins' collections for an officer too, under the officer's cursor (decision 067)", async () => {
    t = await createTestLayer(server, { role: "officer" });
    await t.layer.sync.pullAll();

    expect(server.readsOf("/changes")).toBe(1);
    expect(await t.db.guildMembers.count()).toBe(4);
    expect(await t.db.funds.count()).toBe(1);
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/guild-members?status=all");
    for (const collection of ["attendance", "payouts", "fundSpending"] as const) {
      expect((await readSyncStatus(t.db, collection))?.error, collection).toBeNull();
    }
    // Nothing the officer reads is taken for someone else's: the cursor names the officer.
    await t.layer.sync.pullAll();
    expect(server.readsOf("/changes")).toBe(2);
    expect(await t.db.guildMembers.count()).toBe(4);
  });

  it("while the session is being checked, pulls everything the server says the session may read", async () => {
    // The browser is signed in as the admin; the layer does not know it yet.
    t = await createTestLayer(server, { role: undefined });
    await t.layer.sync.pullAll();
    expect(server.readsOf("/public/salary-calculation/summary")).toBe(1);
    expect(server.readsOf("/changes")).toBe(1);
    expect(await t.db.guildMembers.count()).toBe(4);
    expect(await t.db.funds.count()).toBe(1);
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/guild-members?status=all");

    await t.setRole(null); // the check says nobody: a logout meanwhile
    await t.layer.sync.pullAll();
    expect(await t.db.guildMembers.count()).toBe(3);
    expect((await t.db.syncMeta.get("guildMembers"))?.source).toBe("/public/guild-members");
  });

  it("when the session check answers, pulls the row collections again from the cursor, and the receipt once", async () => {
    t = await createTestLayer(server, { role: undefined });
    await server.signInAs(null);
    const reads = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, server.readsOf(p)]));
    await t.layer.sync.pullAll();
    expect(await t.db.guildMembers.count()).toBe(3);
    t.session.role = null;
    t.layer.sessionChanged();
    await t.layer.sync.idle();
    // The receipt came from its only source; the row collections' second pull is a delta with nothing in it.
    const paths = ["/changes", "/public/salary-calculation/summary"];
    expect(reads(paths)).toEqual({ "/changes": 2, "/public/salary-calculation/summary": 1 });

    // A login: the cursor was given to a visitor, so the admin's pull is whole, in one call again.
    await t.setRole("admin");
    t.layer.sessionChanged();
    await t.layer.sync.idle();
    expect(reads(paths)).toEqual({ "/changes": 3, "/public/salary-calculation/summary": 1 });
    expect(await t.db.guildMembers.count()).toBe(4);
    expect(await t.db.funds.count()).toBe(1);
  });

  it("forgetPrivateData drops what came from admin sources and keeps public data and queued writes", async () => {
    t = await createTestLayer(server, { role: "admin" });
    await t.layer.sync.pullAll();
    t.clock.setOnline(false);
    await t.layer.commands.kickMember(await server.memberId("Corvin"));
    await t.layer.forgetPrivateData();

    expect(await t.db.funds.count()).toBe(0);
    expect(await t.db.guildMembers.count()).toBe(0);
    expect(await readSyncStatus(t.db, "funds")).toEqual({ lastSyncedAt: null, error: null });
    expect(await t.db.timers.count()).toBe(5);
    expect(await t.db.outbox.count()).toBe(1);

    // The queued kick is the admin's (decision 039): a visitor's roster is the server's.
    await t.setRole(null);
    t.clock.setOnline(true);
    t.layer.sessionChanged();
    await t.settle();
    expect((await t.db.guildMembers.toArray()).map((m) => m.status)).toEqual(["active", "active", "active"]);
    expect(await t.db.outbox.count()).toBe(1);

    await t.setRole("admin");
    t.layer.sessionChanged();
    await t.settle();
    await t.settle();
    expect(await t.db.outbox.count()).toBe(0);
    expect((await server.members()).find((m) => m.playerName === "Corvin")?.status).toBe("kicked");
  });

  it("a failed pull keeps the cached rows and lastSyncedAt, and records the error", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const syncedAt = t.clock.env.now();
    const before = await t.db.timers.toArray();

    t.clock.advance(60_000);
    server.faults.failReads("/changes", { kind: "status", status: 503, error: "Service unavailable" });
    expect(await t.layer.sync.pull("timers")).toBe("failed");
    expect(await t.db.timers.toArray()).toEqual(before);
    expect(await readSyncStatus(t.db, "timers")).toEqual({
      lastSyncedAt: syncedAt,
      error: "Service unavailable",
    });

    server.faults.failReads("/changes", { kind: "drop" });
    expect(await t.layer.sync.pull("timers")).toBe("failed");
    expect(await t.db.timers.toArray()).toEqual(before);
    expect((await t.db.syncMeta.get("timers"))?.lastErrorStatus).toBe(0);

    expect(await t.layer.sync.pull("timers")).toBe("stored");
    expect(await readSyncStatus(t.db, "timers")).toEqual({ lastSyncedAt: t.clock.env.now(), error: null });
  });

  it("an answer of the wrong shape is recorded as an error, not stored as an empty table", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pull("bossNames");
    const count = await t.db.bossNames.count();
    // A change on the server, so the delta has boss names to bring.
    await server.asAnotherAdmin("/boss-names", { name: "NEWBOSS", respawn_time_hours: 5 });
    server.faults.failReads("/changes", {
      kind: "reshape",
      change: (answer) => {
        const body = answer as { changes: Record<string, unknown> };
        return {
          ...body,
          changes: { ...body.changes, bossNames: { rows: "not a list", deleted: [], replace: true } },
        };
      },
    });

    expect(await t.layer.sync.pull("bossNames")).toBe("failed");
    expect(await t.db.bossNames.count()).toBe(count);
    expect((await readSyncStatus(t.db, "bossNames")).error).toBe(unexpectedAnswer("/changes"));
    expect(await t.layer.sync.pull("bossNames")).toBe("stored");
    expect(await t.db.bossNames.count()).toBe(count + 1);
  });

  it("offline, nothing is requested and nothing is recorded", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    expect(await t.layer.sync.pull("timers")).toBe("skipped");
    expect(server.faults.requests).toHaveLength(0);
    expect(await t.db.syncMeta.count()).toBe(0);
  });

  it("a pull that brings what the table holds writes nothing; a changed row is written alone", async () => {
    t = await createTestLayer(server, { role: null });
    await t.layer.sync.pullAll();
    const seen: string[][] = [];
    const subscription = liveQuery(() => t.db.guildMembers.toArray()).subscribe({
      next: (rows) => seen.push(rows.map((row) => `${row.playerName}:${row.category}`)),
    });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
    await settled();
    expect(seen).toHaveLength(1);

    await t.layer.sync.pullAll();
    await settled();
    // No write, so the screens' queries do not run again.
    expect(seen).toHaveLength(1);

    await server.asAnotherAdmin("/guild-member/update", {
      id: await server.memberId("Corvin"),
      category: "Core",
    });
    await t.layer.sync.pullAll();
    await settled();
    subscription.unsubscribe();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toContain("Corvin:Core");
    expect(seen[1]).toHaveLength(3);
  });

  it("after the first pull, brings only what changed since, in one call for every collection", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const marketBefore = await t.db.marketItems.toArray();
    let seen: { full: boolean; changes: Record<string, { rows: unknown[] }> } | undefined;
    server.faults.failReads("/changes", {
      kind: "reshape",
      change: (answer) => {
        seen = answer as typeof seen;
        return answer;
      },
    });
    await server.asAnotherAdmin("/guild-member/update", {
      id: await server.memberId("Brina"),
      category: "Members",
    });
    await t.layer.sync.pullAll();

    expect(seen?.full).toBe(false);
    expect(Object.keys(seen?.changes ?? {})).toEqual(["guildMembers"]);
    expect(seen?.changes.guildMembers?.rows).toEqual([expect.objectContaining({ playerName: "Brina" })]);
    expect((await t.db.guildMembers.get(await server.memberId("Brina")))?.category).toBe("Members");
    expect(await t.db.guildMembers.count()).toBe(4);
    expect(await t.db.marketItems.toArray()).toEqual(marketBefore);
    expect(server.readsOf("/changes")).toBe(2);
  });

  it("a second request during a pull runs once more after it, not in parallel", async () => {
    t = await createTestLayer(server);
    let release = () => {};
    server.faults.failReads("/changes", { kind: "hold", until: new Promise<void>((r) => (release = r)) });
    const first = t.layer.sync.pull("timers");
    const second = t.layer.sync.pull("timers");
    const third = t.layer.sync.pull("marketItems");
    expect(third).toBe(second);
    release();
    expect(await first).toBe("stored");
    expect(await second).toBe("stored");
    expect(server.readsOf("/changes")).toBe(2);
  });
});

describe("pulls and queued writes", () => {
  it("a pull does not erase a pending optimistic change, and keeps what others changed", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    await server.expireSession(); // the write cannot be delivered yet
    const clicked = new Date(t.clock.env.now());
    await t.layer.commands.startTimer("VENATUS", clicked);
    await t.settle();
    await server.signIn();

    // Meanwhile someone else started EGO on the server.
    await server.asAnotherAdmin("/boss-timers", { bossName: "EGO", startTime: clicked });
    t.clock.advance(60_000);
    expect(await t.layer.sync.pull("timers")).toBe("stored");

    expect(await t.db.timers.get("VENATUS")).toMatchObject({
      startTime: clicked,
      endTime: new Date(clicked.getTime() + 10 * 3_600_000),
      isActive: true,
    });
    expect(await t.db.timers.get("EGO")).toMatchObject({ isActive: true, startTime: clicked });
    expect((await server.timer("VENATUS"))?.isActive).toBe(false);

    t.layer.sessionChanged();
    await t.settle();
    expect(await t.db.timers.get("VENATUS")).toEqual(await server.timer("VENATUS"));
  });

  it("re-applies a pending attendance change to the roster it counts raids on", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    await server.expireSession();
    await t.layer.commands.createAttendance({
      bossName: "VENATUS",
      dateAttended: new Date(t.clock.env.now() - 3_600_000),
      participatedMembers: ["Aldric", "Brina"],
    });
    await t.settle();
    await server.signIn();

    expect(await t.layer.sync.pull("guildMembers")).toBe("stored");
    const aldric = await t.db.guildMembers.get(await server.memberId("Aldric"));
    expect(aldric?.raidsParticipated).toBe(4);
    expect(await t.db.attendance.count()).toBe(1);
  });

  it("drops an answer that may predate a write acknowledged meanwhile; the write's refresh follows", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    let release = () => {};
    server.faults.failReads("/changes", { kind: "hold", until: new Promise<void>((r) => (release = r)) });
    const reads = server.readsOf("/changes");
    const slow = t.layer.sync.pull("timers");
    await server.until(() => server.readsOf("/changes") > reads); // the GET is held at the server

    await t.layer.commands.startTimer("VENATUS");
    await t.layer.outbox.drain();
    release();
    expect(await slow).toBe("stale");
    await t.layer.sync.idle();

    const venatus = await server.timer("VENATUS");
    expect(await t.db.timers.get("VENATUS")).toEqual(venatus);
    expect(venatus?.isActive).toBe(true);
  });
});

describe("when sync runs", () => {
  it("on start, on focus, on 'online', and every 60 s while the page is visible", async () => {
    t = await createTestLayer(server);
    const reads = () => server.readsOf("/changes");
    const stop = t.layer.start();
    await t.settle();
    expect(reads()).toBe(1);

    t.clock.fire("focus");
    await t.settle();
    expect(reads()).toBe(2);

    t.clock.fire("online");
    await t.settle();
    expect(reads()).toBe(3);

    t.clock.advance(60_000);
    await t.settle();
    expect(reads()).toBe(4);

    t.clock.setVisible(false);
    t.clock.advance(120_000);
    await t.settle();
    expect(reads()).toBe(4);

    t.clock.setVisible(true);
    t.clock.advance(60_000);
    await t.settle();
    expect(reads()).toBe(5);

    stop();
    t.clock.fire("focus");
    t.clock.advance(60_000);
    await t.settle();
    expect(reads()).toBe(5);
    expect(t.clock.pendingTimers()).toEqual([]);
  });

  it("a full pull the server answers says so once (the outbox's cue, decision 057); a pull of notices does not", async () => {
    t = await createTestLayer(server);
    const answers = () => t.layer.store.getState().serverAnswers;
    await t.layer.sync.pullAll();
    expect(answers()).toBe(1);

    // Nothing answered: the server is not known to be back.
    server.faults.failReads("/changes", { kind: "drop" });
    server.faults.failReads("/public/salary-calculation/summary", { kind: "drop" });
    server.faults.failReads("/public/guild-settings", { kind: "drop" });
    await t.layer.sync.pullAll();
    expect(answers()).toBe(1);

    // One answer is enough; it says so once for the whole pull.
    server.faults.failReads("/changes", { kind: "status", status: 503, error: "Service unavailable" });
    await t.layer.sync.pullAll();
    expect(answers()).toBe(2);
    await t.layer.sync.pullAll();
    expect(answers()).toBe(3);

    await t.layer.sync.pullMany(["timers", "salaryReceipt"]);
    expect(answers()).toBe(3);
    t.clock.setOnline(false);
    await t.layer.sync.pullAll();
    expect(answers()).toBe(3);
  });

  it("a session listener re-pulls when the role changes", async () => {
    t = await createTestLayer(server, { role: null });
    const listeners = new Set<() => void>();
    const layer = createDataLayer({
      api: layerOptions(server).api,
      getRole: () => t.session.role,
      getAccount: () => t.session.account,
      subscribeSession: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      db: t.db,
      env: t.clock.env,
    });
    const stop = layer.start();
    await layer.sync.idle();
    expect(await t.db.funds.count()).toBe(0);

    await t.setRole("admin");
    for (const listener of listeners) listener();
    await layer.sync.idle();
    expect(await t.db.funds.count()).toBe(1);

    stop();
    expect(listeners.size).toBe(0);
  });
});

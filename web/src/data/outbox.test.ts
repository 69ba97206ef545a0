import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { fixedScheduleRefusal } from "@shared/schemas/boss-timers.ts";
import { duplicateMemberMessage } from "@shared/schemas/members.ts";
import { MAX_RETRY_MS } from "./retry-policy.ts";
import { memoryLocks } from "./testing/manual-environment.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
let t: TestLayer;

async function appliedKeys() {
  return (await server.applied()).map((write) => write.key);
}

afterEach(async () => {
  await t.dispose();
});

async function outboxRows() {
  return t.db.outbox.orderBy("seq").toArray();
}

describe("outbox sending order", () => {
  it("sends queued writes in order, each with its own row id as Idempotency-Key", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    const ids = [
      await t.layer.commands.startTimer("VENATUS"),
      await t.layer.commands.createMember({ playerName: "Eira", category: "Core" }),
      await t.layer.commands.startTimer("EGO"),
    ];
    expect(server.writes()).toHaveLength(0);

    t.clock.setOnline(true);
    await t.settle();

    expect(server.writes().map((w) => [w.path, w.key])).toEqual([
      ["/boss-timers", ids[0]],
      ["/guild-members", ids[1]],
      ["/boss-timers", ids[2]],
    ]);
    expect(new Set(ids).size).toBe(3);
    expect(await outboxRows()).toEqual([]);
  });

  it("sends a timer's click time, not the time the row is sent", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    const clicked = new Date(t.clock.env.now());
    await t.layer.commands.startTimer("VENATUS", clicked);
    t.clock.advance(10 * 60_000);
    t.clock.setOnline(true);
    await t.settle();

    expect(server.writes()[0]?.body).toEqual({ bossName: "VENATUS", startTime: clicked });
    expect((await server.timer("VENATUS"))?.startTime).toEqual(clicked);
  });
});

describe("outbox retries", () => {
  it("after a network failure the head row waits 1 s, then 2 s, and the rows behind it keep their place", async () => {
    t = await createTestLayer(server);
    server.faults.failWrites({ kind: "drop" }, { kind: "drop" });
    t.clock.setOnline(false);
    const first = await t.layer.commands.startTimer("VENATUS");
    const second = await t.layer.commands.startTimer("EGO");
    t.clock.setOnline(true);
    const start = t.clock.env.now();

    await t.layer.outbox.drain();
    let [head, behind] = await outboxRows();
    expect(head).toMatchObject({ id: first, status: "pending", attempts: 1, lastStatus: 0 });
    expect(head?.nextAttemptAt).toBe(start + 1_000);
    expect(behind).toMatchObject({ id: second, status: "pending", attempts: 0 });
    expect(t.clock.pendingTimers()).toContain(start + 1_000);

    t.clock.advance(999);
    await t.layer.outbox.drain();
    expect(server.writes()).toHaveLength(1);

    t.clock.advance(1); // the scheduled wake-up sends again
    await t.layer.outbox.drain();
    [head] = await outboxRows();
    expect(head).toMatchObject({ id: first, attempts: 2, lastStatus: 0 });
    expect(head?.nextAttemptAt).toBe(start + 1_000 + 2_000);

    t.clock.advance(2_000);
    await t.settle();
    expect(server.writes().map((w) => w.key)).toEqual([first, first, first, second]);
    expect(await appliedKeys()).toEqual([first, second]);
    expect(await outboxRows()).toEqual([]);
  });

  it("retries a 503 with the same key, backing off up to 60 s", async () => {
    t = await createTestLayer(server);
    const failures = 9;
    server.faults.failWrites(
      ...Array.from({ length: failures }, () => ({
        kind: "status" as const,
        status: 503,
        error: "Service unavailable",
      })),
    );
    const id = await t.layer.commands.startTimer("VENATUS");
    const delays: number[] = [];
    for (let i = 0; i < failures; i++) {
      await t.layer.outbox.drain();
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: "pending", lastStatus: 503, lastError: "Service unavailable" });
      delays.push((row?.nextAttemptAt ?? 0) - t.clock.env.now());
      t.clock.advance(MAX_RETRY_MS);
    }
    await t.settle();

    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(new Set(server.writes().map((w) => w.key))).toEqual(new Set([id]));
    expect(await appliedKeys()).toEqual([id]);
  });

  it("treats 429 and 500 as temporary too", async () => {
    t = await createTestLayer(server);
    server.faults.failWrites(
      { kind: "status", status: 429, error: "Too many requests" },
      { kind: "status", status: 500, error: "Something went wrong" },
    );
    await t.layer.commands.startTimer("VENATUS");
    await t.layer.outbox.drain();
    t.clock.advance(1_000);
    await t.layer.outbox.drain();
    t.clock.advance(2_000);
    await t.settle();
    expect(await appliedKeys()).toHaveLength(1);
    expect(await outboxRows()).toEqual([]);
  });

  it("re-sends a row whose answer was lost with the same key, and the server applies it once", async () => {
    t = await createTestLayer(server);
    server.faults.failWrites({ kind: "lose-answer" });
    const id = await t.layer.commands.startTimer("VENATUS");
    await t.layer.outbox.drain();
    expect(await appliedKeys()).toEqual([id]);
    expect((await outboxRows())[0]).toMatchObject({ id, status: "pending", lastStatus: 0 });

    t.clock.advance(1_000);
    await t.settle();
    expect(server.writes().map((w) => w.key)).toEqual([id, id]);
    expect(await appliedKeys()).toEqual([id]);
    expect(await server.auditedActions("boss_timer", "VENATUS")).toEqual(["start"]);
    expect(await outboxRows()).toEqual([]);
  });

  it("the 'online' event makes a row waiting out its backoff due at once", async () => {
    t = await createTestLayer(server);
    const stop = t.layer.start();
    server.faults.failWrites({ kind: "drop" }, { kind: "drop" }, { kind: "drop" });
    await t.layer.commands.startTimer("VENATUS");
    await t.settle();
    await t.layer.outbox.drain();
    t.clock.advance(1_000);
    await t.layer.outbox.drain();
    t.clock.advance(2_000);
    await t.layer.outbox.drain();
    expect((await outboxRows())[0]?.attempts).toBe(3);

    t.clock.fire("online");
    await t.settle();
    expect(await outboxRows()).toEqual([]);
    stop();
  });
});

describe("outbox refusals", () => {
  it("marks a 400 failed with the server's message, and the next row still goes", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    const refused = await t.layer.commands.startTimer("CLEMANTIS");
    const next = await t.layer.commands.startTimer("VENATUS");
    t.clock.setOnline(true);
    await t.settle();

    expect(await outboxRows()).toEqual([
      expect.objectContaining({
        id: refused,
        status: "failed",
        lastStatus: 400,
        lastError: fixedScheduleRefusal("CLEMANTIS"),
      }),
    ]);
    expect(await appliedKeys()).toEqual([next]);
    // The refused change stays visible with its error until it is retried or discarded.
    expect((await t.db.timers.get("CLEMANTIS"))?.isActive).toBe(true);
  });

  it("a 409 is a refusal too; a later row is not held back by it", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    const duplicate = await t.layer.commands.createMember({ playerName: "aldric", category: "Core" });
    await t.layer.commands.createMember({ playerName: "Fenna", category: "Members" });
    t.clock.setOnline(true);
    await t.settle();

    const [row] = await outboxRows();
    expect(row).toMatchObject({ id: duplicate, status: "failed", lastStatus: 409 });
    expect(row?.lastError).toBe(duplicateMemberMessage("aldric"));
    expect((await server.members()).map((m) => m.playerName)).toContain("Fenna");
  });

  it("retry puts a failed row back in line; discard drops it and its local change, even offline", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const refused = await t.layer.commands.startTimer("CLEMANTIS");
    await t.settle();
    expect((await outboxRows())[0]?.status).toBe("failed");

    // The server still refuses: the row is failed again, tried once more.
    expect(await t.layer.outbox.retry(refused)).toBe(true);
    await t.settle();
    expect(server.writes().filter((w) => w.key === refused)).toHaveLength(2);
    expect((await outboxRows())[0]).toMatchObject({ status: "failed", attempts: 1 });

    t.clock.setOnline(false);
    expect(await t.layer.outbox.discard(refused)).toBe(true);
    expect(await outboxRows()).toEqual([]);
    expect(await t.db.timers.get("CLEMANTIS")).toMatchObject({ isActive: false, startTime: null });
    expect(await t.layer.outbox.discard(refused)).toBe(false);
  });

  it("discard re-pulls the affected collections when online", async () => {
    t = await createTestLayer(server);
    await server.expireSession(); // keep the row queued
    await t.layer.commands.startTimer("VENATUS");
    await t.settle();
    const [row] = await outboxRows();
    const reads = server.readsOf("/changes");

    await server.signIn();
    await t.layer.outbox.discard(row?.id ?? "");
    await t.layer.sync.idle();
    expect(server.readsOf("/changes")).toBe(reads + 1);
    expect((await t.db.timers.get("VENATUS"))?.startTime).toBeNull();
  });
});

describe("outbox and the session", () => {
  it("a 401 pauses the queue: nothing more is sent and nothing fails until the session is back", async () => {
    t = await createTestLayer(server);
    await server.expireSession();
    t.clock.setOnline(false);
    await t.layer.commands.startTimer("VENATUS");
    await t.layer.commands.startTimer("EGO");
    t.clock.setOnline(true);
    await t.settle();

    expect(t.layer.store.getState().paused).toBe(true);
    expect(server.writes()).toHaveLength(1);
    const rows = await outboxRows();
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(rows[0]).toMatchObject({ attempts: 0, lastStatus: 401 });

    t.clock.advance(5 * 60_000);
    await t.layer.outbox.drain();
    expect(server.writes()).toHaveLength(1);

    await server.signIn();
    t.layer.sessionChanged();
    await t.settle();
    expect(t.layer.store.getState().paused).toBe(false);
    expect((await server.applied()).map((w) => (w.answer.timer as { bossName: string }).bossName)).toEqual([
      "VENATUS",
      "EGO",
    ]);
    expect(await outboxRows()).toEqual([]);
  });

  it("stays paused when the session change leaves nobody logged in", async () => {
    t = await createTestLayer(server);
    await server.expireSession();
    await t.layer.commands.startTimer("VENATUS");
    await t.settle();
    t.session.role = null;
    t.layer.sessionChanged();
    await t.settle();
    expect(t.layer.store.getState().paused).toBe(true);
    expect(server.writes()).toHaveLength(1);
  });
});

/** Queues a timer start offline and marks it as being sent by a page that is gone. */
async function queueRowClaimedByAnotherSender(): Promise<string> {
  t.clock.setOnline(false);
  const id = await t.layer.commands.startTimer("VENATUS");
  const [row] = await outboxRows();
  await t.db.outbox.update(row?.seq ?? 0, { status: "sending", attempts: 1, claimedAt: t.clock.env.now() });
  return id;
}

describe("one sender at a time", () => {
  it("a row left 'sending' by a closed page is sent again with the same key", async () => {
    t = await createTestLayer(server, { locks: memoryLocks() });
    const id = await queueRowClaimedByAnotherSender();

    t.clock.setOnline(true);
    await t.settle();
    expect(server.writes().map((w) => w.key)).toEqual([id]);
    expect(await outboxRows()).toEqual([]);
  });

  it("without Web Locks, another tab's 'sending' row is waited for until its lease runs out", async () => {
    t = await createTestLayer(server, { locks: null });
    const id = await queueRowClaimedByAnotherSender();

    t.clock.setOnline(true);
    await t.settle();
    expect(server.writes()).toHaveLength(0);

    t.clock.advance(35_000);
    await t.settle();
    expect(server.writes().map((w) => w.key)).toEqual([id]);
  });

  for (const [label, locks] of [
    ["with a shared Web Lock", memoryLocks()],
    ["with claims in IndexedDB only", null],
  ] as const) {
    it(`two tabs draining at once send each row once, in order (${label})`, async () => {
      t = await createTestLayer(server, { locks });
      const other = t.openTab({ locks });
      t.clock.setOnline(false);
      other.clock.setOnline(false);
      const ids: string[] = [];
      for (const name of ["Eira", "Fenna", "Gorm", "Hale", "Ivo"]) {
        ids.push(await t.layer.commands.createMember({ playerName: name, category: "Members" }));
      }
      t.clock.setOnline(true);
      other.clock.setOnline(true);
      await Promise.all([t.layer.outbox.drain(), other.layer.outbox.drain(), t.layer.outbox.drain()]);
      await t.settle();

      expect(server.writes().map((w) => w.key)).toEqual(ids);
      expect(await outboxRows()).toEqual([]);
    });
  }
});

describe("refresh after success", () => {
  it("pulls the timers once a timer start is acknowledged, replacing the local guess with the server's row", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const reads = server.readsOf("/changes");
    await t.layer.commands.startTimer("VENATUS");
    await t.settle();

    expect(server.readsOf("/changes")).toBe(reads + 1);
    expect(await t.db.timers.get("VENATUS")).toEqual(await server.timer("VENATUS"));
  });

  it("a member created offline gets the server's id after the refresh", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    t.clock.setOnline(false);
    await t.layer.commands.createMember({ playerName: "Eira", category: "Core" });
    const local = await t.db.guildMembers.where("playerName").equals("Eira").first();
    expect(local?.id).toBeLessThan(0);

    t.clock.setOnline(true);
    await t.settle();
    const synced = await t.db.guildMembers.where("playerName").equals("Eira").toArray();
    expect(synced).toHaveLength(1);
    expect(synced[0]?.id).toBeGreaterThan(0);
  });
});

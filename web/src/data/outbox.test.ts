import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { fixedScheduleRefusal } from "@shared/schemas/boss-timers.ts";
import { duplicateMemberMessage, type GuildMember } from "@shared/schemas/members.ts";
import { NOT_TRIED, NOT_TRIED_STATUS } from "@shared/sync/write-batch.ts";
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

async function outboxRow(id: string) {
  return t.db.outbox.where("id").equals(id).first();
}

/** Resolves once `condition` holds, checking in real time (the network is real; the layer's clock is not). */
async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("The condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
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
  it("after a network failure the rows of the batch wait 1 s, then 2 s, together, and go again in one batch", async () => {
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
    expect(behind).toMatchObject({ id: second, status: "pending", attempts: 1, lastStatus: 0 });
    expect([head?.nextAttemptAt, behind?.nextAttemptAt]).toEqual([start + 1_000, start + 1_000]);
    expect(t.clock.pendingTimers()).toContain(start + 1_000);

    t.clock.advance(999);
    await t.layer.outbox.drain();
    expect(server.writes()).toHaveLength(2);

    t.clock.advance(1); // the scheduled wake-up sends again
    await t.layer.outbox.drain();
    [head, behind] = await outboxRows();
    expect(head).toMatchObject({ id: first, attempts: 2, lastStatus: 0 });
    expect([head?.nextAttemptAt, behind?.nextAttemptAt]).toEqual([start + 3_000, start + 3_000]);

    t.clock.advance(2_000);
    await t.settle();
    expect(server.writes().map((w) => w.key)).toEqual([first, second, first, second, first, second]);
    expect(new Set(server.writes().map((w) => w.batch))).toEqual(new Set([1, 2, 3]));
    expect(await appliedKeys()).toEqual([first, second]);
    expect(await outboxRows()).toEqual([]);
  });

  it("a row waiting out its backoff holds back the later writes to its row, not the writes to other rows", async () => {
    t = await createTestLayer(server);
    server.faults.failWrites({ kind: "status", status: 503, error: "Service unavailable" });
    const start = await t.layer.commands.startTimer("VENATUS");
    await t.layer.outbox.drain();
    expect((await outboxRows())[0]).toMatchObject({ id: start, status: "pending", lastStatus: 503 });

    const reset = await t.layer.commands.resetTimers("VENATUS");
    const member = await t.layer.commands.createMember({ playerName: "Eira", category: "Members" });
    const other = await t.layer.commands.startTimer("EGO");
    await t.layer.outbox.drain();
    // The member and the other boss went at once; the reset waits behind the start of its boss.
    expect(await appliedKeys()).toEqual([member, other]);
    expect((await outboxRows()).map((r) => [r.id, r.attempts])).toEqual([
      [start, 1],
      [reset, 0],
    ]);

    t.clock.advance(1_000);
    await t.settle();
    expect(await appliedKeys()).toEqual([member, other, start, reset]);
    // Together, in their order: the reset came after the start, so the boss has no running timer.
    const [startSent, resetSent] = server
      .writes()
      .filter((w) => w.key === reset || w.batch !== undefined)
      .slice(-2);
    expect([startSent?.key, resetSent?.key]).toEqual([start, reset]);
    expect(startSent?.batch).toBe(resetSent?.batch);
    expect((await server.timer("VENATUS"))?.startTime).toBeNull();
  });

  it("waits a jittered share of the backoff: another draw, another wait, never beyond the cap", async () => {
    t = await createTestLayer(server, { random: () => 0.25 });
    server.faults.failWrites({ kind: "drop" }, { kind: "drop" }, { kind: "drop" });
    await t.layer.commands.startTimer("VENATUS");
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await t.layer.outbox.drain();
      const [row] = await outboxRows();
      waits.push((row?.nextAttemptAt ?? 0) - t.clock.env.now());
      t.clock.advance(row?.nextAttemptAt ? row.nextAttemptAt - t.clock.env.now() : 0);
    }
    await t.settle();
    expect(waits).toEqual([250, 500, 1_000]);
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
    // The start's pulls answered before the sends fail: the server is not known to be back meanwhile.
    await t.settle();
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

describe("outbox after the server is back", () => {
  it("the live feed back up sends the writes that waited for the server at once, their backoff started over", async () => {
    t = await createTestLayer(server, { live: true });
    const stop = t.layer.start();
    await waitFor(() => t.layer.feed?.connected === true);
    await t.settle();

    // The server is away for a timer start: four sends get no answer, and its wait grows to 8 s.
    server.faults.failWrites({ kind: "drop" }, { kind: "drop" }, { kind: "drop" }, { kind: "drop" });
    const waiting = await t.layer.commands.startTimer("VENATUS");
    await t.layer.outbox.drain();
    for (const ms of [1_000, 2_000, 4_000]) {
      t.clock.advance(ms);
      await t.layer.outbox.drain();
    }
    expect(await outboxRow(waiting)).toMatchObject({
      status: "pending",
      attempts: 4,
      lastStatus: 0,
      nextAttemptAt: t.clock.env.now() + 8_000,
    });
    // Another start gets an answer, a failure of the server's own: it keeps its wait.
    server.faults.failWrites(
      { kind: "status", status: 500, error: "Something went wrong" },
      { kind: "drop" },
    );
    const refused = await t.layer.commands.startTimer("EGO");
    await t.layer.outbox.drain();
    const refusedRow = await outboxRow(refused);
    expect(refusedRow).toMatchObject({
      attempts: 1,
      lastStatus: 500,
      nextAttemptAt: t.clock.env.now() + 1_000,
    });

    // The feed loses the server and finds it again within its first retry.
    server.faults.failReads("/live", { kind: "drop" });
    t.layer.feed?.restart();
    await waitFor(() => (t.clock.pendingTimers()[0] as number) < t.clock.env.now() + 1_000);
    t.clock.advance((t.clock.pendingTimers()[0] as number) - t.clock.env.now());
    await waitFor(() => t.layer.feed?.connected === true);

    // The start that waited goes at once; its send meets one more drop and waits 1 s, not 16 s.
    const sentAt = t.clock.env.now();
    await waitFor(async () => (await outboxRow(waiting))?.nextAttemptAt === sentAt + 1_000);
    expect(await outboxRow(waiting)).toMatchObject({ status: "pending", attempts: 1, lastStatus: 0 });
    expect(await outboxRow(refused)).toEqual(refusedRow);

    t.clock.advance(1_000);
    await t.settle();
    expect((await appliedKeys()).sort()).toEqual([waiting, refused].sort());
    expect(await outboxRows()).toEqual([]);
    stop();
  });
});

describe("outbox batches", () => {
  it("sends the queue in one batch and settles it in one go: every row applied once, in order", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    t.clock.setOnline(false);
    const ids: string[] = [];
    for (const name of ["Eira", "Fenna", "Gorm"]) {
      ids.push(await t.layer.commands.createMember({ playerName: name, category: "Members" }));
    }
    ids.push(await t.layer.commands.startTimer("VENATUS"));
    const reads = server.readsOf("/changes");
    t.clock.setOnline(true);
    await t.settle();

    expect(server.writes().map((w) => [w.key, w.batch])).toEqual(ids.map((id) => [id, 1]));
    expect(await appliedKeys()).toEqual(ids);
    expect(await outboxRows()).toEqual([]);
    // One delta pull for the whole batch brings the server's rows in place of the local guesses.
    expect(server.readsOf("/changes")).toBe(reads + 1);
    const eira = await t.db.guildMembers.where("playerName").equals("Eira").toArray();
    expect(eira.map((m) => m.id)).toEqual([await server.memberId("Eira")]);
  });

  it("folds the rows the server answered with into the base copy, even when the refresh pull fails", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const corvin = await server.memberId("Corvin");
    server.faults.failReads("/changes", { kind: "drop" });
    t.clock.setOnline(false);
    await t.layer.commands.createMember({ playerName: "Eira", category: "Core" });
    await t.layer.commands.updateMember({ id: corvin, category: "Core" });
    t.clock.setOnline(true);
    await t.settle();

    expect(await outboxRows()).toEqual([]);
    const base = ((await t.db.baseSnapshots.get("guildMembers"))?.rows ?? []) as GuildMember[];
    const served = await server.members();
    expect(base.filter((m) => m.id < 0)).toEqual([]);
    expect(base.find((m) => m.playerName === "Eira")).toEqual(served.find((m) => m.playerName === "Eira"));
    expect(base.find((m) => m.id === corvin)).toEqual(served.find((m) => m.id === corvin));
  });

  it("sends each row alone, in order, when the server has no batch call (a deploy in between)", async () => {
    t = await createTestLayer(server);
    server.faults.failWrites({ kind: "status", status: 404, error: "Not found" });
    t.clock.setOnline(false);
    const ids = [
      await t.layer.commands.createMember({ playerName: "Eira", category: "Members" }),
      await t.layer.commands.startTimer("VENATUS"),
    ];
    t.clock.setOnline(true);
    await t.settle();

    expect(server.writes().map((w) => [w.key, w.batch])).toEqual([
      [ids[0], 1],
      [ids[1], 1],
      [ids[0], undefined],
      [ids[1], undefined],
    ]);
    expect(await appliedKeys()).toEqual(ids);
    expect(await outboxRows()).toEqual([]);
  });

  it("a write the batch did not try goes again at once, without counting an attempt", async () => {
    t = await createTestLayer(server);
    const notTried = (answer: unknown) => {
      const { results } = answer as { results: { key: string; status: number; body: unknown }[] };
      const [first, ...rest] = results;
      return {
        results: [
          first,
          ...rest.map((r) => ({ ...r, status: NOT_TRIED_STATUS, body: { error: NOT_TRIED } })),
        ],
      };
    };
    server.faults.failWrites({ kind: "reshape", change: notTried }, { kind: "drop" });
    t.clock.setOnline(false);
    const ids = [
      await t.layer.commands.createMember({ playerName: "Eira", category: "Members" }),
      await t.layer.commands.createMember({ playerName: "Fenna", category: "Members" }),
      await t.layer.commands.startTimer("VENATUS"),
    ];
    t.clock.setOnline(true);
    await t.layer.outbox.drain();
    // Sent again at once (and dropped): that attempt is the only one they count.
    expect((await outboxRows()).map((r) => [r.id, r.attempts, r.lastStatus])).toEqual([
      [ids[1], 1, 0],
      [ids[2], 1, 0],
    ]);

    t.clock.advance(1_000);
    await t.settle();
    // The server did apply them (only its answer said otherwise): sent again with their keys, applied once.
    expect(server.writes().map((w) => [w.key, w.batch])).toEqual([
      [ids[0], 1],
      [ids[1], 1],
      [ids[2], 1],
      [ids[1], 2],
      [ids[2], 2],
      [ids[1], 3],
      [ids[2], 3],
    ]);
    expect(await appliedKeys()).toEqual(ids);
    expect(await outboxRows()).toEqual([]);
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
    // One batch, refused at the door: neither write was tried.
    expect(new Set(server.writes().map((w) => w.batch))).toEqual(new Set([1]));
    const rows = await outboxRows();
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(rows.map((r) => [r.attempts, r.lastStatus])).toEqual([
      [0, 401],
      [0, 401],
    ]);

    t.clock.advance(5 * 60_000);
    await t.layer.outbox.drain();
    expect(server.writes()).toHaveLength(2);

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

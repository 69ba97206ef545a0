// Timer starts queued offline, against the real API (decision 036): the latest start stands whatever arrives
// last, and a start that waited too long fails as too old to record, which Retry cannot save.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { START_TIME_TOO_OLD } from "@shared/bosses/timer-start-windows.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";
import { isTooOldToRecord } from "./too-old-starts.ts";

const server = testApiServer();
let t: TestLayer;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

afterEach(async () => {
  await t.dispose();
});

describe("an offline start older than one recorded meanwhile", () => {
  it("completes without a refusal, and this device shows the newer timer, which the server kept", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    t.clock.setOnline(false);
    const clicked = new Date(t.clock.env.now() - 30 * MINUTE_MS);
    const id = await t.layer.commands.startTimer("VENATUS", clicked);
    expect((await t.db.timers.get("VENATUS"))?.startTime).toEqual(clicked);

    // Another admin records a later kill while this device is offline.
    const later = new Date(Date.now() - 10 * MINUTE_MS);
    await server.asAnotherAdmin("/boss-timers", { bossName: "VENATUS", startTime: later });

    t.clock.setOnline(true);
    await t.settle();

    expect(await t.db.outbox.toArray()).toEqual([]);
    const applied = (await server.applied()).find((write) => write.key === id);
    expect(applied?.answer).toMatchObject({ timer: { startTime: later, isActive: true } });
    expect((await server.timer("VENATUS"))?.startTime).toEqual(later);
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: later, isActive: true });
  });

  it("does not replace a newer timer on this device either while it waits to be sent", async () => {
    t = await createTestLayer(server);
    await t.layer.commands.startTimer("EGO", new Date(t.clock.env.now() - 5 * MINUTE_MS));
    await t.settle();
    const newer = await t.db.timers.get("EGO");
    t.clock.setOnline(false);
    await t.layer.commands.startTimer("EGO", new Date(t.clock.env.now() - 20 * MINUTE_MS));
    expect(await t.db.timers.get("EGO")).toEqual(newer);
  });
});

describe("a start too old to record", () => {
  it("fails before it is sent once it is older than the 24-hour window, and Discard takes it back", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    const before = await server.timer("VENATUS");
    t.clock.setOnline(false);
    await t.layer.commands.startTimer("VENATUS", new Date(t.clock.env.now()));
    t.clock.advance(24 * HOUR_MS + 3 * MINUTE_MS);
    t.clock.setOnline(true);
    await t.settle();

    expect(server.writes()).toEqual([]);
    const [row] = await t.db.outbox.toArray();
    expect(row).toMatchObject({ status: "failed", lastError: START_TIME_TOO_OLD, lastStatus: 400 });
    expect(row && isTooOldToRecord(row)).toBe(true);

    expect(await t.layer.outbox.discard(row?.id as string)).toBe(true);
    await t.settle();
    expect(await t.db.outbox.toArray()).toEqual([]);
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: before?.startTime ?? null });
    expect(await server.timer("VENATUS")).toEqual(before);
  });

  it("is recognised the same way when the server finds it too old (this device's clock is behind)", async () => {
    t = await createTestLayer(server);
    // 24 h and 1 min back by this device's clock: within its skew allowance, so it is sent, and refused.
    await t.layer.commands.startTimer("VENATUS", new Date(t.clock.env.now() - 24 * HOUR_MS - MINUTE_MS));
    await t.settle();

    expect(server.writes()).toHaveLength(1);
    const [row] = await t.db.outbox.toArray();
    expect(row).toMatchObject({ status: "failed", lastError: START_TIME_TOO_OLD, lastStatus: 400 });
    expect(row && isTooOldToRecord(row)).toBe(true);
  });

  it("is not what a start inside the window is: 23 h 59 min back is sent and recorded", async () => {
    t = await createTestLayer(server);
    await t.layer.sync.pullAll();
    await server.asAnotherAdmin("/boss-timers/delete", { bossName: "VENATUS" });
    const clicked = new Date(t.clock.env.now() - 23 * HOUR_MS - 59 * MINUTE_MS);
    await t.layer.commands.startTimer("VENATUS", clicked);
    await t.settle();
    expect(await t.db.outbox.toArray()).toEqual([]);
    expect((await server.timer("VENATUS"))?.startTime).toEqual(clicked);
  });
});

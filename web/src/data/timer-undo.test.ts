// A start and its undo queued offline, against the real API (decision 041): sent together once the device is
// back, the undo still falls within its window (measured from when the server recorded the start), and each
// write is applied exactly once.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
let t: TestLayer;
const HOUR_MS = 3_600_000;

afterEach(async () => {
  await t.dispose();
});

describe("a start undone while offline", () => {
  it("reaches the server with its undo: the boss ends with no timer, each write applied once", async () => {
    t = await createTestLayer(server, { role: "user" });
    await t.layer.sync.pullAll();
    t.clock.setOnline(false);
    const clicked = new Date(t.clock.env.now());
    const startId = await t.layer.commands.startTimer("VENATUS", clicked);
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: clicked, isActive: true });
    const undoId = await t.layer.commands.undoTimerStart("VENATUS", clicked);
    // The card shows the boss ready again at once.
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: null, isActive: false });

    t.clock.setOnline(true);
    await t.settle();

    expect(await t.db.outbox.toArray()).toEqual([]);
    const applied = (await server.applied()).map((write) => [write.key, write.path]);
    expect(applied).toEqual([
      [startId, "/boss-timers"],
      [undoId, "/boss-timers/undo"],
    ]);
    expect(await server.auditedActions("boss_timer", "VENATUS")).toEqual(["start", "undo_start"]);
    expect(await server.timer("VENATUS")).toMatchObject({ startTime: null, status: null });
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: null, isActive: false });
  });

  it("brings back the timer the start replaced, on the server and then on this device", async () => {
    t = await createTestLayer(server, { role: "user" });
    // Ended an hour ago (EGO respawns in 21 h): the raider may start it again.
    const earlier = new Date(t.clock.env.now() - 22 * HOUR_MS);
    await t.layer.commands.startTimer("EGO", earlier);
    await t.settle();
    const previous = await server.timer("EGO");
    expect(previous?.startTime).toEqual(earlier);

    t.clock.setOnline(false);
    const clicked = new Date(t.clock.env.now());
    await t.layer.commands.startTimer("EGO", clicked);
    await t.layer.commands.undoTimerStart("EGO", clicked);
    t.clock.setOnline(true);
    await t.settle();

    expect(await t.db.outbox.toArray()).toEqual([]);
    expect(await server.auditedActions("boss_timer", "EGO")).toEqual(["start", "start", "undo_start"]);
    expect(await server.timer("EGO")).toEqual(previous);
    expect(await t.db.timers.get("EGO")).toMatchObject({ startTime: earlier, endTime: previous?.endTime });
  });
});

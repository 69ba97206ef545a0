// "Didn't spawn" queued offline against the real API (decision 076): the card moves on at once on this device, and
// two officers' taps for the same expected spawn move the timer once on the server.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
const layers: TestLayer[] = [];
const HOUR_MS = 3_600_000;

afterEach(async () => {
  for (const layer of layers.splice(0)) await layer.dispose();
});

async function officerLayer(): Promise<TestLayer> {
  const layer = await createTestLayer(server, { role: "officer" });
  layers.push(layer);
  await layer.layer.sync.pullAll();
  return layer;
}

describe("'Didn't spawn' from two phones, one of them offline", () => {
  it("moves the timer on by one interval once; each phone shows the moved timer", async () => {
    const first = await officerLayer();
    const second = await officerLayer();
    // EGO respawns every 21 h; its timer ended an hour ago.
    const started = new Date(first.clock.env.now() - 22 * HOUR_MS);
    await first.layer.commands.startTimer("EGO", started);
    await first.settle();
    const expectedSpawn = new Date(started.getTime() + 21 * HOUR_MS);
    expect((await server.timer("EGO"))?.endTime).toEqual(expectedSpawn);
    await second.layer.sync.pullAll();

    first.clock.setOnline(false);
    await first.layer.commands.markNoSpawn("EGO", expectedSpawn);
    const moved = new Date(expectedSpawn.getTime() + 21 * HOUR_MS);
    // At once on the phone without signal.
    expect(await first.db.timers.get("EGO")).toMatchObject({ endTime: moved, isActive: true });

    await second.layer.commands.markNoSpawn("EGO", expectedSpawn);
    await second.settle();
    first.clock.setOnline(true);
    await first.settle();

    expect(await first.db.outbox.toArray()).toEqual([]);
    expect((await server.timer("EGO"))?.endTime).toEqual(moved);
    expect(await server.auditedActions("boss_timer", "EGO")).toEqual(["start", "no_spawn"]);
    for (const phone of [first, second]) {
      await phone.layer.sync.pullAll();
      expect(await phone.db.timers.get("EGO")).toMatchObject({ endTime: moved });
    }
  });
});

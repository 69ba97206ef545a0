import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { NOT_SAVED_YET } from "./commands.ts";
import type { BossTimerRow } from "./portal-db.ts";
import { readOutboxSummary } from "./queries.ts";
import { idleTimer } from "./testing/idle-timer.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";

const server = testApiServer();
let t: TestLayer;

afterEach(async () => {
  await t.dispose();
});

describe("commands", () => {
  it("store the local change and the outbox row together", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    const clicked = new Date(t.clock.env.now() - 5_000);
    const id = await t.layer.commands.startTimer("VENATUS", clicked);

    const [row] = await t.db.outbox.toArray();
    expect(row).toMatchObject({
      id,
      name: "startTimer",
      path: "/boss-timers",
      args: { bossName: "VENATUS", startTime: clicked },
      status: "pending",
      attempts: 0,
      createdAt: t.clock.env.now(),
    });
    expect(row?.args).not.toHaveProperty("testDuration");
    expect(await t.db.timers.get("VENATUS")).toMatchObject({ startTime: clicked, isActive: true });
  });

  it("store neither when one of the two writes fails", async () => {
    t = await createTestLayer(server);
    const idle: BossTimerRow = idleTimer();
    await t.db.timers.put(idle);
    const failWrite = () => {
      throw new Error("disk full");
    };
    t.db.outbox.hook("creating", failWrite);
    await expect(t.layer.commands.startTimer("VENATUS")).rejects.toThrow("disk full");
    t.db.outbox.hook("creating").unsubscribe(failWrite);
    expect(await t.db.timers.get("VENATUS")).toEqual(idle);
    expect(await readOutboxSummary(t.db)).toEqual({ pendingCount: 0, failed: [] });
  });

  it("refuse to change a row that has not reached the server yet", async () => {
    t = await createTestLayer(server);
    t.clock.setOnline(false);
    await t.layer.commands.createMember({ playerName: "Eira", category: "Core" });
    const local = await t.db.guildMembers.where("playerName").equals("Eira").first();
    const id = local?.id ?? 0;
    await expect(t.layer.commands.updateMember({ id, category: "Members" })).rejects.toThrow(NOT_SAVED_YET);
    await expect(t.layer.commands.deleteMember(id)).rejects.toThrow(NOT_SAVED_YET);
    expect(await t.db.outbox.count()).toBe(1);
  });
});

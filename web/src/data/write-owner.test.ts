import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { WRITTEN_BY_ANOTHER_ACCOUNT } from "@shared/sync/write-owner.ts";
import { ApiError } from "../lib/api-client.ts";
import { NotSignedInError } from "./commands.ts";
import { readOutboxSummary } from "./queries.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, layerOptions, type TestLayer } from "./testing/test-layer.ts";
import { readWaitingForOthers } from "./write-owner.ts";

const server = testApiServer();
let t: TestLayer;

afterEach(async () => {
  await t.dispose();
});

const LOOT = ["Ember Crown", "Frost Blade", "Storm Ring"];

/** The signed-in admin queues three loot items while offline. */
async function queueThreeItemsOffline(): Promise<string[]> {
  await t.layer.sync.pullAll();
  t.clock.setOnline(false);
  const ids: string[] = [];
  for (const lootName of LOOT) {
    ids.push(
      await t.layer.commands.createMarketItem({
        lootName,
        bossName: "VENATUS",
        value: "100.00",
        participatedMembers: ["Aldric", "Brina"],
      }),
    );
  }
  return ids;
}

async function localLoot(): Promise<string[]> {
  return (await t.db.marketItems.toArray()).map((item) => item.lootName).sort();
}

async function serverItems() {
  const answer = await server.answer<{ marketExchangeItems: { lootName: string; id: number }[] }>(
    "/market-exchange",
  );
  return answer.marketExchangeItems;
}

async function serverLoot(): Promise<string[]> {
  return (await serverItems()).map((item) => item.lootName).sort();
}

/** What the layer does when the browser's session changes (the app's session store calls it). */
async function sessionChanges(): Promise<void> {
  t.layer.sessionChanged();
  await t.settle();
  await t.settle();
}

describe("queued writes belong to the account that made them", () => {
  it("another admin signing in on the device neither sends them nor sees them; the owner's next sign-in sends them as the owner", async () => {
    t = await createTestLayer(server);
    const owner = t.session.account;
    await queueThreeItemsOffline();
    expect(await localLoot()).toEqual(LOOT);

    await t.signInAs(null);
    await sessionChanges();
    // Nobody signed in: the public pages show what the server holds, without the queued items.
    expect(await localLoot()).toEqual([]);
    expect(await readWaitingForOthers(t.db, null)).toEqual([
      { owner, count: 3, failed: { ids: [], message: null } },
    ]);

    t.clock.setOnline(true);
    await t.signInAs("otherAdmin");
    await sessionChanges();
    expect(server.writes()).toEqual([]);
    expect(await localLoot()).toEqual([]);
    expect(await readOutboxSummary(t.db)).toMatchObject({ failed: [] });
    expect(await readWaitingForOthers(t.db, t.session.account?.id ?? null)).toEqual([
      { owner, count: 3, failed: { ids: [], message: null } },
    ]);

    await t.signInAs("admin");
    await sessionChanges();
    expect(server.writes()).toHaveLength(3);
    expect(await serverLoot()).toEqual(LOOT);
    expect(await localLoot()).toEqual(LOOT);
    expect(await t.db.outbox.count()).toBe(0);
    for (const item of await serverItems()) {
      expect(await server.auditedActors("market_item", item.id)).toEqual([owner?.email]);
    }
  });

  it("a raider signing in gets no 403s and never sees the admin's queued items", async () => {
    t = await createTestLayer(server);
    await queueThreeItemsOffline();
    t.clock.setOnline(true);
    await t.signInAs("user");
    await sessionChanges();

    expect(server.writes()).toEqual([]);
    expect(await localLoot()).toEqual([]);
    expect((await readOutboxSummary(t.db)).failed).toEqual([]);
    expect(await t.db.outbox.count()).toBe(3);
  });

  it("the server refuses a write sent under another account's session, and the queue waits for its owner", async () => {
    t = await createTestLayer(server);
    const ids = await queueThreeItemsOffline();
    // Another tab signed the browser in as someone else; this layer has not heard of it yet.
    await server.signInAs("otherAdmin");
    t.clock.setOnline(true);
    await t.layer.outbox.drain();

    expect(server.writes().map((w) => w.key)).toContain(ids[0]);
    expect(await server.applied()).toEqual([]);
    expect(t.layer.store.getState().paused).toBe(true);
    const rows = await t.db.outbox.orderBy("seq").toArray();
    expect(rows.map((row) => [row.id, row.status])).toEqual(ids.map((id) => [id, "pending"]));
    expect(rows[0]).toMatchObject({ lastStatus: 409 });

    await t.signInAs("admin");
    await sessionChanges();
    expect((await server.applied()).map((w) => w.key)).toEqual(ids);
  });

  it("the server checks the owner itself: a request naming another account is refused with nothing applied", async () => {
    t = await createTestLayer(server);
    const admin = t.session.account;
    await t.signInAs("otherAdmin");
    const { transport } = layerOptions(server);
    const body = { lootName: "Ember Crown", bossName: "VENATUS", value: "1.00", participatedMembers: [] };
    const refusal = await transport
      .post("/market-exchange", body, crypto.randomUUID(), admin?.id)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, message: WRITTEN_BY_ANOTHER_ACCOUNT });
    expect(await serverLoot()).toEqual([]);

    // Under a raider's session the same write is the admin's to send, not a 403 that would fail it for good.
    await t.signInAs("user");
    const asRaider = await transport
      .post("/market-exchange", body, crypto.randomUUID(), admin?.id)
      .catch((error: unknown) => error);
    expect(asRaider).toMatchObject({ status: 409, message: WRITTEN_BY_ANOTHER_ACCOUNT });
    expect(await serverLoot()).toEqual([]);
  });

  it("a command with nobody signed in is refused before anything is stored", async () => {
    t = await createTestLayer(server, { role: null });
    await expect(t.layer.commands.startTimer("VENATUS")).rejects.toBeInstanceOf(NotSignedInError);
    expect(await t.db.outbox.count()).toBe(0);
  });
});

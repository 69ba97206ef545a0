/**
 * Two admins' devices, A and B, edit the same loot and member offline from what they last pulled, then both
 * sync to the real server (decision 038): different fields merge; the same field is surfaced on B as a
 * conflict, and B's choice (keep theirs / use yours) ends in the row one expects, on the server and on both
 * devices.
 */
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { conflictSentence } from "@shared/merge/write-conflict.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { createApiClient } from "@web/lib/api-client.ts";
import { createDataLayer, type DataLayer } from "./create-data-layer.ts";
import { type MarketItem, PortalDb, type WriteOwner } from "./portal-db.ts";
import { type ManualEnvironment, manualEnvironment } from "./testing/manual-environment.ts";
import { browserFetch, testApiServer } from "./testing/test-api-server.ts";
import { createTestLayer, type TestLayer } from "./testing/test-layer.ts";
import { resolveConflict } from "./write-conflicts.ts";
import { createWriteTransport } from "./write-transport.ts";

const server = testApiServer();
const PASSWORD = "correct horse battery staple";

interface Device {
  layer: DataLayer;
  db: PortalDb;
  clock: ManualEnvironment;
  account: WriteOwner;
  dispose(): Promise<void>;
}

let a: TestLayer;
let b: Device;

afterEach(async () => {
  await b?.dispose();
  await a?.dispose();
});

/** A second admin ("Bryn") on a device of their own: their own browser session and local database. */
async function secondAdminDevice(): Promise<Device> {
  const email = `bryn-${crypto.randomUUID()}@guild.test`;
  const admin = createApiClient(server.origin, { fetch: server.fetch });
  await admin.post("/admin/accounts", { email, displayName: "Bryn", role: "admin", password: PASSWORD });
  const fetch = browserFetch(server.origin);
  const api = createApiClient(server.origin, { fetch });
  const { user } = await api.request<{ user: WriteOwner }>("/auth/login_with_password", {
    method: "POST",
    body: { email, password: PASSWORD },
    plainJson: true,
  });
  const account = { id: user.id, email: user.email, displayName: user.displayName };
  const name = `guild-portal-test-${crypto.randomUUID()}`;
  const clock = manualEnvironment();
  const db = new PortalDb(name);
  const layer = createDataLayer({
    api,
    transport: createWriteTransport(api),
    getRole: () => "admin",
    getAccount: () => account,
    db,
    env: clock.env,
  });
  return {
    layer,
    db,
    clock,
    account,
    async dispose() {
      layer.outbox.stop();
      await layer.sync.idle();
      db.close();
      await Dexie.delete(name);
    },
  };
}

/** Both devices pulled the guild with one loot item, then went offline. */
async function bothOfflineWithLoot(): Promise<{ loot: MarketItem; brina: GuildMember }> {
  a = await createTestLayer(server);
  b = await secondAdminDevice();
  await server.asAnotherAdmin("/market-exchange", {
    lootName: "Obsidian Greatblade",
    bossName: "VENATUS",
    value: "3200.00",
    status: "Pending",
    participatedMembers: ["Aldric", "Brina"],
  });
  await a.layer.sync.pullAll();
  await b.layer.sync.pullAll();
  a.clock.setOnline(false);
  b.clock.setOnline(false);
  const loot = (await a.db.marketItems.toArray())[0] as MarketItem;
  const brina = (await a.db.guildMembers.where("playerName").equals("Brina").first()) as GuildMember;
  return { loot, brina };
}

/** A's queue reaches the server first, then B's. */
async function syncAThenB(): Promise<void> {
  a.clock.setOnline(true);
  await a.settle();
  b.clock.setOnline(true);
  await b.layer.outbox.drain();
  await b.layer.sync.idle();
}

async function pullBoth(): Promise<void> {
  await a.layer.sync.pullAll();
  await b.layer.sync.pullAll();
}

const serverMember = async (id: number) => (await server.members()).find((m) => m.id === id);
const serverLoot = async (id: number) =>
  (await server.answer<{ marketExchangeItems: MarketItem[] }>("/market-exchange")).marketExchangeItems.find(
    (item) => item.id === id,
  );

describe("edits from two offline devices", () => {
  it("merge when they change different fields: every change lands, on the server and both devices", async () => {
    const { loot, brina } = await bothOfflineWithLoot();
    // A sets the loot's value, adds Corvin, and renames Brina; B, from stale forms, sets the loot's status,
    // takes Aldric off it, and sets Brina's category.
    await a.layer.commands.updateMarketItem({
      id: loot.id,
      value: "3500.00",
      participatedMembers: ["Aldric", "Brina", "Corvin"],
      base: { value: "3200.00", participatedMembers: ["Aldric", "Brina"] },
    });
    await a.layer.commands.updateMember({
      id: brina.id,
      playerName: "Brynja",
      base: { playerName: "Brina" },
    });
    await b.layer.commands.updateMarketItem({
      id: loot.id,
      status: "Sold",
      participatedMembers: ["Brina"],
      base: { status: "Pending", participatedMembers: ["Aldric", "Brina"] },
    });
    await b.layer.commands.updateMember({ id: brina.id, category: "Members", base: { category: "Core" } });

    await syncAThenB();

    expect(await b.db.outbox.count()).toBe(0);
    expect(await serverLoot(loot.id)).toMatchObject({
      value: "3500.00",
      status: "Sold",
      participatedMembers: '["Brynja","Corvin"]',
    });
    expect(await serverMember(brina.id)).toMatchObject({ playerName: "Brynja", category: "Members" });
    await pullBoth();
    for (const device of [a, b]) {
      expect(await device.db.marketItems.get(loot.id)).toMatchObject({ value: "3500.00", status: "Sold" });
      expect(await device.db.guildMembers.get(brina.id)).toMatchObject({
        playerName: "Brynja",
        category: "Members",
      });
    }
  });

  it("surface the same field changed on both as a conflict on B, naming A's value and A", async () => {
    const { loot, brina } = await bothOfflineWithLoot();
    await a.layer.commands.updateMember({ id: brina.id, category: "Members", base: { category: "Core" } });
    await a.layer.commands.updateMarketItem({ id: loot.id, value: "3500.00", base: { value: "3200.00" } });
    await b.layer.commands.updateMember({
      id: brina.id,
      category: "Guild Master",
      base: { category: "Core" },
    });
    await b.layer.commands.updateMarketItem({ id: loot.id, value: "3300.00", base: { value: "3200.00" } });

    await syncAThenB();

    const failed = await b.db.outbox.where("status").equals("failed").toArray();
    expect(failed).toHaveLength(2);
    const [member, item] = failed.map((row) => row.conflict);
    expect(member).toMatchObject({
      entity: "guild_member",
      subject: "Brina",
      current: { id: brina.id, category: "Members" },
      fields: [{ field: "category", base: "Core", yours: "Guild Master", theirs: "Members" }],
    });
    const aName = server.account?.displayName as string;
    expect(member && conflictSentence(member, member.fields[0] as never)).toBe(
      `Brina's category was changed to Members by ${aName} while you were offline.`,
    );
    expect(item?.fields).toEqual([
      expect.objectContaining({ field: "value", theirs: "3500.00", yours: "3300.00", changedBy: aName }),
    ]);
    // Nothing was overwritten: the server has A's values; B still shows its own until B chooses.
    expect(await serverMember(brina.id)).toMatchObject({ category: "Members" });
    expect(await serverLoot(loot.id)).toMatchObject({ value: "3500.00" });
    expect(await b.db.guildMembers.get(brina.id)).toMatchObject({ category: "Guild Master" });
  });

  it("end with theirs after Keep theirs, and B's other fields of the same edit still land", async () => {
    const { brina } = await bothOfflineWithLoot();
    await a.layer.commands.updateMember({ id: brina.id, category: "Members", base: { category: "Core" } });
    const id = await b.layer.commands.updateMember({
      id: brina.id,
      category: "Guild Master",
      playerName: "Brinna",
      base: { category: "Core", playerName: "Brina" },
    });
    await syncAThenB();
    expect((await b.db.outbox.where("id").equals(id).first())?.conflict?.fields.map((f) => f.field)).toEqual([
      "category",
    ]);

    expect(await resolveConflict(b.db, b.layer.outbox, id, "theirs")).toBe(true);
    await b.layer.outbox.drain();
    await b.layer.sync.idle();

    expect(await b.db.outbox.count()).toBe(0);
    expect(await serverMember(brina.id)).toMatchObject({ playerName: "Brinna", category: "Members" });
    await pullBoth();
    for (const device of [a, b]) {
      expect(await device.db.guildMembers.get(brina.id)).toMatchObject({
        playerName: "Brinna",
        category: "Members",
      });
    }
  });

  it("end with B's value after Use yours, and a conflict with nothing else to send is dropped by Keep theirs", async () => {
    const { loot, brina } = await bothOfflineWithLoot();
    await a.layer.commands.updateMember({ id: brina.id, category: "Members", base: { category: "Core" } });
    await a.layer.commands.updateMarketItem({ id: loot.id, value: "3500.00", base: { value: "3200.00" } });
    const memberWrite = await b.layer.commands.updateMember({
      id: brina.id,
      category: "Guild Master",
      base: { category: "Core" },
    });
    const lootWrite = await b.layer.commands.updateMarketItem({
      id: loot.id,
      value: "3300.00",
      base: { value: "3200.00" },
    });
    await syncAThenB();
    expect(await b.db.outbox.where("status").equals("failed").count()).toBe(2);

    expect(await resolveConflict(b.db, b.layer.outbox, memberWrite, "yours")).toBe(true);
    expect(await resolveConflict(b.db, b.layer.outbox, lootWrite, "theirs")).toBe(true);
    await b.layer.outbox.drain();
    await b.layer.sync.idle();

    expect(await b.db.outbox.count()).toBe(0);
    expect(await serverMember(brina.id)).toMatchObject({ category: "Guild Master" });
    expect(await serverLoot(loot.id)).toMatchObject({ value: "3500.00" });
    await pullBoth();
    for (const device of [a, b]) {
      expect(await device.db.guildMembers.get(brina.id)).toMatchObject({ category: "Guild Master" });
      expect(await device.db.marketItems.get(loot.id)).toMatchObject({ value: "3500.00" });
    }
  });
});

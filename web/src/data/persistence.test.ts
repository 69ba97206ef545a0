import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDataLayer } from "./create-data-layer.ts";
import { PortalDb } from "./portal-db.ts";
import { readOutboxSummary } from "./queries.ts";
import { manualEnvironment } from "./testing/manual-environment.ts";
import { testApiServer } from "./testing/test-api-server.ts";
import { layerOptions } from "./testing/test-layer.ts";

const server = testApiServer();
const names: string[] = [];

beforeEach(() => server.reset());

function freshName(): string {
  const name = `guild-portal-test-${crypto.randomUUID()}`;
  names.push(name);
  return name;
}

function layerOn(db: PortalDb, clock = manualEnvironment()) {
  return {
    clock,
    layer: createDataLayer({
      ...layerOptions(server),
      getRole: () => "admin",
      getAccount: () => server.account,
      db,
      env: clock.env,
    }),
  };
}

afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

describe("the local store across reloads", () => {
  it("keeps the outbox and the cached data when the database is closed and opened again", async () => {
    const name = freshName();
    const before = layerOn(new PortalDb(name));
    await before.layer.sync.pullAll();
    before.clock.setOnline(false);
    const id = await before.layer.commands.startTimer("VENATUS");
    const timers = await before.layer.db.timers.toArray();
    before.layer.db.close();

    const after = layerOn(new PortalDb(name));
    expect(await after.layer.db.timers.toArray()).toEqual(timers);
    expect(await after.layer.db.guildMembers.count()).toBe(4);
    expect((await after.layer.db.syncMeta.get("timers"))?.lastSyncedAt).toBe(before.clock.env.now());
    expect(await readOutboxSummary(after.layer.db)).toEqual({ pendingCount: 1, failed: [] });

    await after.layer.outbox.drain();
    await after.layer.sync.idle();
    expect(server.writes().map((w) => w.key)).toEqual([id]);
    expect(await readOutboxSummary(after.layer.db)).toEqual({ pendingCount: 0, failed: [] });
    after.layer.db.close();
  });

  it("a later schema version opens the same database with its rows and queued writes intact", async () => {
    const name = freshName();
    const v1 = layerOn(new PortalDb(name));
    await v1.layer.sync.pullAll();
    v1.clock.setOnline(false);
    await v1.layer.commands.createMember({ playerName: "Eira", category: "Core" });
    const members = await v1.layer.db.guildMembers.toArray();
    v1.layer.db.close();

    class NextPortalDb extends PortalDb {
      constructor(dbName: string) {
        super(dbName);
        this.version(10).stores({ marketItems: "id, status, bossName" });
      }
    }
    const v2 = new NextPortalDb(name);
    expect(await v2.guildMembers.toArray()).toEqual(members);
    expect(await v2.outbox.count()).toBe(1);
    expect(v2.verno).toBe(10);
    v2.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangesAnswer } from "@shared/schemas/changes.ts";
import { CURSOR_INVALID } from "@shared/schemas/changes.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import { runScheduledJobs } from "../scheduled/run-scheduled-jobs.ts";
import type { TestClient } from "../test/api-client.ts";
import { testDriver } from "../test/test-db.ts";
import { TOMBSTONE_RETENTION_DAYS } from "./changes-repo.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("changes");
});
afterAll(async () => {
  await portal?.close();
});

async function pull(client: TestClient, since?: string): Promise<ChangesAnswer & { bytes: number }> {
  const res = await client.get(`/_api/changes${since === undefined ? "" : `?since=${since}`}`);
  expect(res.status).toBe(200);
  return { ...(res.data as unknown as ChangesAnswer), bytes: res.text.length };
}

/** Whether a cursor this client was just given is answered with a delta. */
const deltaServed = (client: TestClient) => async () =>
  !(await pull(client, (await pull(client)).cursor)).full;

async function createMember(name: string): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName: name, category: "Members" });
  expect(res.status).toBe(201);
  return res.data.guildMember as GuildMember;
}

describe("GET /_api/changes", () => {
  it("answers everything the session may read without a cursor, and nothing when nothing changed", async () => {
    const member = await createMember(uniqueName("Whole"));
    const visitor = await pull(portal.anonymous);
    expect(visitor.full).toBe(true);
    expect(visitor.cursor).toMatch(/^p\.\d+:\d+:[\d,]*$/);
    expect(visitor.changes.guildMembers?.replace).toBe(true);
    expect(visitor.changes.guildMembers?.rows.map((m) => m.id)).toContain(member.id);
    expect(Object.keys(visitor.changes).sort()).toEqual([
      "bossNames",
      "guildMembers",
      "marketItems",
      "timers",
    ]);
    const admin = await pull(portal.admin);
    expect(Object.keys(admin.changes).sort()).toEqual([
      "attendance",
      "bossNames",
      "fundSpending",
      "funds",
      "guildMembers",
      "marketItems",
      "payouts",
      "timers",
    ]);
    const again = await pull(portal.admin, admin.cursor);
    expect(again.full).toBe(false);
    expect(again.changes).toEqual({});
    expect(again.bytes).toBeLessThan(200);
  });

  it("sends a new loot item, the salaries it moved and the funds, then its deletion", async () => {
    const names = [uniqueName("Loot"), uniqueName("Loot")];
    for (const name of names) await createMember(name);
    const before = await pull(portal.admin);
    const created = await portal.admin.post("/_api/market-exchange", {
      lootName: "Sync Blade",
      bossName: "Ironhide Behemoth",
      value: "1000.00",
      status: "Sold",
      participatedMembers: names,
    });
    expect(created.status).toBe(201);
    const itemId = (created.data.marketExchangeItem as { id: number }).id;
    const after = await pull(portal.admin, before.cursor);
    expect(after.changes.marketItems).toEqual({
      rows: [expect.objectContaining({ id: itemId })],
      deleted: [],
      replace: false,
    });
    const paid = after.changes.guildMembers?.rows.map((m) => [m.playerName, m.salary]);
    expect(paid?.map(([name]) => name).sort()).toEqual([...names].sort());
    expect(paid?.every(([, salary]) => Number(salary) > 0)).toBe(true);
    expect(after.changes.funds?.rows).toHaveLength(1);
    expect(after.changes.attendance).toBeUndefined();

    const visitorBefore = await pull(portal.anonymous);
    expect((await portal.admin.post("/_api/market-exchange/delete", { id: itemId })).status).toBe(200);
    const deleted = await pull(portal.admin, after.cursor);
    expect(deleted.changes.marketItems).toEqual({ rows: [], deleted: [itemId], replace: false });
    const visitor = await pull(portal.anonymous, visitorBefore.cursor);
    expect(visitor.changes.marketItems?.deleted).toEqual([itemId]);
    expect(visitor.changes.funds).toBeUndefined();
  });

  it("tells a visitor a kicked member left the public roster, and an admin that the member changed", async () => {
    const member = await createMember(uniqueName("Kicked"));
    const visitorBefore = await pull(portal.anonymous);
    const adminBefore = await pull(portal.admin);
    expect((await portal.admin.post("/_api/guild-member/kick", { id: member.id })).status).toBe(200);
    const visitor = await pull(portal.anonymous, visitorBefore.cursor);
    expect(visitor.changes.guildMembers).toEqual({ rows: [], deleted: [member.id], replace: false });
    const admin = await pull(portal.admin, adminBefore.cursor);
    expect(admin.changes.guildMembers?.rows).toEqual([
      expect.objectContaining({ id: member.id, status: "kicked" }),
    ]);
  });

  it("sends the boss list and the timers whole when a boss is renamed", async () => {
    const created = await portal.admin.post("/_api/boss-names", {
      name: uniqueName("Sync Boss "),
      respawn_time_hours: 12,
    });
    expect(created.status).toBe(201);
    const boss = created.data.bossName as { id: number; name: string };
    const before = await pull(portal.anonymous);
    const renamed = uniqueName("Renamed Boss ");
    expect((await portal.admin.post("/_api/boss-names/update", { id: boss.id, name: renamed })).status).toBe(
      200,
    );
    const after = await pull(portal.anonymous, before.cursor);
    expect(after.changes.bossNames?.replace).toBe(true);
    expect(after.changes.bossNames?.rows.map((b) => b.name)).toContain(renamed);
    expect(after.changes.timers?.rows.map((t) => t.bossName)).toContain(renamed);
    expect(after.changes.timers?.rows.map((t) => t.bossName)).not.toContain(boss.name);
    expect(after.changes.guildMembers).toBeUndefined();
  });

  it("answers a full pull to a cursor older than the tombstones kept", async () => {
    const old = await pull(portal.admin);
    const member = await createMember(uniqueName("Pruned"));
    expect((await portal.admin.post("/_api/guild-member/delete", { id: member.id })).status).toBe(200);
    await portal.db.query("UPDATE deleted_rows SET deleted_at = now() - make_interval(days => $1)", [
      TOMBSTONE_RETENTION_DAYS + 1,
    ]);
    // The scheduled jobs prune them (npm start's timer, the Workers cron).
    const outcomes = await runScheduledJobs(portal.db, { auditRetentionDays: null }, new Date());
    expect(outcomes).toContainEqual({ job: "prune-tombstones", ok: true, result: expect.any(Number) });
    expect(await portal.db.query("SELECT 1 FROM deleted_rows")).toEqual([]);
    const answer = await pull(portal.admin, old.cursor);
    expect(answer.full).toBe(true);
    expect(answer.changes.guildMembers?.replace).toBe(true);
    expect(answer.changes.guildMembers?.rows.map((m) => m.id)).not.toContain(member.id);
    // A later cursor is served deltas again once no transaction older than the pruned tombstones is running (on
    // a shared server another database's transaction may hold a snapshot's xmin back for a moment).
    await expect.poll(deltaServed(portal.admin), { timeout: 20_000 }).toBe(true);
  });

  it("answers in full to a cursor another audience was given (a role changed)", async () => {
    const adminCursor = (await pull(portal.admin)).cursor;
    expect(adminCursor).toMatch(/^a\./);
    const visitor = await pull(portal.anonymous, adminCursor);
    expect(visitor.full).toBe(true);
    expect(visitor.changes.guildMembers?.rows.every((m) => m.status === "active")).toBe(true);
    expect(visitor.changes.attendance).toBeUndefined();
    await expect.poll(deltaServed(portal.user), { timeout: 20_000 }).toBe(true);
  });

  it("refuses a cursor it did not give", async () => {
    const bad = [
      "abc",
      "-1",
      "123",
      "a.12",
      `a.${"1".repeat(21)}:1:`,
      "x.1:2:",
      "a.5:3:",
      "a.3:9:4,4",
      "a.3:9:10",
    ];
    for (const since of bad) {
      const res = await portal.anonymous.get(`/_api/changes?since=${since}`);
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ error: CURSOR_INVALID });
    }
  });

  // PGlite runs one transaction at a time; the servers show the case a cursor exists for.
  it.skipIf(testDriver() === "pglite")(
    "does not skip a write that commits after a pull that began while it was running",
    async () => {
      const name = uniqueName("Late");
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const inserted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const slow = portal.db.transaction(async (tx) => {
        await tx.query("INSERT INTO guild_members (player_name) VALUES ($1)", [name]);
        started();
        await held;
      });
      await inserted;
      // A write that starts and commits while the slow one is still open (another collection: the slow one holds
      // the roster's data version until it commits).
      const quick = uniqueName("Quick Boss ");
      expect(
        (await portal.admin.post("/_api/boss-names", { name: quick, respawn_time_hours: 8 })).status,
      ).toBe(201);
      const first = await pull(portal.admin);
      expect(first.changes.bossNames?.rows.map((b) => b.name)).toContain(quick);
      expect(first.changes.guildMembers?.rows.map((m) => m.playerName)).not.toContain(name);
      release();
      await slow;
      const second = await pull(portal.admin, first.cursor);
      expect(second.changes.guildMembers?.rows.map((m) => m.playerName)).toContain(name);
    },
  );
});

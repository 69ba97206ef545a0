/**
 * Each boss's own Discord alert (issue 26 point 4, decision 077): its lead time and the role it mentions, against
 * the fake Discord (testing/fake-discord.ts), on every driver (PGlite, PostgreSQL, and the Neon driver in workerd).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupFile, RestoreRefusal } from "@shared/schemas/backup.ts";
import { BOSS_ALERT_MESSAGES, type BossAlert } from "@shared/schemas/boss-alerts.ts";
import { createApp } from "../app/create-app.ts";
import { restoreBackup } from "../backup/restore.ts";
import { backupText } from "../backup/write-backup.ts";
import type { Db } from "../db/types.ts";
import type { Outbound } from "../outbound/guarded-fetch.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import { type AuditEntry, signInAs, uniqueName } from "../salary/portal-test-setup.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { settleBackground } from "./background.ts";
import { listBossAlerts } from "./boss-alerts-repo.ts";
import { runDiscordJob } from "./discord-alerts.ts";
import { type TestDiscord, useFakeDiscord } from "./testing/test-discord.ts";

const MINUTE_MS = 60_000;
const PATH = "/_api/discord-settings/boss-alerts";
/** A role id as Discord gives them (Developer Mode › Copy Role ID). */
const RAIDERS = "1187654321098765432";

let db: Db;
let discord: TestDiscord;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let officer: TestClient;
let raider: TestClient;
let config: ScheduledConfig;
let outbound: Outbound;

beforeAll(async () => {
  db = await createTestDb();
  discord = await useFakeDiscord();
  outbound = await testOutbound([discord.url], async () => ["162.159.128.233"]);
  app = createApp({
    db,
    config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789", outbound },
  });
  admin = await signInAs({ db, app }, "boss-alerts", "admin");
  officer = await signInAs({ db, app }, "boss-alerts", "officer");
  raider = await signInAs({ db, app }, "boss-alerts", "user");
  config = { auditRetentionDays: null, timeZone: null, outbound };
});
afterAll(async () => {
  if (db) await settleBackground(db);
  await discord?.close();
  await db?.close();
});

async function addBoss(hours: number): Promise<{ id: number; name: string }> {
  const name = uniqueName("Alert Drake ");
  const res = await admin.post("/_api/boss-names", { name, respawn_time_hours: hours });
  expect(res.status).toBe(201);
  return { id: (res.data.bossName as { id: number }).id, name };
}

const bossAlerts = async (client: TestClient = admin) => {
  const res = await client.get(PATH);
  expect(res.status).toBe(200);
  return res.data.bosses as BossAlert[];
};
const save = (bosses: unknown[], client: TestClient = admin) => client.call("PUT", PATH, { bosses });

describe("who may set a boss's alert", () => {
  it("answers 401 to a visitor and 403 to a raider and an officer; an officer's boss edit cannot carry it", async () => {
    const boss = await addBoss(10);
    const visitor = new TestClient(app);
    for (const [client, status] of [
      [visitor, 401],
      [raider, 403],
      [officer, 403],
    ] as const) {
      expect((await client.get(PATH)).status).toBe(status);
      const res = await save([{ id: boss.id, leadMinutes: 15, roleId: RAIDERS }], client);
      expect(res.status).toBe(status);
    }
    // Officers keep the boss list, not its Discord alert: the boss form's body has no such field.
    const edit = await officer.post("/_api/boss-names/update", { id: boss.id, discord_role_id: RAIDERS });
    expect(edit.status).toBe(400);
    expect(edit.data.error).toBe("Unknown field: discord_role_id");
    expect((await bossAlerts()).find((b) => b.id === boss.id)).toMatchObject({
      leadMinutes: null,
      roleId: null,
    });
  });
});

describe("setting a boss's alert", () => {
  it("refuses a role id that is not a Discord snowflake, and a lead time out of range, with a clear 400", async () => {
    const boss = await addBoss(12);
    for (const roleId of [
      "123",
      "everyone",
      "@everyone",
      "<@&1187654321098765432>",
      "01187654321098765432",
      "118765432109876543210",
      // 20 digits, more than 64 bits.
      "99999999999999999999",
      "1187654321 098765432",
    ]) {
      const res = await save([{ id: boss.id, leadMinutes: null, roleId }]);
      expect({ roleId, status: res.status, error: res.data.error }).toEqual({
        roleId,
        status: 400,
        error: BOSS_ALERT_MESSAGES.roleId,
      });
    }
    for (const leadMinutes of [0, 61, 7.5, -5, "15"]) {
      const res = await save([{ id: boss.id, leadMinutes, roleId: null }]);
      expect({ leadMinutes, status: res.status, error: res.data.error }).toEqual({
        leadMinutes,
        status: 400,
        error: BOSS_ALERT_MESSAGES.leadMinutes,
      });
    }
    const unknown = await save([{ id: 2_000_000, leadMinutes: 5, roleId: null }]);
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe(BOSS_ALERT_MESSAGES.unknownBoss(2_000_000));
    const twice = await save([
      { id: boss.id, leadMinutes: 5, roleId: null },
      { id: boss.id, leadMinutes: 15, roleId: null },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.data.error).toBe(BOSS_ALERT_MESSAGES.duplicate);
    expect((await bossAlerts()).find((b) => b.id === boss.id)).toMatchObject({
      leadMinutes: null,
      roleId: null,
    });
  });

  it("refuses the Discord server's own id, which is @everyone", async () => {
    const guildId = "1100000000000000001";
    await db.query("UPDATE discord_sign_in SET guild_id = $1 WHERE id = 1", [guildId]);
    try {
      const boss = await addBoss(14);
      const res = await save([{ id: boss.id, leadMinutes: null, roleId: guildId }]);
      expect(res.status).toBe(400);
      expect(res.data.error).toBe(BOSS_ALERT_MESSAGES.everyoneRole);
    } finally {
      await db.query("UPDATE discord_sign_in SET guild_id = '' WHERE id = 1");
    }
  });

  it("saves the bosses given, answers every boss, and audits each change by the boss's name", async () => {
    const world = await addBoss(20);
    const field = await addBoss(21);
    const res = await save([
      { id: world.id, leadMinutes: 15, roleId: ` ${RAIDERS} ` },
      { id: field.id, leadMinutes: 5, roleId: "" },
    ]);
    expect(res.status).toBe(200);
    const answered = res.data.bosses as BossAlert[];
    expect(answered.find((b) => b.id === world.id)).toEqual({
      id: world.id,
      name: world.name,
      respawnTimeHours: 20,
      leadMinutes: 15,
      roleId: RAIDERS,
    });
    expect(answered.find((b) => b.id === field.id)).toMatchObject({ leadMinutes: 5, roleId: null });
    expect(await bossAlerts()).toEqual(answered);

    // Saving the same values again changes nothing and writes no entry; clearing one writes one.
    expect((await save([{ id: world.id, leadMinutes: 15, roleId: RAIDERS }])).status).toBe(200);
    expect((await save([{ id: field.id, leadMinutes: null, roleId: null }])).status).toBe(200);
    const audit = await db.query<AuditEntry & { subject: string }>(
      `SELECT action, entity, entity_id AS "entityId", subject, before, after FROM audit_log
        WHERE entity = 'boss_alert' AND entity_id = ANY($1::text[]) ORDER BY id`,
      [[String(world.id), String(field.id)]],
    );
    expect(audit).toEqual([
      {
        action: "update",
        entity: "boss_alert",
        entityId: String(world.id),
        subject: world.name,
        before: { name: world.name, leadMinutes: null, roleId: null },
        after: { name: world.name, leadMinutes: 15, roleId: RAIDERS },
      },
      {
        action: "update",
        entity: "boss_alert",
        entityId: String(field.id),
        subject: field.name,
        before: { name: field.name, leadMinutes: null, roleId: null },
        after: { name: field.name, leadMinutes: 5, roleId: null },
      },
      {
        action: "update",
        entity: "boss_alert",
        entityId: String(field.id),
        subject: field.name,
        before: { name: field.name, leadMinutes: 5, roleId: null },
        after: { name: field.name, leadMinutes: null, roleId: null },
      },
    ]);
  });
});

describe("when each boss's alert is posted", () => {
  it("posts a 15-minute boss 15 minutes before its spawn with its role pinged, and a default one at the global lead", async () => {
    const webhook = discord.webhook();
    const put = await admin.call("PUT", "/_api/discord-settings", {
      webhookUrl: webhook,
      leadMinutes: 10,
      spawnAlerts: true,
      timerStarts: false,
      lootSales: false,
    });
    expect(put.status).toBe(200);
    await db.query("DELETE FROM discord_messages");
    const world = await addBoss(1);
    const field = await addBoss(1);
    expect((await save([{ id: world.id, leadMinutes: 15, roleId: RAIDERS }])).status).toBe(200);
    const ends: number[] = [];
    for (const boss of [world, field]) {
      const started = await admin.post("/_api/boss-timers", { bossName: boss.name });
      expect(started.status).toBe(200);
      ends.push((started.data.timer as { endTime: Date }).endTime.getTime());
    }
    const [worldEnd = 0, fieldEnd = 0] = ends;
    const posted = async () => (await discord.received(webhook)).filter((post) => post.status < 300);

    // A minute before either lead time: nothing.
    await runDiscordJob(db, config, new Date(worldEnd - 16 * MINUTE_MS));
    expect(await posted()).toEqual([]);
    // 15 minutes before: the world boss, mentioning its role, which is the only one the post may ping.
    await runDiscordJob(db, config, new Date(worldEnd - 15 * MINUTE_MS));
    const first = await posted();
    expect(first.map((post) => ({ content: post.content, allowedMentions: post.allowedMentions }))).toEqual([
      {
        content: `<@&${RAIDERS}> ⏰ **${world.name}** spawns in 15 minutes (<t:${Math.floor(worldEnd / 1000)}:t>).`,
        allowedMentions: { parse: [], roles: [RAIDERS] },
      },
    ]);
    // Still more than 10 minutes before: the default boss waits.
    await runDiscordJob(db, config, new Date(fieldEnd - 11 * MINUTE_MS));
    expect(await posted()).toHaveLength(1);
    // 10 minutes before (the settings' lead): the default boss, pinging nobody.
    await runDiscordJob(db, config, new Date(fieldEnd - 10 * MINUTE_MS));
    const all = await posted();
    expect(
      all.slice(1).map((post) => ({ content: post.content, allowedMentions: post.allowedMentions })),
    ).toEqual([
      {
        content: `⏰ **${field.name}** spawns in 10 minutes (<t:${Math.floor(fieldEnd / 1000)}:t>).`,
        allowedMentions: { parse: [] },
      },
    ]);
    // Each once.
    await runDiscordJob(db, config, new Date(fieldEnd - 5 * MINUTE_MS));
    expect(await posted()).toHaveLength(2);
  });
});

describe("a backup carries each boss's alert", { timeout: 120_000 }, () => {
  const options = { brand: "Test Guild", includePasswords: false, now: new Date("2026-11-25T06:00:00Z") };
  const targets: Db[] = [];
  afterAll(async () => {
    for (const target of targets) await target.close();
  });
  const freshTarget = async () => {
    const target = await createTestDb();
    targets.push(target);
    return target;
  };

  it("restores the lead time and role into another portal, and refuses a file's bad values by row", async () => {
    const boss = await addBoss(30);
    expect((await save([{ id: boss.id, leadMinutes: 15, roleId: RAIDERS }])).status).toBe(200);
    const file = JSON.parse(await backupText(db, options)) as BackupFile;
    const table = file.tables.boss_names as BackupFile["tables"][string];
    expect(table.columns).toEqual(expect.arrayContaining(["discord_lead_minutes", "discord_role_id"]));

    const target = await freshTarget();
    await restoreBackup(target, JSON.stringify(file), {
      brand: "Test Guild",
      replace: false,
      now: options.now,
    });
    expect((await listBossAlerts(target)).find((b) => b.id === boss.id)).toMatchObject({
      leadMinutes: 15,
      roleId: RAIDERS,
    });

    const rowOf = (bad: BackupFile) => {
      const bosses = bad.tables.boss_names as BackupFile["tables"][string];
      const at = bosses.rows.findIndex((row) => row[bosses.columns.indexOf("id")] === String(boss.id));
      return { bosses, row: bosses.rows[at] as (string | null)[] };
    };
    for (const [column, value, message] of [
      ["discord_role_id", "@everyone", BOSS_ALERT_MESSAGES.roleId],
      ["discord_role_id", "99999999999999999999", BOSS_ALERT_MESSAGES.roleId],
      ["discord_lead_minutes", "0", BOSS_ALERT_MESSAGES.leadMinutes],
      ["discord_lead_minutes", "61", BOSS_ALERT_MESSAGES.leadMinutes],
      ["discord_lead_minutes", "7.5", BOSS_ALERT_MESSAGES.leadMinutes],
    ] as const) {
      const bad = structuredClone(file);
      const { bosses, row } = rowOf(bad);
      row[bosses.columns.indexOf(column)] = value;
      const empty = await freshTarget();
      const refusal = await restoreBackup(empty, JSON.stringify(bad), {
        brand: "Test Guild",
        replace: false,
      }).then(
        () => undefined,
        (err: { status?: number; refusal?: RestoreRefusal }) => err,
      );
      expect(refusal?.status).toBe(400);
      expect(refusal?.refusal?.problems).toEqual([
        { table: "boss_names", key: `id ${boss.id}`, reason: `${column} "${value}": ${message}` },
      ]);
    }
  });

  it("restores a file from before per-boss alerts (schema 18) with the defaults", async () => {
    const file = JSON.parse(await backupText(db, options)) as BackupFile;
    const old = structuredClone(file);
    old.schema = 18;
    const bosses = old.tables.boss_names as BackupFile["tables"][string];
    const drop = ["discord_lead_minutes", "discord_role_id"].map((column) => bosses.columns.indexOf(column));
    bosses.columns = bosses.columns.filter((_, index) => !drop.includes(index));
    bosses.rows = bosses.rows.map((row) => row.filter((_, index) => !drop.includes(index)));
    const settings = old.tables.guild_settings as BackupFile["tables"][string];
    const nameAt = settings.columns.indexOf("guild_name");
    settings.columns.splice(nameAt, 1);
    for (const row of settings.rows) row.splice(nameAt, 1);
    const target = await freshTarget();
    await restoreBackup(target, JSON.stringify(old), {
      brand: "Test Guild",
      replace: false,
      now: options.now,
    });
    const restored = await listBossAlerts(target);
    expect(restored.length).toBe(bosses.rows.length);
    expect(restored.every((b) => b.leadMinutes === null && b.roleId === null)).toBe(true);
  });
});

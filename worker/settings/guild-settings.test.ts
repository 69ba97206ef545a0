/**
 * The guild's time zone as a setting (decision 059), on every driver (PGlite, PostgreSQL, and the Neon driver in
 * workerd): who may read and change it, what a bad zone answers, the audit entry, what the scheduler's spawn
 * alerts read, and how a backup carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupFile, RestoreRefusal } from "@shared/schemas/backup.ts";
import { type GuildSettings, TIME_ZONE_INVALID, TIME_ZONE_REQUIRED } from "@shared/schemas/guild-settings.ts";
import type { SpawnAlertPush } from "@shared/schemas/spawn-alerts.ts";
import { createApp } from "../app/create-app.ts";
import { restoreBackup } from "../backup/restore.ts";
import { backupText } from "../backup/write-backup.ts";
import type { Db } from "../db/types.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import { type AuditEntry, signInAs } from "../salary/portal-test-setup.ts";
import { sendSpawnAlerts } from "../spawn-alerts/send-spawn-alerts.ts";
import { upsertSubscription } from "../spawn-alerts/subscriptions-repo.ts";
import { createBrowserSubscription, decryptPushMessage } from "../spawn-alerts/testing/push-crypto.ts";
import { pushBody, pushEndpoint, receivedPushes } from "../spawn-alerts/testing/push-service-client.ts";
import { useFakePushService } from "../spawn-alerts/testing/test-push-service.ts";
import { generateVapidKeys } from "../spawn-alerts/vapid.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { readChosenTimeZone } from "./guild-settings-repo.ts";
import { guildTimeZone, runtimeTimeZone, timeZoneStartLine } from "./guild-time-zone.ts";

const PEPPER = "test-pepper-0123456789";
const BRAND = "Test Guild";
/** GUILD_TIMEZONE of the app under test: the zone until an admin chooses. */
const CONFIGURED = "Europe/Berlin";
/** The guild's name while no admin has chosen one (decision 078). */
const UNNAMED = { guildName: BRAND, guildNameSource: "GUILD_BRAND" } as const;

const dbs: Db[] = [];
async function freshDb(): Promise<Db> {
  const db = await createTestDb();
  dbs.push(db);
  return db;
}
afterAll(async () => {
  for (const db of dbs) await db.close();
});

function appOn(db: Db, timeZone: string | null = CONFIGURED) {
  return createApp({ db, config: { brand: BRAND, timeZone, pepper: PEPPER } });
}

/** The settings' audit entries, oldest first. */
const settingsAudit = (db: Db) =>
  db.query<AuditEntry>(
    `SELECT action, entity, entity_id AS "entityId", actor_email AS "actorEmail", before, after
       FROM audit_log WHERE entity = 'guild_settings' ORDER BY id`,
  );

const putZone = (client: TestClient, body: unknown) => client.call("PUT", "/_api/admin/guild-settings", body);

describe("reading the guild's time zone", () => {
  it("is GUILD_TIMEZONE until an admin chooses, else the server's own zone; anyone may read it", async () => {
    const db = await freshDb();
    const visitor = new TestClient(appOn(db));
    const res = await visitor.get("/_api/public/guild-settings");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      timeZone: CONFIGURED,
      timeZoneSource: "GUILD_TIMEZONE",
      splitRules: [],
      ...UNNAMED,
      afterMaintenance: "ready",
    });
    expect((await visitor.get("/_api/public/config")).data).toEqual({ brand: BRAND, timeZone: CONFIGURED });

    const unset = new TestClient(appOn(db, null));
    expect((await unset.get("/_api/public/guild-settings")).data).toEqual({
      timeZone: runtimeTimeZone(),
      timeZoneSource: "server",
      splitRules: [],
      ...UNNAMED,
      afterMaintenance: "ready",
    });
    expect(timeZoneStartLine({ timeZone: "UTC", timeZoneSource: "server" })).toBe(
      "Guild time zone: UTC (this machine's; choose it in Admin › Guild Settings)",
    );
  });
});

describe("choosing the guild's time zone", () => {
  let db: Db;
  let app: ReturnType<typeof appOn>;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    db = await freshDb();
    app = appOn(db);
    admin = await signInAs({ db, app }, "zone", "admin");
    user = await signInAs({ db, app }, "zone", "user");
  });

  it("is for admins only: 401 for a visitor, 403 for a raider, and nothing changes", async () => {
    expect((await putZone(new TestClient(app), { timeZone: "Asia/Manila" })).status).toBe(401);
    const refused = await putZone(user, { timeZone: "Asia/Manila" });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe("Access denied. Your role (user) lacks required permissions.");
    expect(await readChosenTimeZone(db)).toBeNull();
    expect(await settingsAudit(db)).toEqual([]);
  });

  it("answers 400 with a clear message for anything but a zone from the list, and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{}, TIME_ZONE_REQUIRED],
      [{ timeZone: "" }, TIME_ZONE_REQUIRED],
      [{ timeZone: "Mars/Olympus_Mons" }, TIME_ZONE_INVALID],
      [{ timeZone: "+08:00" }, TIME_ZONE_INVALID],
      [{ timeZone: "Europe/Berlin'; DROP TABLE guild_settings; --" }, TIME_ZONE_INVALID],
      [{ timeZone: `Europe/${"x".repeat(100)}` }, TIME_ZONE_INVALID],
      [{ timeZone: 8 }, TIME_ZONE_INVALID],
      [{ timeZone: null }, TIME_ZONE_INVALID],
      [{ timeZone: "UTC", brand: "Other" }, "Unknown field: brand"],
    ];
    for (const [body, message] of cases) {
      const res = await putZone(admin, body);
      expect({ body, status: res.status, error: res.data.error }).toEqual({
        body,
        status: 400,
        error: message,
      });
    }
    expect(await readChosenTimeZone(db)).toBeNull();
    expect((await admin.get("/_api/public/guild-settings")).data).toMatchObject({
      timeZoneSource: "GUILD_TIMEZONE",
    });
  });

  it("saves an admin's choice, audited with before and after, and every reader sees it at once", async () => {
    const visitor = new TestClient(app);
    const before = await visitor.get("/_api/public/guild-settings");
    const etag = before.headers.get("etag") as string;
    expect(etag).toBeTruthy();

    const saved = await putZone(admin, { timeZone: " asia/manila " });
    expect(saved.status).toBe(200);
    const expected: GuildSettings = {
      timeZone: "Asia/Manila",
      timeZoneSource: "guild-settings",
      splitRules: [],
      guildName: BRAND,
      guildNameSource: "GUILD_BRAND",
      afterMaintenance: "ready",
    };
    expect(saved.data).toEqual(expected);

    // The cached read moved: a browser's copy is not confirmed.
    const after = await visitor.get("/_api/public/guild-settings", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.data).toEqual(expected);
    expect((await visitor.get("/_api/public/config")).data).toEqual({
      brand: BRAND,
      timeZone: "Asia/Manila",
    });
    // The scheduler and the guild's days read the choice over GUILD_TIMEZONE.
    expect(await guildTimeZone(db, CONFIGURED)).toBe("Asia/Manila");

    const entries = await settingsAudit(db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "update",
      before: { timeZone: CONFIGURED, timeZoneSource: "GUILD_TIMEZONE", afterMaintenance: "ready" },
      // The zone's entry names the zone only (the guild's name has entries of its own, decision 078).
      after: { timeZone: "Asia/Manila", timeZoneSource: "guild-settings", afterMaintenance: "ready" },
    });
    expect(entries[0]?.actorEmail).toMatch(/^zone-admin-/);
  });
});

describe("the scheduler reads the chosen zone (decision 059)", () => {
  it("alerts a phone for MILAVY's Saturday 15:00 in the guild's zone, not in GUILD_TIMEZONE's", async () => {
    const db = await freshDb();
    const app = appOn(db, "UTC");
    const admin = await signInAs({ db, app }, "alerts", "admin");
    await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ('MILAVY', -1)");
    const service = await useFakePushService();
    try {
      const phone = await createBrowserSubscription(pushEndpoint(service.url, "ok", `milavy-${Date.now()}`));
      await upsertSubscription(db, {
        endpoint: phone.endpoint,
        keys: phone.keys,
        bosses: ["MILAVY"],
        leadMinutes: 10,
        userId: null,
        from: null,
      });
      expect((await putZone(admin, { timeZone: "Asia/Manila" })).status).toBe(200);
      const config = {
        auditRetentionDays: null,
        timeZone: "UTC",
        vapid: await generateVapidKeys("mailto:raid-lead@guild.test"),
        outbound: await testOutbound([service.url]),
      };
      // Saturday 2026-11-28, 14:50 in Manila (06:50 UTC): MILAVY spawns at 15:00 there, 07:00 UTC.
      const now = new Date("2026-11-28T06:50:00Z");
      expect(await sendSpawnAlerts(db, config, now)).toMatchObject({ due: 1, sent: 1 });
      const [push] = await receivedPushes(service.url, new URL(phone.endpoint).pathname);
      if (!push) throw new Error("no alert reached the push service");
      const alert = JSON.parse(await decryptPushMessage(pushBody(push), phone)) as SpawnAlertPush;
      expect(alert).toMatchObject({
        title: "MILAVY spawns in 10 minutes",
        body: "At 15:00 Asia/Manila time.",
        spawnAt: "2026-11-28T07:00:00.000Z",
      });
    } finally {
      await service.close();
    }
  });
});

describe("a backup carries the guild's time zone", { timeout: 120_000 }, () => {
  const options = { brand: BRAND, includePasswords: false, now: new Date("2026-11-25T06:00:00Z") };
  let source: Db;
  let file: BackupFile;

  beforeAll(async () => {
    source = await freshDb();
    const app = appOn(source);
    expect(
      (await putZone(await signInAs({ db: source, app }, "backup", "admin"), { timeZone: "Asia/Manila" }))
        .status,
    ).toBe(200);
    file = JSON.parse(await backupText(source, options)) as BackupFile;
  });

  it("restores the chosen zone into another portal", async () => {
    // sql/020 added what a server maintenance does (decision 076), sql/021 the guild's name (decision 078).
    expect(file.tables.guild_settings?.columns).toEqual([
      "id",
      "time_zone",
      "updated_at",
      "after_maintenance",
      "guild_name",
    ]);
    const target = await freshDb();
    await restoreBackup(target, JSON.stringify(file), { brand: BRAND, replace: false, now: options.now });
    expect(await readChosenTimeZone(target)).toBe("Asia/Manila");
  });

  it("refuses a zone this server does not know, or not as the API stores it, naming the table and row", async () => {
    const target = await freshDb();
    for (const [zone, reason] of [
      ["Mars/Olympus_Mons", `time_zone "Mars/Olympus_Mons": ${TIME_ZONE_INVALID}`],
      ["asia/manila", 'time_zone "asia/manila": is not stored as the portal stores it ("Asia/Manila").'],
    ] as const) {
      const bad = structuredClone(file);
      const table = bad.tables.guild_settings as BackupFile["tables"][string];
      (table.rows[0] as (string | null)[])[table.columns.indexOf("time_zone")] = zone;
      const refusal = await restoreBackup(target, JSON.stringify(bad), { brand: BRAND, replace: false }).then(
        () => undefined,
        (err: { status?: number; refusal?: RestoreRefusal }) => err,
      );
      expect(refusal?.status).toBe(400);
      expect(refusal?.refusal?.problems).toEqual([{ table: "guild_settings", key: "id 1", reason }]);
      expect(await readChosenTimeZone(target)).toBeNull();
    }
  });

  it("restores a file from before the setting (schema 11) with no zone chosen, GUILD_TIMEZONE in force", async () => {
    const old = structuredClone(file);
    old.schema = 11;
    delete old.tables.guild_settings;
    const target = await freshDb();
    await restoreBackup(target, JSON.stringify(old), { brand: BRAND, replace: false, now: options.now });
    expect(await readChosenTimeZone(target)).toBeNull();
    expect((await new TestClient(appOn(target)).get("/_api/public/guild-settings")).data).toEqual({
      timeZone: CONFIGURED,
      timeZoneSource: "GUILD_TIMEZONE",
      splitRules: [],
      ...UNNAMED,
      afterMaintenance: "ready",
    });
    // The row is there again, for the next choice and the next backup.
    const [row] = await target.query<{ n: number }>("SELECT count(*)::int AS n FROM guild_settings");
    expect(row?.n).toBe(1);
  });
});

/**
 * The guild's name as a setting (issue 26 point 1, decision 078), on every driver (PGlite, PostgreSQL, and the Neon
 * driver in workerd): who may change it, what a bad name answers, the audit entry, what the config and the settings
 * answer at once, and where the server uses it (a backup's `guild`, a restore's confirmation, the SQL copy).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackupFile, type RestoreRefusal, wrongGuildName } from "@shared/schemas/backup.ts";
import { GUILD_NAME_MESSAGES } from "@shared/schemas/guild-name.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import { createApp } from "../app/create-app.ts";
import { restoreBackup } from "../backup/restore.ts";
import { backupText } from "../backup/write-backup.ts";
import type { Db } from "../db/types.ts";
import { type AuditEntry, signInAs } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { readChosenGuildName } from "./guild-name.ts";

const PEPPER = "test-pepper-0123456789";
/** GUILD_BRAND of the app under test: the name until an admin chooses. */
const BRAND = "Test Guild";
const PATH = "/_api/admin/guild-settings/name";

const dbs: Db[] = [];
async function freshDb(): Promise<Db> {
  const db = await createTestDb();
  dbs.push(db);
  return db;
}
afterAll(async () => {
  for (const db of dbs) await db.close();
});

const appOn = (db: Db) => createApp({ db, config: { brand: BRAND, timeZone: "UTC", pepper: PEPPER } });
const putName = (client: TestClient, body: unknown) => client.call("PUT", PATH, body);
const nameAudit = (db: Db) =>
  db.query<AuditEntry>(
    `SELECT action, entity, entity_id AS "entityId", actor_email AS "actorEmail", before, after
       FROM audit_log WHERE entity = 'guild_settings' AND after ? 'guildName' ORDER BY id`,
  );

describe("naming the guild", () => {
  let db: Db;
  let app: ReturnType<typeof appOn>;
  let admin: TestClient;

  beforeAll(async () => {
    db = await freshDb();
    app = appOn(db);
    admin = await signInAs({ db, app }, "guild-name", "admin");
  });

  it("answers 401 to a visitor and 403 to a raider and an officer, changing nothing", async () => {
    const raider = await signInAs({ db, app }, "guild-name", "user");
    const officer = await signInAs({ db, app }, "guild-name", "officer");
    for (const [client, status] of [
      [new TestClient(app), 401],
      [raider, 403],
      [officer, 403],
    ] as const) {
      expect((await putName(client, { guildName: "Usurpers" })).status).toBe(status);
    }
    expect(await readChosenGuildName(db)).toBeNull();
  });

  it("refuses a name too long, with control characters or not text, with the message, changing nothing", async () => {
    for (const [guildName, message] of [
      ["x".repeat(61), GUILD_NAME_MESSAGES.tooLong],
      ["🐉".repeat(61), GUILD_NAME_MESSAGES.tooLong],
      ["Iron\nVanguard", GUILD_NAME_MESSAGES.control],
      ["Iron\tVanguard", GUILD_NAME_MESSAGES.control],
      ["Iron\u0007Vanguard", GUILD_NAME_MESSAGES.control],
      ["\u202Edraugnav norI", GUILD_NAME_MESSAGES.control],
      [42, GUILD_NAME_MESSAGES.type],
    ] as const) {
      const res = await putName(admin, { guildName });
      expect({ guildName, status: res.status, error: res.data.error }).toEqual({
        guildName,
        status: 400,
        error: message,
      });
    }
    const extra = await putName(admin, { guildName: "Iron Vanguard", brand: "x" });
    expect(extra.status).toBe(400);
    expect(extra.data.error).toBe("Unknown field: brand");
    expect(await readChosenGuildName(db)).toBeNull();
    expect(await nameAudit(db)).toEqual([]);
  });

  it("saves an admin's name, audited, and the config and the settings answer it at once; empty is GUILD_BRAND again", async () => {
    const visitor = new TestClient(app);
    const before = await visitor.get("/_api/public/config");
    expect(before.data).toEqual({ brand: BRAND, timeZone: "UTC" });
    const etag = before.headers.get("etag") as string;

    const saved = await putName(admin, { guildName: "  Iron Vanguard — 鉄の前衛 🐉  " });
    expect(saved.status).toBe(200);
    const named: Partial<GuildSettings> = {
      guildName: "Iron Vanguard — 鉄の前衛 🐉",
      guildNameSource: "guild-settings",
    };
    expect(saved.data).toMatchObject(named);
    // The cached reads moved: a browser's copy is not confirmed, and the live feed announces guild-settings.
    const after = await visitor.get("/_api/public/config", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.data).toEqual({ brand: named.guildName, timeZone: "UTC" });
    expect((await visitor.get("/_api/public/guild-settings")).data).toMatchObject(named);

    // The same name again is no change and no entry; empty goes back to GUILD_BRAND.
    expect((await putName(admin, { guildName: "Iron Vanguard — 鉄の前衛 🐉" })).status).toBe(200);
    const cleared = await putName(admin, { guildName: "" });
    expect(cleared.data).toMatchObject({ guildName: BRAND, guildNameSource: "GUILD_BRAND" });
    expect(await readChosenGuildName(db)).toBeNull();
    expect((await visitor.get("/_api/public/config")).data).toEqual({ brand: BRAND, timeZone: "UTC" });

    const audit = await nameAudit(db);
    expect(audit.map(({ action, entity, before, after }) => ({ action, entity, before, after }))).toEqual([
      {
        action: "update",
        entity: "guild_settings",
        before: { guildName: BRAND, guildNameSource: "GUILD_BRAND" },
        after: named,
      },
      {
        action: "update",
        entity: "guild_settings",
        before: named,
        after: { guildName: BRAND, guildNameSource: "GUILD_BRAND" },
      },
    ]);
    expect(audit.every((entry) => entry.actorEmail?.startsWith("guild-name"))).toBe(true);
  });
});

describe("where the server uses the guild's name", { timeout: 120_000 }, () => {
  const NAME = "Iron Vanguard";
  let db: Db;
  let app: ReturnType<typeof appOn>;
  let admin: TestClient;
  let file: string;

  beforeAll(async () => {
    db = await freshDb();
    app = appOn(db);
    admin = await signInAs({ db, app }, "named-backup", "admin");
    expect(
      (await admin.post("/_api/boss-names", { name: "Named Wyrm", respawn_time_hours: 12 })).status,
    ).toBe(201);
    expect((await putName(admin, { guildName: NAME })).status).toBe(200);
    file = await backupText(db, { brand: BRAND, includePasswords: false });
  });

  it("writes it as a backup's guild and carries it, and the Backup page's status names it", async () => {
    const parsed = JSON.parse(file) as BackupFile;
    expect(parsed.guild).toBe(NAME);
    const settings = parsed.tables.guild_settings as BackupFile["tables"][string];
    expect(settings.rows[0]?.[settings.columns.indexOf("guild_name")]).toBe(NAME);
    expect((await admin.get("/_api/admin/backup/status")).data).toMatchObject({ guild: NAME });

    const target = await freshDb();
    await restoreBackup(target, file, { brand: BRAND, replace: false });
    expect(await readChosenGuildName(target)).toBe(NAME);
  });

  it("asks a restore over the guild's data to confirm the name the screen shows, not GUILD_BRAND", async () => {
    const restore = (confirm: string) =>
      admin.post(
        `/_api/admin/restore?${new URLSearchParams({ replace: "1", confirmGuildName: confirm })}`,
        file,
      );
    const wrong = await restore(BRAND);
    expect(wrong.status).toBe(400);
    expect(wrong.data.error).toBe(wrongGuildName(NAME));
    expect((await restore(NAME)).status).toBe(200);
  });

  it("heads the SQL copy and the schema script with it", async () => {
    const exported = await admin.get("/_api/admin/sql-export");
    expect(JSON.stringify(exported.data)).toContain(`-- ${NAME} data export`);
    const schema = await admin.get("/_api/admin/schema-sql");
    expect((schema.data as { sql: string }).sql.startsWith(`-- ${NAME} database schema`)).toBe(true);
  });

  it("refuses a backup whose name the API would not store, naming the row", async () => {
    for (const [name, message] of [
      ["Iron\nVanguard", GUILD_NAME_MESSAGES.control],
      [" Iron Vanguard", "is not stored as the portal stores it."],
      ["x".repeat(61), GUILD_NAME_MESSAGES.tooLong],
    ] as const) {
      // The refusal quotes at most 40 characters of the value.
      const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
      const reason = `guild_name ${JSON.stringify(shown)}: ${message}`;
      const bad = JSON.parse(file) as BackupFile;
      const settings = bad.tables.guild_settings as BackupFile["tables"][string];
      (settings.rows[0] as (string | null)[])[settings.columns.indexOf("guild_name")] = name;
      const target = await freshDb();
      const refusal = await restoreBackup(target, JSON.stringify(bad), { brand: BRAND, replace: false }).then(
        () => undefined,
        (err: { status?: number; refusal?: RestoreRefusal }) => err,
      );
      expect(refusal?.status).toBe(400);
      expect(refusal?.refusal?.problems).toEqual([{ table: "guild_settings", key: "id 1", reason }]);
    }
  });
});

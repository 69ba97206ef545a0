/**
 * Backups and restores on every driver (docs/decisions/052): the round trip gives the same file, an old file is
 * brought to this schema, a refused restore changes nothing, and only admins may back up or restore.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKUP_NOT_JSON,
  BACKUP_TOO_LARGE,
  BACKUP_WRONG_FORMAT,
  type BackupFile,
  backupFromTheFuture,
  RESTORE_NOT_EMPTY,
  type RestoreResult,
  schemaFromTheFuture,
  wrongGuildName,
} from "@shared/schemas/backup.ts";
import schema9Fixture from "../../tests/fixtures/backup/schema-9.json?raw";
import { SCHEMA_MIGRATIONS } from "../admin/schema-migrations.generated.ts";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { createAccount, signInAs } from "../salary/portal-test-setup.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { FIXTURE_GUILD, FIXTURE_NOW, FIXTURE_SCHEMA_9, FIXTURE_SCHEMA_10 } from "./backup-fixture.ts";
import { BACKUP_TABLES, DERIVED_TABLES, EMPTIED_TABLES, KEPT_TABLES } from "./backup-tables.ts";
import { restoreBackup } from "./restore.ts";
import { backupText } from "./write-backup.ts";

const PEPPER = "test-pepper-0123456789";
const fixed = { brand: FIXTURE_GUILD, now: FIXTURE_NOW };
/** This portal's schema: the number of its newest migration. */
const SCHEMA = Number(SCHEMA_MIGRATIONS.at(-1)?.version);

let source: Db;
const opened: Db[] = [];
async function freshDb(): Promise<Db> {
  const db = await createTestDb();
  opened.push(db);
  return db;
}

/** The derived tables as text, to compare a restored database's rebuild with the source's. */
async function derived(db: Db): Promise<string> {
  const rows = await db.query<{ t: string }>(
    `SELECT concat_ws(' | ',
       (SELECT string_agg(to_jsonb(s)::text, ',' ORDER BY s.item_id, s.member_id) FROM salary_shares s),
       (SELECT string_agg((to_jsonb(i) - 'created_at' - 'updated_at')::text, ',' ORDER BY i.item_id) FROM salary_items i),
       (SELECT string_agg(id || ':' || salary, ',' ORDER BY id) FROM guild_members),
       (SELECT reserved_guild_funds || '/' || admin_fund FROM guild_funds)) AS t`,
  );
  return rows[0]?.t ?? "";
}

beforeAll(async () => {
  source = await freshDb();
  await source.exec(FIXTURE_SCHEMA_9);
  await source.exec(FIXTURE_SCHEMA_10);
  // The stored figures as the app keeps them.
  await source.transaction((tx) => rebuildDerivedFigures(tx));
});
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

describe("backup file", () => {
  it("holds every source table as exact text, in primary-key order, and password hashes only when asked", async () => {
    const text = await backupText(source, { ...fixed, includePasswords: false });
    const backup = JSON.parse(text) as BackupFile;
    expect(backup).toMatchObject({
      format: "guild-portal-backup",
      version: 1,
      schema: SCHEMA,
      guild: FIXTURE_GUILD,
    });
    expect(backup.createdAt).toBe("2026-11-25T06:00:00.000Z");
    expect(Object.keys(backup.tables)).toEqual([
      "guild_settings",
      "split_rules",
      "guild_members",
      "users",
      "boss_names",
      "boss_timers",
      "market_exchange",
      "attendance_records",
      "payouts",
      "fund_spending",
      "audit_log",
    ]);
    expect(text).not.toContain("pbkdf2");
    const members = backup.tables.guild_members;
    expect(members?.rows.map((row) => row[0])).toEqual(["2", "3", "4", "5", "7"]);
    expect(members?.columns).not.toContain("changed_in");
    expect(backup.tables.audit_log?.columns).not.toContain("search");
    expect(text).toContain('"2026-01-02T03:04:05.123456Z"');
    expect(text).toContain('"100.01"');
    expect(backup.tables.users?.rows[1]).toContain("3"); // raider's main character
    const withPasswords = await backupText(source, { ...fixed, includePasswords: true });
    expect(JSON.parse(withPasswords).tables.user_passwords.rows).toEqual([
      [
        "900",
        "pbkdf2-sha256$600000$c2FsdA$aGFzaA",
        "2026-01-01T00:00:00.000000Z",
        "2026-01-01T00:00:00.000000Z",
      ],
    ]);
  });
});

describe("what a backup holds", () => {
  it("names every table of the schema: backed up, rebuilt, emptied or kept, so a new table is never left out", async () => {
    const tables = await source.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const named = [
      ...BACKUP_TABLES.map((t) => t.name),
      ...DERIVED_TABLES,
      ...EMPTIED_TABLES,
      ...KEPT_TABLES,
    ].sort();
    expect(tables.map((t) => t.name)).toEqual(named);
  });
});

describe("round trip", () => {
  for (const includePasswords of [true, false]) {
    it(`backup → restore into a fresh database → backup gives the same file (${includePasswords ? "with" : "without"} password hashes)`, async () => {
      const first = await backupText(source, { ...fixed, includePasswords });
      const target = await freshDb();
      const result = await restoreBackup(target, first, {
        brand: FIXTURE_GUILD,
        replace: false,
        now: FIXTURE_NOW,
      });
      expect(result).toMatchObject({ replaced: false, automaticBackup: null, signedIn: false });
      expect(result.restored.market_exchange).toBe(3);
      expect(await backupText(target, { ...fixed, includePasswords })).toBe(first);
      expect(await derived(target)).toBe(await derived(source));

      // The id sequences continue after the restored ids.
      const [member] = await target.query<{ id: number }>(
        "INSERT INTO guild_members (player_name) VALUES ('Newcomer') RETURNING id",
      );
      expect(member?.id).toBe(8);
      const [payout] = await target.query<{ id: number }>(
        "INSERT INTO payouts (member_name, amount, paid_on) VALUES ('X', 1, '2026-11-25') RETURNING id",
      );
      expect(payout?.id).toBe(3);
    });
  }

  it("carries no check-in, and a restore empties those of the portal it replaces (decision 079)", async () => {
    const file = await backupText(source, { ...fixed, includePasswords: false });
    expect(file).not.toContain("check_in");
    const target = await freshDb();
    await target.exec(`
      INSERT INTO guild_members (player_name) VALUES ('Checker');
      INSERT INTO check_ins (code, boss_name, killed_at, closes_at)
        VALUES ('ABC234', 'Gravemaw', now(), now() + interval '20 minutes');
      INSERT INTO check_in_entries (check_in_id, member_id, added_by_officer)
        SELECT k.id, m.id, true FROM check_ins k, guild_members m;
    `);
    await restoreBackup(target, file, {
      brand: FIXTURE_GUILD,
      replace: true,
      confirmGuildName: FIXTURE_GUILD,
      now: FIXTURE_NOW,
    });
    const [left] = await target.query<{ checkIns: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM check_ins) AS "checkIns", (SELECT count(*)::int FROM check_in_entries) AS entries`,
    );
    expect(left).toEqual({ checkIns: 0, entries: 0 });
  });

  it("sends every app a full pull: versions move and every earlier cursor is behind the horizon", async () => {
    const target = await freshDb();
    const [before] = await target.query<{ cursor: string; version: string }>(
      `SELECT pg_current_snapshot()::text AS cursor, (SELECT version::text FROM data_versions WHERE collection = 'members') AS version`,
    );
    await restoreBackup(target, await backupText(source, { ...fixed, includePasswords: false }), {
      brand: FIXTURE_GUILD,
      replace: false,
    });
    const [after] = await target.query<{ pruned: string; version: string; tombstones: number }>(
      `SELECT (SELECT pruned_through::text FROM sync_horizon) AS pruned,
              (SELECT version::text FROM data_versions WHERE collection = 'members') AS version,
              (SELECT count(*)::int FROM deleted_rows) AS tombstones`,
    );
    expect(BigInt(after?.version ?? 0)).toBeGreaterThan(BigInt(before?.version ?? 0));
    expect(BigInt(before?.cursor.split(":")[0] ?? 0)).toBeLessThanOrEqual(BigInt(after?.pruned ?? 0));
    expect(after?.tombstones).toBe(0);
  });
});

describe("a backup from an older schema", () => {
  it("made at schema 9, before payouts existed, restores with empty payouts and no linked characters", async () => {
    const target = await freshDb();
    const result = await restoreBackup(target, schema9Fixture, { brand: FIXTURE_GUILD, replace: false });
    expect(result.restored).toMatchObject({ guild_members: 5, payouts: 0, fund_spending: 0, audit_log: 2 });
    const again = JSON.parse(await backupText(target, { ...fixed, includePasswords: true })) as BackupFile;
    expect(again.schema).toBe(SCHEMA);
    const users = again.tables.users;
    const column = (name: string) => users?.rows.map((row) => row[users.columns.indexOf(name)]);
    expect(column("member_id")).toEqual([null, null]);
    // Nor any Discord user (schema 16, decision 070): password accounts, as they were.
    expect(column("discord_id")).toEqual([null, null]);
    expect(column("disabled_by_discord")).toEqual(["false", "false"]);
    expect(again.tables.payouts?.rows).toEqual([]);
    const old = JSON.parse(schema9Fixture) as BackupFile;
    expect(again.tables.market_exchange).toEqual(old.tables.market_exchange);
    // Made on the portal, every entry (schema 25, decision 096).
    expect(again.tables.audit_log).toEqual({
      columns: [...(old.tables.audit_log?.columns ?? []), "via"],
      rows: old.tables.audit_log?.rows.map((row) => [...row, null]),
    });
    // Salaries are rebuilt from the items (the schema-9 file was written before any were computed).
    const [obrien] = await target.query<{ salary: string }>(
      "SELECT salary::text FROM guild_members WHERE id = 3",
    );
    expect(Number(obrien?.salary)).toBeGreaterThan(0);
  });

  it("made before migration 009 gets each audit entry's name, as the migration gave them", async () => {
    const old = JSON.parse(schema9Fixture) as BackupFile;
    const audit = old.tables.audit_log;
    if (!audit) throw new Error("fixture has no audit log");
    const subject = audit.columns.indexOf("subject");
    const at8 = {
      ...old,
      schema: 8,
      tables: {
        ...old.tables,
        audit_log: {
          columns: audit.columns.filter((_, i) => i !== subject),
          rows: audit.rows.map((row) => row.filter((_, i) => i !== subject)),
        },
      },
    };
    const target = await freshDb();
    await restoreBackup(target, JSON.stringify(at8), { brand: FIXTURE_GUILD, replace: false });
    const rows = await target.query<{ subject: string | null }>("SELECT subject FROM audit_log ORDER BY id");
    expect(rows.map((row) => row.subject)).toEqual(["O'Brien", null]);
  });
});

describe("POST /_api/admin/restore and GET /_api/admin/backup", () => {
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let adminEmail: string;
  const kept: string[] = [];

  beforeAll(async () => {
    db = await freshDb();
    await restoreBackup(db, await backupText(source, { ...fixed, includePasswords: false }), {
      brand: FIXTURE_GUILD,
      replace: false,
    });
    app = createApp({
      db,
      config: {
        brand: FIXTURE_GUILD,
        timeZone: null,
        pepper: PEPPER,
        keepAutomaticBackup: async (text) => {
          kept.push(text);
          return `automatic-${kept.length}.json`;
        },
      },
    });
    adminEmail = await createAccount(db, "restorer", "admin");
    admin = new TestClient(app);
    expect((await admin.login(adminEmail, "correct horse battery")).status).toBe(200);
  });

  const restorePath = (query: Record<string, string> = {}) =>
    `/_api/admin/restore${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
  const snapshot = () => backupText(db, { ...fixed, includePasswords: true });

  it("refuses anonymous callers and users", async () => {
    const user = await signInAs({ db, app }, "backup", "user");
    for (const client of [new TestClient(app), user]) {
      const status = client === user ? 403 : 401;
      expect((await client.get("/_api/admin/backup")).status).toBe(status);
      expect((await client.post(restorePath(), "{}")).status).toBe(status);
    }
  });

  it("downloads the backup as a dated attachment, with password hashes only when asked", async () => {
    const res = await admin.get("/_api/admin/backup");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="guild-portal-backup-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect((res.data as unknown as BackupFile).tables.user_passwords).toBeUndefined();
    const secret = await admin.get("/_api/admin/backup?includePasswords=1");
    expect(Object.keys((secret.data as unknown as BackupFile).tables)).toContain("user_passwords");
    expect((await admin.get("/_api/admin/backup?includePasswords=maybe")).status).toBe(400);
  });

  it("refuses a bad file or a database with data without the guild's name, changing nothing", async () => {
    const before = await snapshot();
    const good = await backupText(source, { ...fixed, includePasswords: false });
    const future = { ...JSON.parse(good), version: 2 };
    const newerSchema = { ...JSON.parse(good), schema: 99 };
    const cases: [string, Record<string, string>, number, string][] = [
      [good, {}, 409, RESTORE_NOT_EMPTY],
      [good, { replace: "1" }, 400, wrongGuildName(FIXTURE_GUILD)],
      [good, { replace: "1", confirmGuildName: "o'guild — ærin" }, 400, wrongGuildName(FIXTURE_GUILD)],
      ["{not json", { replace: "1", confirmGuildName: FIXTURE_GUILD }, 400, BACKUP_NOT_JSON],
      ['{"format":"other"}', { replace: "1", confirmGuildName: FIXTURE_GUILD }, 400, BACKUP_WRONG_FORMAT],
      [
        JSON.stringify(future),
        { replace: "1", confirmGuildName: FIXTURE_GUILD },
        400,
        backupFromTheFuture(2),
      ],
      [
        JSON.stringify(newerSchema),
        { replace: "1", confirmGuildName: FIXTURE_GUILD },
        400,
        schemaFromTheFuture(99, SCHEMA),
      ],
    ];
    for (const [body, query, status, error] of cases) {
      const res = await admin.post(restorePath(query), body);
      expect({ query, status: res.status, error: res.data.error }).toEqual({ query, status, error });
    }
    const damaged = JSON.parse(good);
    damaged.tables.guild_members.rows[0].pop();
    const res = await admin.post(
      restorePath({ replace: "1", confirmGuildName: FIXTURE_GUILD }),
      JSON.stringify(damaged),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      error: "This backup is damaged: table guild_members, row 1: it has 11 values for 12 columns.",
      problems: [{ table: "guild_members", key: "row 1", reason: "it has 11 values for 12 columns." }],
      problemCount: 1,
    });
    // What the database would have refused, refused before it: with the row's key and the API's own words.
    for (const [table, row, column, value, problem] of [
      [
        "guild_members",
        0,
        0,
        "not-a-number",
        'table guild_members, row 1: id "not-a-number": must be a whole number from 1 to 2147483647.',
      ],
      ["payouts", 0, 7, "4242", 'table payouts, id 1: recorded_by "4242": Account not found.'],
      [
        "market_exchange",
        0,
        3,
        "-5.00",
        'table market_exchange, id 10: value "-5.00": Value cannot be negative.',
      ],
    ] as const) {
      const broken = JSON.parse(good);
      broken.tables[table].rows[row][column] = value;
      const refused = await admin.post(
        restorePath({ replace: "1", confirmGuildName: FIXTURE_GUILD }),
        JSON.stringify(broken),
      );
      expect({ table, status: refused.status, error: refused.data.error }).toEqual({
        table,
        status: 400,
        error: `This backup is damaged: ${problem}`,
      });
    }
    const unknownColumn = JSON.parse(good);
    unknownColumn.tables.payouts.columns[1] = "member_id); DROP TABLE users; --";
    const injected = await admin.post(
      restorePath({ replace: "1", confirmGuildName: FIXTURE_GUILD }),
      JSON.stringify(unknownColumn),
    );
    expect(injected.status).toBe(400);
    expect(await snapshot()).toBe(before);
    expect(kept).toEqual([]);
  });

  it("answers 413 past the restore's own limit, before reading the body", async () => {
    const res = await app.request(restorePath(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": String(64 * 1024 * 1024 + 1),
        cookie: admin.cookie ?? "",
      },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: BACKUP_TOO_LARGE });
  });

  it("replaces everything when the guild's name is typed, after an automatic backup; the admin stays signed in", async () => {
    const before = await snapshot();
    // Something to lose: a member only this database has.
    await db.query("INSERT INTO guild_members (player_name) VALUES ('Only Here')");
    // An open app has pulled it.
    const pulled = await admin.get("/_api/changes");
    const cursor = (pulled.data as { cursor: string }).cursor;
    const withExtra = await snapshot();
    expect(withExtra).not.toBe(before);
    const file = await backupText(source, { ...fixed, includePasswords: false });
    const res = await admin.post(restorePath({ replace: "1", confirmGuildName: FIXTURE_GUILD }), file);
    expect(res.status).toBe(200);
    const result = res.data as unknown as RestoreResult;
    expect(result).toMatchObject({ replaced: true, automaticBackup: "automatic-1.json", signedIn: true });
    // The automatic backup is the database as it was, password hashes included.
    expect(
      JSON.parse(kept[0] ?? "{}").tables.guild_members.rows.some((r: string[]) => r[1] === "Only Here"),
    ).toBe(true);
    expect(JSON.parse(kept[0] ?? "{}").tables.user_passwords.rows.length).toBeGreaterThan(0);
    const members = await db.query<{ name: string }>(
      "SELECT player_name AS name FROM guild_members ORDER BY id",
    );
    expect(members.map((m) => m.name)).not.toContain("Only Here");
    // That app's next pull is whole, not a delta that would keep the member the restore took away.
    const next = await admin.get(`/_api/changes?since=${encodeURIComponent(cursor)}`);
    const change = (
      next.data as { changes: { guildMembers: { replace: boolean; rows: { playerName: string }[] } } }
    ).changes.guildMembers;
    expect(change.replace).toBe(true);
    expect(change.rows.map((m) => m.playerName).sort()).toEqual(members.map((m) => m.name).sort());
    // Still signed in (the account was carried over), and the restore is in the audit log under their name.
    const audit = await admin.get("/_api/admin/backup");
    expect(audit.status).toBe(200);
    const [entry] = await db.query<{ actor: string; after: { replaced: boolean; automaticBackup: string } }>(
      "SELECT actor_email AS actor, after FROM audit_log WHERE action = 'restore' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toMatchObject({
      actor: adminEmail,
      after: { replaced: true, automaticBackup: "automatic-1.json" },
    });
    // Accounts of the backup kept the password hashes they had here (matched by email): none here but the admin's.
    const [login] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_passwords");
    expect(login?.n).toBe(1);
  });

  it("tells each device the restore signed out when it ran (decision 089), and no other cookie", async () => {
    const session = (client: TestClient) => client.get("/_api/auth/session");
    // The admin's phone and a raider: both signed in before the restore, neither is the restoring session.
    const phone = new TestClient(app);
    expect((await phone.login(adminEmail, "correct horse battery")).status).toBe(200);
    const raider = await signInAs({ db, app }, "signed-out", "user");
    // A session that ended before the restore (signed out, its cookie kept), and a cookie that was never a session.
    const earlier = new TestClient(app);
    expect((await earlier.login(adminEmail, "correct horse battery")).status).toBe(200);
    const earlierCookie = earlier.cookie;
    expect((await earlier.post("/_api/auth/logout", "{}")).status).toBe(200);
    earlier.cookie = earlierCookie;
    const forged = new TestClient(app);
    forged.cookie = `gp_session=${"x".repeat(43)}`;

    const started = Date.now();
    const file = await backupText(source, { ...fixed, includePasswords: false });
    const res = await admin.post(restorePath({ replace: "1", confirmGuildName: FIXTURE_GUILD }), file);
    expect(res.status).toBe(200);
    const finished = Date.now();

    expect((await session(admin)).status).toBe(200);
    for (const client of [phone, raider]) {
      const answer = await session(client);
      expect(answer.status).toBe(401);
      expect(answer.data.error).toBe("Not authenticated");
      const restoredAt = Date.parse(String(answer.data.restoredAt));
      expect(restoredAt).toBeGreaterThanOrEqual(started - 1000);
      expect(restoredAt).toBeLessThanOrEqual(finished + 1000);
    }
    for (const client of [earlier, forged, new TestClient(app)]) {
      const answer = await session(client);
      expect(answer.status).toBe(401);
      expect(answer.data).toEqual({ error: "Not authenticated" });
    }
    // Signing in again replaces the cookie: the device is simply signed in.
    expect((await phone.login(adminEmail, "correct horse battery")).status).toBe(200);
    expect((await session(phone)).status).toBe(200);
    // The note lasts only as long as the ended session would have.
    await db.query("UPDATE restore_signed_out SET expires_at = now() - interval '1 second'");
    const gone = await session(raider);
    expect(gone.data).toEqual({ error: "Not authenticated" });
  });

  it("signs the restoring admin out when the file has their email as a user's account: the file wins", async () => {
    const other = await freshDb();
    const otherApp = createApp({
      db: other,
      config: { brand: FIXTURE_GUILD, timeZone: null, pepper: PEPPER },
    });
    const raider = await insertUser(other, {
      email: "raider@guild.test",
      displayName: "Was admin",
      role: "admin",
    });
    await setPasswordHash(other, raider.id, await hashPassword("correct horse battery", PEPPER));
    const client = new TestClient(otherApp);
    expect((await client.login("raider@guild.test", "correct horse battery")).status).toBe(200);
    const res = await client.post(
      "/_api/admin/restore",
      await backupText(source, { ...fixed, includePasswords: false }),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ replaced: false, signedIn: false });
    expect((await client.get("/_api/admin/backup")).status).toBe(401);
    // Their password hash went with the email to the restored (user) account.
    expect((await new TestClient(otherApp).login("raider@guild.test", "correct horse battery")).status).toBe(
      200,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TABLES, type ExportTable } from "@shared/schemas/sql-export.ts";
import { createApp } from "../app/create-app.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { NOT_EXPORTED_COLUMNS, renderTable, sqlString, TABLE_SPECS } from "./sql-export.ts";

const pepper = "test-pepper-0123456789";
const PASSWORD = "correct horse battery";
const TIMER_STARTER = "timer.starter@guild.test";

/**
 * Awkward data on purpose: quotes, backslashes, new lines and non-ASCII text; NULLs; an alt whose main has a
 * higher id; timestamps with microseconds; fixed-schedule and fractional respawn hours.
 */
const FIXTURE = String.raw`
INSERT INTO users (id, email, display_name, role) VALUES (900, 'timer.starter@guild.test', 'Starter', 'user');
INSERT INTO guild_members (id, player_name, category, raids_participated, salary, status, kicked_date,
  final_salary_amount, main_member_id, player_alias, created_at, updated_at) VALUES
  (3, 'O''Brien', 'Guild Master', 4, 440.00, 'active', NULL, NULL, NULL, 'Obi', '2026-01-02 03:04:05.123456+00',
   '2026-01-03 00:00:00.000001+00'),
  (5, 'Zoë "Quill" Ærin', 'Core', 0, 0, 'active', NULL, NULL, NULL, NULL, '2026-01-02 03:04:05+00',
   '2026-01-02 03:04:05+00'),
  (7, 'Back\slash\n', 'Members', 12, 999999999999.99, 'kicked', '2026-11-10 18:00:00.5+00', 12.34, NULL, NULL,
   '2025-12-31 23:59:59.999999+00', '2026-11-10 18:00:00.5+00');
-- Alts: 2 and 4 are characters of players whose main rows come later.
INSERT INTO guild_members (id, player_name, category, main_member_id, created_at, updated_at) VALUES
  (2, 'Alt of O''Brien', 'Members', 3, '2026-02-01 00:00:00+00', '2026-02-01 00:00:00+00'),
  (4, E'Line\nbreak', 'Members', 5, '2026-02-01 00:00:00+00', '2026-02-01 00:00:00+00');
INSERT INTO market_exchange (id, loot_name, boss_name, value, status, participated_members, total_funds,
  date_acquired, created_at, updated_at) VALUES
  (10, 'Sword of ''Quotes''', 'Gravemaw', 3200.00, 'Sold', '["O''Brien","Zoë \"Quill\" Ærin"]', 3200, '2026-11-15',
   '2026-11-15 12:00:00.654321+00', '2026-11-15 12:00:00.654321+00'),
  (11, 'Ring', 'MILAVY', 0.01, 'Pending', '', 0, NULL, '2026-11-16 12:00:00+00', '2026-11-16 12:00:00+00');
UPDATE guild_funds SET reserved_guild_funds = 320.00, admin_fund = 160.55, created_at = '2026-01-01 00:00:00.25+00'
 WHERE id = 1;
INSERT INTO boss_names (id, name, respawn_time_hours, created_at, updated_at) VALUES
  (1, 'Gravemaw', 10, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00'),
  (2, 'MILAVY', -1, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00'),
  (6, 'Queen''s Wyrm', 1.5, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00');
INSERT INTO boss_timers (id, boss_name, start_time, end_time, duration_hours, is_active, status, started_by,
  created_at, updated_at) VALUES
  (4, 'Gravemaw', '2026-11-20 10:00:00.111111+00', '2026-11-20 20:00:00.111111+00', 10, true, 'active', 900,
   '2026-11-20 10:00:00.111111+00', '2026-11-20 10:00:00.111111+00'),
  (9, 'Queen''s Wyrm', '2026-11-20 10:00:00+00', '2026-11-20 10:00:10+00', 0.0028, false, 'reset', NULL,
   '2026-11-20 10:00:00+00', '2026-11-20 10:00:00+00');
`;

/** Every row of a table as exact text. Accounts are not exported: a timer's starter is compared by email. */
async function snapshot(db: Db, table: ExportTable): Promise<string[]> {
  const exported = `(to_jsonb(t) - ARRAY[${NOT_EXPORTED_COLUMNS.map((c) => `'${c}'`).join(", ")}])`;
  const row =
    table === "boss_timers"
      ? `${exported} - 'started_by' || jsonb_build_object('starter', (SELECT email FROM users u WHERE u.id = t.started_by))`
      : table === "guild_funds"
        ? // The upsert changes the existing row, so its trigger stamps updated_at anew.
          `${exported} - 'updated_at'`
        : exported;
  const rows = await db.query<{ row: string }>(`SELECT (${row})::text AS row FROM ${table} t ORDER BY t.id`);
  return rows.map((r) => r.row);
}

/**
 * Empties the exported tables and restarts their ids. DELETE, not TRUNCATE: accounts (users.member_id) refer to
 * guild_members, and a TRUNCATE would have to empty them too.
 */
const EMPTY_DATA_TABLES = ["payouts", "boss_timers", "boss_names", "market_exchange", "guild_members"]
  .map((table) =>
    table === "payouts"
      ? "DELETE FROM payouts;"
      : `DELETE FROM ${table}; SELECT setval(pg_get_serial_sequence('${table}', 'id'), 1, false);`,
  )
  .join(" ");

async function snapshotAll(db: Db) {
  const result: Record<string, string[]> = {};
  for (const table of EXPORT_TABLES) result[table] = await snapshot(db, table);
  return result;
}

let source: Db;
let target: Db;
let app: ReturnType<typeof createApp>;
let admin: TestClient;

async function signIn(role: Role) {
  const email = `${role}-${crypto.randomUUID()}@guild.test`;
  const user = await insertUser(source, { email, displayName: `${role} account`, role });
  await setPasswordHash(source, user.id, await hashPassword(PASSWORD, pepper));
  const client = new TestClient(app);
  expect((await client.login(email, PASSWORD)).status).toBe(200);
  return client;
}

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDb(), createTestDb()]);
  await source.exec(FIXTURE);
  app = createApp({ db: source, config: { brand: "O'Guild", timeZone: null, pepper } });
  admin = await signIn("admin");
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

describe("sql export: literals", () => {
  it("doubles single quotes and writes backslashes so either string mode reads them the same", () => {
    expect(sqlString("O'Brien")).toBe("'O''Brien'");
    expect(sqlString("''")).toBe("''''''");
    expect(sqlString("a\\b'c")).toBe("E'a\\\\b''c'");
    expect(sqlString("Zoë\nÆrin")).toBe("'Zoë\nÆrin'");
  });

  it("writes NULL, numbers and booleans as literals, and an empty table as just its sequence reset", () => {
    const sql = renderTable("boss_timers", [
      {
        id: "1",
        boss_name: "Gravemaw",
        start_time: "2026-11-20T10:00:00.000000Z",
        end_time: "2026-11-20T20:00:00.000000Z",
        duration_hours: "10.0000",
        is_active: "false",
        status: "reset",
        started_by: null,
        created_at: "2026-11-20T10:00:00.000000Z",
        updated_at: "2026-11-20T10:00:00.000000Z",
      },
    ]);
    expect(sql).toContain(
      "(1, 'Gravemaw', '2026-11-20T10:00:00.000000Z', '2026-11-20T20:00:00.000000Z', 10.0000, FALSE, 'reset', NULL,",
    );
    const empty = renderTable("boss_timers", []);
    expect(empty).not.toContain("INSERT");
    expect(empty).toContain("SELECT setval(pg_get_serial_sequence('boss_timers', 'id')");
    expect(() => renderTable("boss_names", [{ id: "1", name: "x", respawn_time_hours: "1; DROP" }])).toThrow(
      /not a finite number/,
    );
  });
});

describe("sql export: columns", () => {
  it("exports every column of the five tables, so a new column cannot be left out unnoticed", async () => {
    for (const table of EXPORT_TABLES) {
      const columns = await source.query<{ name: string }>(
        "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
        [table],
      );
      const exported = [...TABLE_SPECS[table].columns.map(([name]) => name), ...NOT_EXPORTED_COLUMNS].sort();
      expect({ table, columns: exported }).toEqual({ table, columns: columns.map((c) => c.name).sort() });
    }
  });
});

describe("GET /_api/admin/sql-export", () => {
  it("answers 401 to anonymous callers and 403 to users", async () => {
    expect(await new TestClient(app).get("/_api/admin/sql-export")).toMatchObject({
      status: 401,
      data: { error: "Authentication required" },
    });
    expect(await (await signIn("user")).get("/_api/admin/sql-export")).toMatchObject({
      status: 403,
      data: { error: "Access denied. Your role (user) lacks required permissions." },
    });
  });

  it("exports every row so that a fresh database gets exactly the same rows, whole or table by table", async () => {
    const res = await admin.get("/_api/admin/sql-export");
    expect(res.status).toBe(200);
    const body = res.data as {
      sql: string;
      tables: Record<ExportTable, string>;
      rowCounts: Record<ExportTable, number>;
      generatedAt: Date;
    };
    expect(Object.keys(body.tables)).toEqual([...EXPORT_TABLES]);
    expect(body.rowCounts).toEqual({
      guild_members: 5,
      market_exchange: 2,
      guild_funds: 1,
      boss_names: 3,
      boss_timers: 2,
    });
    expect(body.generatedAt).toBeInstanceOf(Date);
    expect(body.sql).toMatch(/^-- O'Guild data export, /);
    for (const table of EXPORT_TABLES) expect(body.sql).toContain(body.tables[table]);
    expect(body.sql.indexOf("INSERT INTO boss_names")).toBeLessThan(
      body.sql.indexOf("INSERT INTO boss_timers"),
    );
    expect(body.tables.guild_funds).toContain("ON CONFLICT (id) DO UPDATE SET");
    expect(body.sql).not.toMatch(/password|pbkdf2|sessions|users \(/i);

    const expected = await snapshotAll(source);
    expect(expected.guild_members?.join("\n")).toContain("O'Brien");

    // The timer's starter exists in the target under another id.
    await target.exec(
      `INSERT INTO users (id, email, display_name) VALUES (77, '${TIMER_STARTER}', 'Starter');`,
    );
    await target.exec(body.sql);
    expect(await snapshotAll(target)).toEqual(expected);
    const [timer] = await target.query<{ started_by: number }>(
      "SELECT started_by FROM boss_timers WHERE id = 4",
    );
    expect(timer?.started_by).toBe(77);

    // The id sequences continue after the imported ids.
    const [member] = await target.query<{ id: number }>(
      "INSERT INTO guild_members (player_name) VALUES ('Newcomer') RETURNING id",
    );
    expect(member?.id).toBe(8);
    const [boss] = await target.query<{ id: number }>(
      "INSERT INTO boss_names (name) VALUES ('New Boss') RETURNING id",
    );
    expect(boss?.id).toBe(7);

    // The per-table snippets, run one after another in the order given, load the same rows.
    await target.exec(
      `${EMPTY_DATA_TABLES} UPDATE guild_funds SET reserved_guild_funds = 0, admin_fund = 0;`,
    );
    for (const table of EXPORT_TABLES) await target.exec(body.tables[table]);
    expect(await snapshotAll(target)).toEqual(expected);
  });

  it("leaves a timer's starter empty where the target has no account with that email", async () => {
    const res = await admin.get("/_api/admin/sql-export");
    const sql = (res.data as { sql: string }).sql;
    expect(sql).toMatch(/\nBEGIN;\n[\s\S]*\nCOMMIT;\n$/);
    await target.exec(`${EMPTY_DATA_TABLES} DELETE FROM users WHERE email = '${TIMER_STARTER}';`);
    await target.exec(sql);
    const timers = await target.query<{ id: number; started_by: number | null }>(
      "SELECT id, started_by FROM boss_timers ORDER BY id",
    );
    expect(timers).toEqual([
      { id: 4, started_by: null },
      { id: 9, started_by: null },
    ]);
  });
});

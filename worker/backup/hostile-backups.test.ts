/**
 * A restore is checked like every write (docs/decisions/054), on every driver: a corpus of hostile backups, each a
 * real backup of the fixture guild with one fault, is refused with 400 and its reasons (table, key, reason), and the
 * database is unchanged (a backup before and after, and the API's answers). The database refuses NaN money itself
 * (migration 011), and the migration names the rows that already hold such a value.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupFile, RestoreProblem } from "@shared/schemas/backup.ts";
import { SCHEMA_MIGRATIONS } from "../admin/schema-migrations.generated.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { signInAs } from "../salary/portal-test-setup.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import type { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { FIXTURE_GUILD, FIXTURE_NOW, FIXTURE_SCHEMA_9, FIXTURE_SCHEMA_10 } from "./backup-fixture.ts";
import { COLUMN_RULES } from "./backup-rules.ts";
import { BACKUP_TABLES, tableColumns } from "./backup-tables.ts";
import { backupText } from "./write-backup.ts";

let db: Db;
let admin: TestClient;
/** The fixture guild's backup as the Backup page downloads it. */
let good: string;

beforeAll(async () => {
  db = await createTestDb();
  await db.exec(FIXTURE_SCHEMA_9);
  await db.exec(FIXTURE_SCHEMA_10);
  await db.transaction((tx) => rebuildDerivedFigures(tx));
  const app = createApp({
    db,
    config: { brand: FIXTURE_GUILD, timeZone: null, pepper: "test-pepper-0123456789" },
  });
  admin = await signInAs({ db, app }, "hostile", "admin");
  good = await backupText(db, { brand: FIXTURE_GUILD, includePasswords: false, now: FIXTURE_NOW });
});
afterAll(async () => {
  await db?.close();
});

/** The fixture's backup with one change made to its parsed form. */
function fault(
  change: (backup: BackupFile & { tables: Record<string, { rows: unknown[][] }> }) => void,
): string {
  const backup = JSON.parse(good);
  change(backup);
  return JSON.stringify(backup);
}

/** Sets a column of the row whose first value (its key) is `key`. */
function set(backup: BackupFile, table: string, key: string, column: string, value: unknown): void {
  const t = backup.tables[table];
  const row = t?.rows.find((r) => r[0] === key) as unknown[] | undefined;
  if (!t || !row) throw new Error(`no ${table} row ${key}`);
  row[t.columns.indexOf(column)] = value;
}

function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

interface Case {
  name: string;
  file: () => string;
  /** Problems the answer must list: the table, the key, and words of the reason. */
  expected: { table: string | null; key: string | null; reason: string }[];
}

/** Adds a split rule set (decision 075) with these parts in basis points. */
function splitRule(backup: BackupFile, day: string, parts: [number, number, number, number]): void {
  const t = backup.tables.split_rules as { columns: string[]; rows: unknown[][] };
  const values: Record<string, unknown> = {
    effective_from: day,
    guild_fund_bp: String(parts[0]),
    admin_fund_bp: String(parts[1]),
    elite_pool_bp: String(parts[2]),
    base_pool_bp: String(parts[3]),
    elite_guild_master: "true",
    elite_core: "true",
    elite_members: "false",
    empty_elite_pool: "guild-fund",
    created_at: "2026-11-20T06:00:00.000000Z",
    updated_at: "2026-11-20T06:00:00.000000Z",
  };
  t.rows.push(t.columns.map((column) => values[column] ?? null));
}

const CASES: Case[] = [
  {
    name: "split rules whose parts add up to 90%",
    file: () => fault((b) => splitRule(b, "2026-06-01", [1000, 0, 0, 8000])),
    expected: [
      {
        table: "split_rules",
        key: "row 1",
        reason: "The four parts must add up to 100%; they add up to 90%.",
      },
    ],
  },
  {
    name: "a split rule's part beyond 100%",
    file: () => fault((b) => splitRule(b, "2026-06-02", [10001, 0, 0, 0])),
    expected: [
      {
        table: "split_rules",
        key: "row 1",
        reason: "must be a whole number of hundredths of a percent from 0 to 10000.",
      },
    ],
  },
  {
    name: 'a payout of "NaN"',
    file: () => fault((b) => set(b, "payouts", "1", "amount", "NaN")),
    expected: [{ table: "payouts", key: "id 1", reason: 'amount "NaN": Amount must be a number.' }],
  },
  {
    name: 'a payout of "Infinity"',
    file: () => fault((b) => set(b, "payouts", "2", "amount", "Infinity")),
    expected: [{ table: "payouts", key: "id 2", reason: 'amount "Infinity": Amount must be a number.' }],
  },
  {
    name: 'spending of "-Infinity"',
    file: () => fault((b) => set(b, "fund_spending", "1", "amount", "-Infinity")),
    expected: [
      { table: "fund_spending", key: "id 1", reason: 'amount "-Infinity": Amount must be a number.' },
    ],
  },
  {
    name: "an item worth 1.005 (three decimals, never rounded)",
    file: () => fault((b) => set(b, "market_exchange", "10", "value", "1.005")),
    expected: [
      {
        table: "market_exchange",
        key: "id 10",
        reason: 'value "1.005": Value cannot have more than 2 decimals.',
      },
    ],
  },
  {
    name: "a payout beyond the money range",
    file: () => fault((b) => set(b, "payouts", "1", "amount", "1000000000000.00")),
    expected: [
      {
        table: "payouts",
        key: "id 1",
        reason: 'amount "1000000000000.00": Amount cannot exceed 999999999999.99.',
      },
    ],
  },
  {
    name: "a negative spending",
    file: () => fault((b) => set(b, "fund_spending", "1", "amount", "-5.00")),
    expected: [
      { table: "fund_spending", key: "id 1", reason: 'amount "-5.00": Amount must be more than 0.' },
    ],
  },
  {
    name: "payouts to one member that add up beyond the money range",
    file: () =>
      fault((b) => {
        set(b, "payouts", "1", "amount", "999999999999.99");
        const payouts = b.tables.payouts as { rows: unknown[][] };
        const more = [...(payouts.rows[0] as unknown[])];
        [more[0], more[3]] = ["3", "0.01"];
        payouts.rows.push(more);
      }),
    expected: [
      {
        table: "payouts",
        key: "id 3",
        reason:
          'amount "0.01": Paying 0.01 USDT would take the total paid to O\'Brien beyond 999,999,999,999.99 USDT, the most the portal can hold.',
      },
    ],
  },
  {
    name: "Sold items that give one earner more than the money range",
    file: () =>
      fault((b) => {
        set(b, "market_exchange", "10", "value", "999999999999.99");
        set(b, "market_exchange", "11", "value", "999999999999.99");
        set(b, "market_exchange", "11", "status", "Sold");
        set(b, "market_exchange", "11", "participated_members", '["O\'Brien"]');
      }),
    expected: [
      {
        table: "market_exchange",
        key: null,
        reason:
          'the Sold items give "O\'Brien" more than 999,999,999,999.99 USDT, the most the portal can hold.',
      },
    ],
  },
  {
    name: "two members with one id",
    file: () =>
      fault((b) => {
        const members = b.tables.guild_members as { rows: unknown[][] };
        const copy = [...(members.rows[0] as unknown[])];
        copy[1] = "Newcomer";
        members.rows.push(copy);
      }),
    expected: [
      { table: "guild_members", key: "id 2", reason: 'id "2": is in the file twice: rows 1 and 6 have it.' },
    ],
  },
  {
    name: "a member row twice",
    file: () =>
      fault((b) => {
        const members = b.tables.guild_members as { rows: unknown[][] };
        members.rows.push([...(members.rows[3] as unknown[])]);
      }),
    expected: [
      { table: "guild_members", key: "id 5", reason: 'id "5": is in the file twice: rows 4 and 6 have it.' },
    ],
  },
  {
    name: "main and alt characters in a circle",
    // O'Brien (3) becomes an alt of his own alt (2, whose main is 3).
    file: () => fault((b) => set(b, "guild_members", "3", "main_member_id", "2")),
    expected: [
      {
        table: "guild_members",
        key: "id 2",
        reason: 'main_member_id "3": main and alt characters link in a circle (2 → 3 → 2).',
      },
      {
        table: "guild_members",
        key: "id 3",
        reason: 'main_member_id "2": main and alt characters link in a circle (3 → 2 → 3).',
      },
    ],
  },
  {
    name: 'participants "not json at all"',
    file: () => fault((b) => set(b, "market_exchange", "10", "participated_members", "not json at all")),
    expected: [
      {
        table: "market_exchange",
        key: "id 10",
        reason:
          'participated_members "not json at all": is not a JSON list of names, and read as a comma-separated list it names someone not on the roster ("not json at all")',
      },
    ],
  },
  {
    name: "a raid's list that is broken JSON",
    file: () => fault((b) => set(b, "attendance_records", "8", "participated_members", '["O\'Brien", ')),
    expected: [
      {
        table: "attendance_records",
        key: "id 8",
        reason: "is not a participant list: it starts like a JSON list but is not valid JSON.",
      },
    ],
  },
  {
    name: "a number where text belongs",
    file: () => fault((b) => set(b, "guild_members", "5", "player_name", 42)),
    expected: [
      { table: "guild_members", key: "id 5", reason: "player_name: a number (42) where text belongs." },
    ],
  },
  {
    name: "text where a boolean belongs",
    file: () => fault((b) => set(b, "users", "901", "disabled", "yes")),
    expected: [{ table: "users", key: "id 901", reason: 'disabled "yes": Disabled must be true or false.' }],
  },
  {
    name: "a missing table",
    file: () =>
      fault((b) => {
        delete b.tables.payouts;
      }),
    expected: [{ table: "payouts", key: null, reason: "the table is missing." }],
  },
  {
    name: "a 1,000-deep object where a value belongs",
    file: () => fault((b) => set(b, "audit_log", "20", "after", nested(1000))),
    expected: [{ table: "audit_log", key: "id 20", reason: "after: an object where text belongs." }],
  },
  {
    name: "an audit entry whose JSON is 1,000 deep",
    file: () => fault((b) => set(b, "audit_log", "21", "after", JSON.stringify(nested(1000)))),
    expected: [{ table: "audit_log", key: "id 21", reason: "is JSON nested more than 32 levels deep." }],
  },
  {
    name: "a 1,000-deep object as a table",
    file: () =>
      fault((b) => {
        (b.tables as Record<string, unknown>).deep = nested(1000);
      }),
    expected: [{ table: "deep", key: null, reason: "it has no columns or rows." }],
  },
];

/** What the database holds, as a backup with every table and hash, and as the API answers the guild's lists. */
async function state(): Promise<unknown> {
  const lists = await Promise.all(
    ["/_api/guild-members?status=all", "/_api/payouts", "/_api/fund-spending", "/_api/market-exchange"].map(
      async (path) => {
        const res = await admin.get(path);
        expect(res.status).toBe(200);
        return res.data;
      },
    ),
  );
  return {
    backup: await backupText(db, { brand: FIXTURE_GUILD, includePasswords: true, now: FIXTURE_NOW }),
    lists,
  };
}

const restore = (body: string) =>
  admin.post(
    `/_api/admin/restore?${new URLSearchParams({ replace: "1", confirmGuildName: FIXTURE_GUILD })}`,
    body,
  );

describe("a hostile backup", () => {
  for (const fault of CASES) {
    it(`${fault.name}: 400 with its reasons, and nothing changes`, async () => {
      const before = await state();
      const res = await restore(fault.file());
      expect(res.status).toBe(400);
      expect(String(res.data.error)).toMatch(/^This backup is damaged: /);
      const problems = res.data.problems as RestoreProblem[];
      expect(res.data.problemCount).toBe(problems.length);
      for (const want of fault.expected)
        expect(problems).toContainEqual({ ...want, reason: expect.stringContaining(want.reason) });
      expect(await state()).toEqual(before);
    });
  }

  it("lists the first 100 problems and counts them all", async () => {
    const many = fault((b) => {
      const payouts = b.tables.payouts as { rows: unknown[][] };
      const template = payouts.rows[0] as unknown[];
      for (let id = 100; id < 250; id++) {
        const row = [...template];
        row[0] = String(id);
        row[3] = "NaN";
        payouts.rows.push(row);
      }
    });
    const res = await restore(many);
    expect(res.status).toBe(400);
    expect(res.data.problemCount).toBe(150);
    const problems = res.data.problems as RestoreProblem[];
    expect(problems).toHaveLength(100);
    expect(problems[0]).toEqual({
      table: "payouts",
      key: "id 100",
      reason: 'amount "NaN": Amount must be a number.',
    });
    expect(String(res.data.error)).toBe(
      'This backup is damaged: 150 problems, so nothing was restored. The first: table payouts, id 100: amount "NaN": Amount must be a number.',
    );
  });

  it("while the same file without its fault restores", async () => {
    const res = await restore(good);
    expect(res.status).toBe(200);
  });
});

describe("the restore's rules", () => {
  it("name every backed-up column of this database, and only those", async () => {
    for (const spec of BACKUP_TABLES) {
      const columns = (await tableColumns(db, spec.name)).map((c) => c.name).sort();
      expect({ table: spec.name, columns: Object.keys(COLUMN_RULES[spec.name] ?? {}).sort() }).toEqual({
        table: spec.name,
        columns,
      });
    }
  });
});

describe("migration 011: the database refuses money that is not a number", () => {
  it("has a check on every numeric column, and refuses NaN and infinities written directly", async () => {
    const numeric = await db.query<{ t: string; c: string; checked: boolean }>(
      `SELECT c.table_name AS t, c.column_name AS c,
              EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = c.table_name || '_' || c.column_name || '_finite')
                AS checked
         FROM information_schema.columns c
        WHERE c.table_schema = current_schema() AND c.data_type = 'numeric'
        ORDER BY 1, 2`,
    );
    expect(numeric.length).toBeGreaterThanOrEqual(19);
    expect(numeric.filter((column) => !column.checked)).toEqual([]);
    for (const amount of ["NaN", "Infinity", "-Infinity"])
      await expect(
        db.query(
          "INSERT INTO fund_spending (fund, amount, purpose, spent_on) VALUES ('guild', $1, 'x', '2026-11-01')",
          [amount],
        ),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(23514|22003)$/) });
    await expect(db.query("UPDATE payouts SET amount = 'NaN' WHERE id = 1")).rejects.toThrow(
      /payouts_amount_finite/,
    );
  });

  it("stops and names the rows when a database already holds such an amount, changing nothing", async () => {
    const migration = SCHEMA_MIGRATIONS.find((m) => m.version === "011");
    if (!migration) throw new Error("no migration 011");
    const constraints = await db.query<{ t: string; k: string }>(
      `SELECT conrelid::regclass::text AS t, conname AS k FROM pg_constraint WHERE conname LIKE '%\\_finite'`,
    );
    // The database as it was at 010, with bad amounts: inside a transaction that the failed migration rolls back.
    const failure = await db
      .transaction(async (tx) => {
        for (const { t, k } of constraints) await tx.query(`ALTER TABLE ${t} DROP CONSTRAINT ${k}`);
        await tx.query("UPDATE payouts SET amount = 'NaN' WHERE id = 2");
        await tx.query("UPDATE market_exchange SET value = 'NaN' WHERE id = 11");
        await tx.exec(migration.sql);
      })
      .then(
        () => null,
        (err: Error) => err.message,
      );
    expect(failure).toContain("Migration 011 stopped: 2 amount(s) are not numbers (NaN or infinite)");
    expect(failure).toContain("market_exchange id 11 value = NaN; payouts id 2 amount = NaN");
    const [kept] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_constraint WHERE conname LIKE '%\\_finite'",
    );
    expect(kept?.n).toBe(constraints.length);
  });
});

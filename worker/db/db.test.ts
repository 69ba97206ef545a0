// The data layer on every driver: migrations, the schema's guarantees, type parsing and transactions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_MIGRATIONS } from "../admin/schema-migrations.generated.ts";
import { createTestDb, sampleDataSql, testDriver } from "../test/test-db.ts";
import { migrate } from "./migrate.ts";
import type { Db } from "./types.ts";

const TABLES = [
  "attendance_records",
  "audit_log",
  "boss_names",
  "boss_timers",
  "guild_funds",
  "guild_members",
  "idempotency_keys",
  "login_attempts",
  "market_exchange",
  "sessions",
  "user_passwords",
  "users",
];

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** The SQLSTATE a statement fails with, or "none". */
async function sqlState(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return "none";
  } catch (err) {
    return String((err as { code?: unknown }).code);
  }
}

describe(`database (${testDriver()} driver)`, () => {
  it("runs on the driver and runtime its project names", async () => {
    const expected = { pglite: "pglite", postgres: "pg", workerd: "neon" } as const;
    expect(db.driver).toBe(expected[testDriver()]);
    if (testDriver() === "workerd") expect(navigator.userAgent).toBe("Cloudflare-Workers");
    const [row] = await db.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    expect(Number(row?.v)).toBeGreaterThanOrEqual(150_000);
  });

  describe("migrations", () => {
    it("are recorded in schema_migrations, and running them again applies nothing", async () => {
      const recorded = await db.query<{ version: string; name: string }>(
        "SELECT version, name FROM schema_migrations ORDER BY version",
      );
      expect(recorded).toEqual(SCHEMA_MIGRATIONS.map(({ version, name }) => ({ version, name })));
      expect(await migrate(db, SCHEMA_MIGRATIONS)).toEqual({ applied: [], wasEmpty: false });
      const [count] = await db.query<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
      expect(count?.n).toBe(SCHEMA_MIGRATIONS.length);
    });

    it("create every table of 001-init with row-level security enabled", async () => {
      const init = SCHEMA_MIGRATIONS.find((m) => m.version === "001")?.sql ?? "";
      const created = [...init.matchAll(/^CREATE TABLE (\w+)/gm)].map((m) => m[1]).sort();
      expect(created).toEqual(TABLES);
      const rows = await db.query<{ relname: string; relrowsecurity: boolean }>(
        `SELECT relname, relrowsecurity FROM pg_class
          WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname = ANY($1)
          ORDER BY relname`,
        [TABLES],
      );
      expect(rows).toEqual(TABLES.map((relname) => ({ relname, relrowsecurity: true })));
    });

    it("give every table with updated_at a trigger that sets it on UPDATE", async () => {
      const missing = await db.query<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c
          WHERE c.table_schema = 'public' AND c.column_name = 'updated_at'
            AND NOT EXISTS (
              SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
               WHERE t.tgrelid = format('public.%I', c.table_name)::regclass
                 AND p.proname = 'set_updated_at' AND NOT t.tgisinternal)`,
      );
      expect(missing).toEqual([]);

      const [member] = await db.query<{ id: number }>(
        "INSERT INTO guild_members (player_name) VALUES ('Trigger Test') RETURNING id",
      );
      const [updated] = await db.query<{ updated_at: Date; created_at: Date; fresh: boolean }>(
        `UPDATE guild_members SET raids_participated = 1, updated_at = '2000-01-01T00:00:00Z'
          WHERE id = $1 RETURNING updated_at, created_at, updated_at > now() - interval '1 minute' AS fresh`,
        [member?.id],
      );
      // The trigger overrides even an explicit value: updated_at is always the time of the change.
      expect(updated?.updated_at).toBeInstanceOf(Date);
      expect(updated?.fresh).toBe(true);
      expect(updated?.updated_at.getTime()).toBeGreaterThanOrEqual(updated?.created_at.getTime() ?? 0);

      const [funds] = await db.query<{ fresh: boolean }>(
        `UPDATE guild_funds SET admin_fund = 1, updated_at = '2000-01-01T00:00:00Z'
          RETURNING updated_at > now() - interval '1 minute' AS fresh`,
      );
      expect(funds?.fresh).toBe(true);
    });
  });

  describe("constraints", () => {
    it("refuse a second member with the same name in another letter case (23505)", async () => {
      await db.query("INSERT INTO guild_members (player_name) VALUES ('Casefold')");
      expect(await sqlState(db.query("INSERT INTO guild_members (player_name) VALUES ('CASEFOLD')"))).toBe(
        "23505",
      );
    });

    it("refuse a category outside the list and a negative salary (23514)", async () => {
      expect(
        await sqlState(
          db.query("INSERT INTO guild_members (player_name, category) VALUES ('Cat Test', 'Officers')"),
        ),
      ).toBe("23514");
      expect(
        await sqlState(
          db.query("INSERT INTO guild_members (player_name, salary) VALUES ('Neg Test', -0.01)"),
        ),
      ).toBe("23514");
      expect(
        await sqlState(
          db.query("INSERT INTO guild_members (player_name, category) VALUES ('Core Test', 'Core')"),
        ),
      ).toBe("none");
    });

    it("allow respawn hours 1-168 and the fixed schedules -1..-8, nothing else (23514)", async () => {
      const insert = (name: string, hours: number) =>
        sqlState(
          db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, $2)", [name, hours]),
        );
      expect(await insert("Zero Boss", 0)).toBe("23514");
      expect(await insert("Long Boss", 200)).toBe("23514");
      expect(await insert("Minus Nine", -9)).toBe("23514");
      expect(await insert("Schedule Boss", -3)).toBe("none");
      expect(await insert("Week Boss", 168)).toBe("none");
    });

    it("keep guild_funds to its single row", async () => {
      expect(await sqlState(db.query("INSERT INTO guild_funds (id) VALUES (2)"))).toBe("23514");
      expect(await sqlState(db.query("INSERT INTO guild_funds DEFAULT VALUES"))).toBe("23505");
      const [count] = await db.query<{ n: number }>("SELECT count(*) AS n FROM guild_funds");
      expect(count?.n).toBe(1);
    });
  });

  describe("types", () => {
    it("answer numeric as an exact string, bigint as a number, date as YYYY-MM-DD, timestamptz as a Date", async () => {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT 1234.56::numeric(14, 2) AS money, 0.1::numeric + 0.2::numeric AS sum,
                count(*) AS n, 9007199254740991::bigint AS big,
                date '2026-11-15' AS day, timestamptz '2026-11-15T12:00:00Z' AS at
           FROM generate_series(1, 3)`,
      );
      expect(row).toEqual({
        money: "1234.56",
        sum: "0.3",
        n: 3,
        big: 9_007_199_254_740_991,
        day: "2026-11-15",
        at: new Date("2026-11-15T12:00:00Z"),
      });
    });

    it("round-trip money and dates through the tables", async () => {
      const [item] = await db.query<{ value: string; total_funds: string; date_acquired: string }>(
        `INSERT INTO market_exchange (loot_name, boss_name, value, date_acquired)
         VALUES ('Type Test', 'Gravemaw', $1, $2) RETURNING value, total_funds, date_acquired`,
        ["98765432.10", "2026-02-28"],
      );
      expect(item).toEqual({ value: "98765432.10", total_funds: "0.00", date_acquired: "2026-02-28" });
    });
  });

  describe("transactions", () => {
    it("commit and answer the function's value", async () => {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          "INSERT INTO guild_members (player_name) VALUES ('Committed') RETURNING id",
        );
        return row?.id;
      });
      expect(id).toBeTypeOf("number");
      expect(await db.query("SELECT 1 FROM guild_members WHERE id = $1", [id])).toHaveLength(1);
    });

    it("roll back everything on a throw and rethrow it", async () => {
      const boom = new Error("boom");
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO guild_members (player_name) VALUES ('Rolled Back')");
          await tx.exec(
            "UPDATE guild_funds SET admin_fund = 999; UPDATE guild_funds SET reserved_guild_funds = 999",
          );
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await db.query("SELECT 1 FROM guild_members WHERE player_name = 'Rolled Back'")).toEqual([]);
      expect(await db.query("SELECT 1 FROM guild_funds WHERE admin_fund = 999")).toEqual([]);
    });

    it("roll back earlier statements when a later one fails", async () => {
      const state = await sqlState(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO guild_members (player_name) VALUES ('Half Done')");
          await tx.query("INSERT INTO guild_members (player_name) VALUES ('HALF DONE')");
        }),
      );
      expect(state).toBe("23505");
      expect(await db.query("SELECT 1 FROM guild_members WHERE lower(player_name) = 'half done'")).toEqual(
        [],
      );
      // The connection is usable afterwards.
      expect(await db.query("SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    });
  });
});

describe(`sample data (${testDriver()} driver)`, () => {
  let seeded: Db;
  beforeAll(async () => {
    seeded = await createTestDb();
    await seeded.transaction((tx) => tx.exec(sampleDataSql()));
  });
  afterAll(async () => {
    await seeded?.close();
  });

  it("loads 47 members, one of them kicked, and one player with two characters", async () => {
    const [counts] = await seeded.query<{ members: number; kicked: number; gm: number }>(
      `SELECT count(*) AS members, count(*) FILTER (WHERE status = 'kicked') AS kicked,
              count(*) FILTER (WHERE category = 'Guild Master') AS gm FROM guild_members`,
    );
    expect(counts).toEqual({ members: 47, kicked: 1, gm: 1 });
    const alts = await seeded.query<{ player_name: string; main: string }>(
      `SELECT m.player_name, main.player_alias AS main FROM guild_members m
         JOIN guild_members main ON main.id = m.main_member_id`,
    );
    expect(alts).toEqual([{ player_name: "Veilshade", main: "Veil" }]);
  });

  it("loads 24 bosses: 16 with hours and the 8 fixed schedules -1..-8", async () => {
    const bosses = await seeded.query<{ respawn_time_hours: string }>(
      "SELECT respawn_time_hours FROM boss_names ORDER BY respawn_time_hours",
    );
    expect(bosses).toHaveLength(24);
    const hours = bosses.map((b) => Number(b.respawn_time_hours));
    expect(hours.filter((h) => h > 0)).toHaveLength(16);
    expect(hours.filter((h) => h < 0)).toEqual([-8, -7, -6, -5, -4, -3, -2, -1]);
  });

  it("loads 3 market items, one Sold, and funds 320.00 / 160.00", async () => {
    const items = await seeded.query<{ status: string; n: number }>(
      "SELECT status, count(*) AS n FROM market_exchange GROUP BY status ORDER BY status",
    );
    expect(items).toEqual([
      { status: "Pending", n: 2 },
      { status: "Sold", n: 1 },
    ]);
    const funds = await seeded.query("SELECT reserved_guild_funds, admin_fund FROM guild_funds");
    expect(funds).toEqual([{ reserved_guild_funds: "320.00", admin_fund: "160.00" }]);
  });
});

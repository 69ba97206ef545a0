/**
 * Migration 002 on a database that already has a history: the sample data plus 1,000 imported items, as a
 * database at version 001 held them (salaries and funds stored, no distributions). Migrating fills the stored
 * distributions from the existing items in the same transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import { SCHEMA_MIGRATIONS } from "../admin/schema-migrations.generated.ts";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { createTestDb, sampleDataSql, testDriver } from "../test/test-db.ts";
import { MIGRATION_STEPS } from "./migration-steps.ts";
import { expectStoredEqualsFullRecalculation } from "./stored-figures-oracle.ts";
import { loadRoster, loadSoldItems } from "./stored-shares.ts";

/** The sample data up to what migration 002 added to it (the stored distribution of its Sold item). */
function sampleDataOf001(): string {
  const sql = sampleDataSql();
  const start = sql.indexOf("-- The Sold item's stored distribution");
  const end = sql.indexOf("-- Raid attendance");
  expect(start).toBeGreaterThan(0);
  return sql.slice(0, start) + sql.slice(end);
}

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
  // Back to version 001: 002's tables and its row in schema_migrations go.
  await db.exec(`DROP TABLE salary_shares; DROP TABLE salary_items; DROP TABLE salary_earners;
    DROP TABLE salary_totals;
    DELETE FROM schema_migrations WHERE version = '002';`);
  await db.transaction((tx) => tx.exec(sampleDataOf001()));
  // 1,000 imported items, 700 of them Sold, naming members, an alias-free mix and people not on the roster.
  await db.query(
    `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members)
     SELECT 'Imported ' || i, 'Frostfang', 10 + (i * 37 % 5000) + (i % 100) / 100.0,
            CASE WHEN i % 10 < 7 THEN 'Sold' ELSE 'Pending' END,
            (SELECT string_agg(player_name, ', ') FROM (
               SELECT player_name FROM guild_members ORDER BY (id * 31 + i) % 47 LIMIT 1 + i % 12) AS m)
              || CASE WHEN i % 5 = 0 THEN ', Outsider ' || (i % 3) ELSE '' END
       FROM generate_series(1, 1000) AS i`,
  );
  // What 001's full recalculation on every write left stored.
  const full = calculateSalaries(await loadSoldItems(db), await loadRoster(db));
  for (const { memberId, salary } of full.rosterSalaries) {
    await db.query("UPDATE guild_members SET salary = $2 WHERE id = $1", [memberId, salary]);
  }
  await db.query("UPDATE guild_funds SET reserved_guild_funds = $1, admin_fund = $2", [
    full.reservedGuildFunds,
    full.adminFund,
  ]);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe(`migration 002 on an existing database (${testDriver()} driver)`, () => {
  it("fills the stored distributions from the existing items; every figure equals a full recalculation", async () => {
    const salariesBefore = await db.query("SELECT id, salary FROM guild_members ORDER BY id");
    const result = await migrate(db, SCHEMA_MIGRATIONS, MIGRATION_STEPS);
    expect(result.applied).toEqual(["002-stored-shares"]);
    const [counts] = await db.query<{ items: number; sold: number }>(
      `SELECT (SELECT count(*)::int FROM salary_items) AS items,
              (SELECT count(*)::int FROM market_exchange WHERE status = 'Sold') AS sold`,
    );
    expect(counts?.items).toBe(701);
    expect(counts?.sold).toBe(701);
    await expectStoredEqualsFullRecalculation(db);
    // The stored salaries were already right: filling the distributions changes none of them.
    expect(await db.query("SELECT id, salary FROM guild_members ORDER BY id")).toEqual(salariesBefore);
  }, 120_000);
});

// Node only: reads sql/seed/sample-data.sql from disk.
import { afterAll, beforeAll, expect, it } from "vitest";
import { EXPORT_TABLES } from "@shared/schemas/sql-export.ts";
import type { Db } from "../db/types.ts";
import { loadSampleData } from "../node/load-sql.ts";
import { createTestDb } from "../test/test-db.ts";
import { exportData, NOT_EXPORTED_COLUMNS } from "./sql-export.ts";

let source: Db;
let target: Db;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDb(), createTestDb()]);
  await source.exec(loadSampleData());
  // A name with a quote, as real rosters have.
  await source.query("UPDATE guild_members SET player_name = 'O''Brien' WHERE player_name = 'Willowmere'");
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

async function rows(db: Db) {
  const result: Record<string, string[]> = {};
  for (const table of EXPORT_TABLES) {
    // The funds upsert changes the existing row, so its trigger stamps updated_at anew.
    const row = `to_jsonb(t) - ARRAY[${NOT_EXPORTED_COLUMNS.map((c) => `'${c}'`).join(", ")}]${
      table === "guild_funds" ? " - 'updated_at'" : ""
    }`;
    const found = await db.query<{ row: string }>(
      `SELECT (${row})::text AS row FROM ${table} t ORDER BY t.id`,
    );
    result[table] = found.map((r) => r.row);
  }
  return result;
}

it("replays the sample data into an empty database row for row", async () => {
  const exported = await exportData(source, "Guild Portal");
  expect(exported.rowCounts).toMatchObject({
    guild_members: 47,
    market_exchange: 3,
    guild_funds: 1,
    boss_names: 24,
  });
  expect(exported.tables.guild_members).toContain("'O''Brien'");
  await target.exec(exported.sql);
  const expected = await rows(source);
  expect(await rows(target)).toEqual(expected);
  expect(expected.guild_members?.some((r) => r.includes('"main_member_id": 9'))).toBe(true);
});

// Node only: compares the committed copy of the migrations with sql/ on disk, and runs the script on an
// empty embedded database.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { createBlankPgliteDb } from "../test/pglite-test-db.ts";
import { createTestDb } from "../test/test-db.ts";
import { GENERATED_FILE, renderMigrationsModule } from "./generate-schema-migrations.ts";
import { SCHEMA_MIGRATIONS } from "./schema-migrations.generated.ts";
import { buildSchemaSql } from "./schema-sql.ts";

const REGENERATE =
  "out of date: run `npx tsx worker/admin/generate-schema-migrations.ts` and commit the result";

/** The shape of a schema: columns with types and defaults, constraints, indexes, triggers, RLS. */
async function catalog(db: Db) {
  return db.query<{ item: string }>(`
    SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default) AS item
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL
    SELECT format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid)) FROM pg_constraint
     WHERE connamespace = 'public'::regnamespace
    UNION ALL
    SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL
    SELECT format('trigger %s %s', tgrelid::regclass, tgname) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT format('rls %s %s', relname, relrowsecurity) FROM pg_class
     WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
    ORDER BY 1`);
}

let byScript: Db;
let byMigrations: Db;

beforeAll(async () => {
  [byScript, byMigrations] = await Promise.all([createBlankPgliteDb(), createTestDb()]);
});
afterAll(async () => {
  await Promise.all([byScript?.close(), byMigrations?.close()]);
});

describe("schema script", () => {
  it("carries exactly the migrations in sql/", () => {
    const onDisk = loadMigrations();
    expect(SCHEMA_MIGRATIONS, `schema-migrations.generated.ts is ${REGENERATE}`).toEqual(onDisk);
    expect(readFileSync(GENERATED_FILE, "utf8"), `schema-migrations.generated.ts is ${REGENERATE}`).toBe(
      renderMigrationsModule(onDisk),
    );
  });

  it("builds on an empty database the schema the migrations build, and the runner then finds nothing to do", async () => {
    await byScript.exec(buildSchemaSql(SCHEMA_MIGRATIONS, "Guild Portal"));
    const expected = await catalog(byMigrations);
    expect(expected.length).toBeGreaterThan(150);
    expect(await catalog(byScript)).toEqual(expected);
    const result = await migrate(byScript, loadMigrations());
    expect(result).toEqual({ applied: [], wasEmpty: false });
    const recorded = await byScript.query<{ version: string }>(
      "SELECT version FROM schema_migrations ORDER BY 1",
    );
    expect(recorded.map((r) => r.version)).toEqual(SCHEMA_MIGRATIONS.map((m) => m.version));
  });
});

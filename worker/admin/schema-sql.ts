/**
 * The schema script shown on /admin/database-setup: every migration in order, in one transaction, recorded in
 * schema_migrations the way the migration runner records them, so `npm run migrate` later applies only
 * newer migrations to a database set up by hand.
 */
import type { Migration } from "../db/migrate.ts";
import { sqlString } from "./sql-export.ts";

export function buildSchemaSql(migrations: readonly Migration[], brand: string): string {
  const sorted = [...migrations].sort((a, b) => a.version.localeCompare(b.version));
  return [
    `-- ${brand.replace(/[\r\n]+/g, " ")} database schema: migrations ${sorted.map((m) => m.name).join(", ")}.`,
    "-- Run it once, as a whole, on a new and empty PostgreSQL 15+ database (Neon, a hosted or self-hosted",
    "-- server). Then load data with /admin/sql-export or start with an empty guild.",
    "BEGIN;",
    "",
    // The same table the migration runner (worker/db/migrate.ts) creates.
    `CREATE TABLE IF NOT EXISTS schema_migrations (
  version text PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);`,
    ...sorted.flatMap((m) => [
      "",
      `-- ==== ${m.name} ====`,
      m.sql.trimEnd(),
      `INSERT INTO schema_migrations (version, name) VALUES (${sqlString(m.version)}, ${sqlString(m.name)});`,
    ]),
    "",
    "COMMIT;",
    "",
  ].join("\n");
}

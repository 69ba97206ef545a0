/**
 * Writes worker/admin/schema-migrations.generated.ts from sql/NNN-*.sql:
 *   npx tsx worker/admin/generate-schema-migrations.ts
 * Workers have no filesystem and tsx cannot import .sql as text, so the schema script served on
 * /admin/database-setup reads this committed copy; schema-sql.node.test.ts fails when it is out of date.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Migration } from "../db/migrate.ts";
import { loadMigrations } from "../node/load-sql.ts";

export const GENERATED_FILE = join(dirname(fileURLToPath(import.meta.url)), "schema-migrations.generated.ts");

function templateLiteral(text: string): string {
  return `\`${text.replaceAll("\\", "\\\\").replaceAll("`", "\\`").replaceAll("${", "\\${")}\``;
}

export function renderMigrationsModule(migrations: readonly Migration[]): string {
  const entries = migrations.map(
    (m) =>
      `  {\n    version: ${JSON.stringify(m.version)},\n    name: ${JSON.stringify(m.name)},\n    sql: ${templateLiteral(m.sql)},\n  },\n`,
  );
  return [
    "// Generated from sql/NNN-*.sql by `npx tsx worker/admin/generate-schema-migrations.ts`. Do not edit.",
    "// schema-sql.node.test.ts fails when this copy differs from sql/.",
    'import type { Migration } from "../db/migrate.ts";',
    "",
    `export const SCHEMA_MIGRATIONS: readonly Migration[] = [\n${entries.join("")}];`,
    "",
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const migrations = loadMigrations();
  writeFileSync(GENERATED_FILE, renderMigrationsModule(migrations));
  console.log(`Wrote ${GENERATED_FILE} (${migrations.map((m) => m.name).join(", ")})`);
}

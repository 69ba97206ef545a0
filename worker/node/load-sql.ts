import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Migration, parseMigrationFileName } from "../db/migrate.ts";

export const SQL_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "sql");

/** Reads sql/NNN-*.sql on Node. */
export function loadMigrations(dir = SQL_DIR): Migration[] {
  return readdirSync(dir)
    .map((file) => ({ file, parsed: parseMigrationFileName(file) }))
    .filter((f) => f.parsed !== undefined)
    .map(({ file, parsed }) => ({
      version: parsed?.version as string,
      name: parsed?.name as string,
      sql: readFileSync(join(dir, file), "utf8"),
    }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** The sample data script, sql/seed/sample-data.sql. */
export function loadSampleData(dir = SQL_DIR): string {
  return readFileSync(join(dir, "seed", "sample-data.sql"), "utf8");
}

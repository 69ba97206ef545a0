import { migrate } from "../db/migrate.ts";
import { createMemoryPgliteDb } from "../db/pglite.ts";
import type { Db } from "../db/types.ts";
import { loadMigrations } from "../node/load-sql.ts";

/** A fresh, migrated database (no sample data) for one test file. */
export async function createTestDb(): Promise<Db> {
  const db = await createMemoryPgliteDb();
  await migrate(db, loadMigrations());
  return db;
}

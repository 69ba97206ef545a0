import { createNodePostgresDb } from "../db/node-postgres.ts";
import { createPgliteDb } from "../db/pglite.ts";
import type { Db } from "../db/types.ts";

/** DATABASE_URL means a real Postgres server; otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Db> {
  if (env.DATABASE_URL) {
    const db = createNodePostgresDb(env.DATABASE_URL);
    await db.query("SELECT 1");
    return db;
  }
  return createPgliteDb(env.DATA_DIR);
}

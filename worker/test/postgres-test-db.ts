import { createNodePostgresDb } from "../db/node-postgres.ts";
import type { Db } from "../db/types.ts";
import { databaseUrl, newDatabaseName } from "./database-names.ts";
import type { PostgresTemplate } from "./provided-context.ts";

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = createNodePostgresDb(adminUrl, { max: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

/** A database of its own, copied from the migrated template (fast), on node-postgres; close drops it. */
export async function createPostgresTestDb(t: PostgresTemplate): Promise<Db> {
  const name = newDatabaseName(t.prefix);
  await adminQuery(t.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${t.template}`);
  const db = createNodePostgresDb(databaseUrl(t.adminUrl, name), { max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(t.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * createTestDb() inside workerd: a database copied from the template the Node global setup migrated
 * (workerd cannot read sql/ from disk), reached through the Neon serverless driver and the
 * WebSocket-to-TCP proxy, as the Worker reaches Neon in production.
 */
import { createNeonDb } from "@worker/db/neon.ts";
import type { Db } from "@worker/db/types.ts";
import { databaseUrl, newDatabaseName } from "../database-names.ts";
import type { PostgresTemplate } from "../provided-context.ts";

async function adminQuery(t: PostgresTemplate, wsProxy: string, sql: string): Promise<void> {
  const admin = createNeonDb(t.adminUrl, { wsProxy });
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

/**
 * One pool for the whole test file: the pool runner executes a file inside one Durable Object, whose
 * sockets may be reused across tests (production, serving unrelated requests, opens a pool per request).
 */
export async function createNeonTestDb(t: PostgresTemplate, wsProxy: string): Promise<Db> {
  const name = newDatabaseName(t.prefix);
  await adminQuery(t, wsProxy, `CREATE DATABASE ${name} TEMPLATE ${t.template}`);
  const db = createNeonDb(databaseUrl(t.adminUrl, name), { wsProxy });
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(t, wsProxy, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

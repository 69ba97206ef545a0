/**
 * The PostgreSQL side of the test run (Node only): one server and one migrated template database,
 * shared by every project that needs them (postgres and workerd) and released when the last one ends.
 */
import { migrate } from "../db/migrate.ts";
import { createNodePostgresDb } from "../db/node-postgres.ts";
import { loadMigrations } from "../node/load-sql.ts";
import { databaseUrl } from "./database-names.ts";
import { startPostgresServer } from "./postgres-server.ts";
import type { PostgresTemplate } from "./provided-context.ts";
import { acquireShared } from "./shared-across-setups.ts";

async function withAdmin<T>(url: string, fn: (admin: ReturnType<typeof createNodePostgresDb>) => Promise<T>) {
  const admin = createNodePostgresDb(url, { max: 1 });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

async function dropDatabases(adminUrl: string, pattern: string): Promise<void> {
  await withAdmin(adminUrl, async (admin) => {
    const rows = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [pattern],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

async function setUp(): Promise<{ template: PostgresTemplate; dispose: () => Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL;
  const server = external ? undefined : await startPostgresServer();
  const adminUrl = external ?? (server?.url as string);
  // A server of our own holds one run; a shared one (TEST_DATABASE_URL) may hold several at once.
  const run = Math.random().toString(36).slice(2, 8);
  const template: PostgresTemplate = {
    adminUrl,
    template: external ? `guild_template_${run}` : "guild_template",
    prefix: `t_${run}_`,
  };
  try {
    await withAdmin(adminUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${template.template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template.template}`);
    });
    const db = createNodePostgresDb(databaseUrl(adminUrl, template.template), { max: 1 });
    try {
      await migrate(db, loadMigrations());
    } finally {
      await db.close();
    }
  } catch (err) {
    await server?.stop();
    throw err;
  }
  return {
    template,
    async dispose() {
      if (server) return server.stop();
      await dropDatabases(adminUrl, `${template.prefix}%`);
      await dropDatabases(adminUrl, template.template);
    },
  };
}

/** Starts (or joins) the shared server and template. Call the returned release once. */
export async function acquirePostgresTemplate(): Promise<{
  template: PostgresTemplate;
  release: () => Promise<void>;
}> {
  const { value, release } = await acquireShared("test-postgres", async () => {
    const { template, dispose } = await setUp();
    return { value: template, dispose };
  });
  return { template: value, release };
}

/**
 * `npm run migrate`: applies sql/ migrations to DATABASE_URL (e.g. Neon before a deploy) and makes the first
 * admin from ADMIN_EMAIL / ADMIN_PASSWORD if none exists. Sample data only with SEED_SAMPLE_DATA=true.
 */
import { ConfigError } from "../config/env.ts";
import { createNodePostgresDb } from "../db/node-postgres.ts";
import { prepareDatabase } from "./prepare-database.ts";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new ConfigError("DATABASE_URL is required: the Postgres (e.g. Neon) connection string to migrate.");
  const pepper = process.env.AUTH_PEPPER;
  if (!pepper || pepper.length < 16) {
    throw new ConfigError(
      "AUTH_PEPPER is required (at least 16 characters): the same secret the deployed worker uses.",
    );
  }
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    const { pepperMismatch } = await prepareDatabase(db, {
      seedSampleData: process.env.SEED_SAMPLE_DATA === "true",
      adminEmail: process.env.ADMIN_EMAIL || undefined,
      adminPassword: process.env.ADMIN_PASSWORD || undefined,
      pepper,
    });
    if (pepperMismatch)
      throw new ConfigError(
        "npm run migrate stopped before the first admin: run it again with the AUTH_PEPPER the database was set up with.",
      );
    console.log("Database is up to date.");
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error)?.message ?? err}`,
  );
  process.exit(1);
});

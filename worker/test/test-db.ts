/**
 * createTestDb(): a fresh, migrated database (no sample data) for one test file, on the driver the
 * vitest project chose (see vitest.config.ts): pglite, postgres (node-postgres) or workerd (Neon driver).
 * Driver modules load lazily, so workerd never sees PGlite or node:fs.
 */
import { inject } from "vitest";
import type { Db } from "../db/types.ts";
import type { TestDriver } from "./provided-context.ts";

/** The driver of this run; usable in test names in every runtime (workerd may lack process.env). */
export function testDriver(): TestDriver {
  return inject("testDriver") ?? "pglite";
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} was not provided: run the tests through vitest.config.ts (npm test).`);
  return value;
}

export async function createTestDb(): Promise<Db> {
  switch (testDriver()) {
    case "postgres": {
      const { createPostgresTestDb } = await import("./postgres-test-db.ts");
      return createPostgresTestDb(required(inject("postgresTemplate"), "postgresTemplate"));
    }
    case "workerd": {
      const { createNeonTestDb } = await import("./workerd/neon-test-db.ts");
      return createNeonTestDb(
        required(inject("postgresTemplate"), "postgresTemplate"),
        required(inject("neonWsProxy"), "neonWsProxy"),
      );
    }
    default: {
      const { createPgliteTestDb } = await import("./pglite-test-db.ts");
      return createPgliteTestDb(inject("pgliteTemplate"));
    }
  }
}

/** sql/seed/sample-data.sql as text, read by the global setup on Node. */
export function sampleDataSql(): string {
  return required(inject("sampleDataSql"), "sampleDataSql");
}

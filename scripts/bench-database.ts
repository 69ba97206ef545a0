/** What the benchmarks start from. */
import type { Db } from "../worker/db/types.ts";
import { prepareDatabase } from "../worker/node/prepare-database.ts";

/** A database as `npm start` prepares a new one: migrations, the sample data and this admin, quietly. */
export function prepareAsNpmStart(db: Db, admin: { email: string; password: string }, pepper: string) {
  return prepareDatabase(db, {
    seedSampleData: true,
    adminEmail: admin.email,
    adminPassword: admin.password,
    pepper,
    log: () => {},
  });
}

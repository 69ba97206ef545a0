import { ensureAdmin } from "../auth/bootstrap-admin.ts";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { MIGRATION_STEPS } from "../salary/migration-steps.ts";
import { loadMigrations, loadSampleData } from "./load-sql.ts";

export interface PrepareOptions {
  seedSampleData: boolean;
  adminEmail?: string;
  adminPassword?: string;
  pepper: string;
  log?: (line: string) => void;
}

/** Migrations, sample data on a brand-new database, and the bootstrap admin: what every start needs. */
export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<void> {
  const log = options.log ?? console.log;
  const { applied, wasEmpty } = await migrate(db, loadMigrations(), MIGRATION_STEPS);
  if (applied.length > 0) log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);
  if (wasEmpty && options.seedSampleData) {
    await db.transaction((tx) => tx.exec(loadSampleData()));
    log("Loaded the sample data (set SEED_SAMPLE_DATA=false to start empty).");
  }
  const admin = await ensureAdmin(db, {
    email: options.adminEmail,
    password: options.adminPassword,
    pepper: options.pepper,
  });
  if (admin.created && admin.generatedPassword) {
    log(
      [
        "",
        "  Created the first admin account. This password is shown only once:",
        `    email:    ${admin.email}`,
        `    password: ${admin.generatedPassword}`,
        "  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.",
        "",
      ].join("\n"),
    );
  } else if (admin.created) {
    log(`Created the first admin account ${admin.email} from ADMIN_EMAIL / ADMIN_PASSWORD.`);
  }
}

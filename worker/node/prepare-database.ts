import { ensureAdmin } from "../auth/bootstrap-admin.ts";
import { comparePepper, PEPPER_MISMATCH, recordPepperFingerprint } from "../auth/pepper-fingerprint.ts";
import { migrate } from "../db/migrate.ts";
import type { Db, Queryable } from "../db/types.ts";
import { MIGRATION_STEPS, repairDerivedFigures } from "../salary/migration-steps.ts";
import { loadMigrations, loadSampleData } from "./load-sql.ts";

export interface PrepareOptions {
  seedSampleData: boolean;
  adminEmail?: string;
  adminPassword?: string;
  pepper: string;
  log?: (line: string) => void;
}

/**
 * Migrations, sample data on a brand-new database, derived figures brought back in step with the loot
 * (docs/decisions/055), and the bootstrap admin: what every start needs. A crash at any point is finished by the
 * next start (decision 030): a brand-new database gets its migrations and the sample data in one transaction,
 * and the admin is made, in its own, whenever none exists. The pepper's fingerprint is stored when none is
 * (decision 066); when the database holds another pepper's, nothing is written with this one, the mismatch is
 * logged, and the answer says so (`npm run migrate` then fails; `npm start` serves, refusing logins).
 */
export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<{ pepperMismatch: boolean }> {
  const log = options.log ?? console.log;
  let seeded = false;
  const loadSample = async (tx: Queryable) => {
    await tx.exec(loadSampleData());
    seeded = true;
  };
  let rebuilt = false;
  const { applied } = await migrate(db, loadMigrations(), MIGRATION_STEPS, {
    brandNew: options.seedSampleData ? loadSample : undefined,
    repair: async (tx) => {
      rebuilt = await repairDerivedFigures(tx);
    },
  });
  if (applied.length > 0) log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);
  if (seeded) log("Loaded the sample data (set SEED_SAMPLE_DATA=false to start empty).");
  if (rebuilt) log("Rebuilt the salaries and funds from the loot: they were out of step with it.");
  if ((await comparePepper(db, options.pepper)) === "different") {
    log(PEPPER_MISMATCH);
    return { pepperMismatch: true };
  }
  await recordPepperFingerprint(db, options.pepper);
  await ensureAdmin(db, {
    email: options.adminEmail,
    password: options.adminPassword,
    pepper: options.pepper,
    // Before the commit: a crash after it must not leave an admin whose generated password nobody saw.
    beforeCommit: (admin) => log(adminCreatedMessage(admin)),
  });
  return { pepperMismatch: false };
}

function adminCreatedMessage(admin: { email: string; generatedPassword?: string }): string {
  if (!admin.generatedPassword)
    return `Created the first admin account ${admin.email} from ADMIN_EMAIL / ADMIN_PASSWORD.`;
  return [
    "",
    "  Created the first admin account. This password is shown only once:",
    `    email:    ${admin.email}`,
    `    password: ${admin.generatedPassword}`,
    "  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.",
    "",
  ].join("\n");
}

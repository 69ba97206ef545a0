/**
 * `npm run backup [-- --out FILE] [--include-passwords]` and
 * `npm run restore -- FILE [--replace --confirm "Guild Name"]` (docs/decisions/052): the same backup file and
 * restore as /admin/backup, against DATABASE_URL or the PGlite database in DATA_DIR. PGlite's directory is locked
 * by a running `npm start`, so these refuse while it runs.
 */
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  MAX_BACKUP_BYTES,
  problemLine,
  RESTORE_NOT_EMPTY,
  type RestoreRefusal,
  recordCount,
} from "@shared/schemas/backup.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { automaticBackupKeeper, backupToFile } from "../backup/backup-files.ts";
import { RestoreRefused, restoreBackup } from "../backup/restore.ts";
import { ConfigError, nodeEnvSchema, parseEnv } from "../config/env.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { MIGRATION_STEPS } from "../salary/migration-steps.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { loadMigrations } from "./load-sql.ts";
import { openDatabase } from "./open-database.ts";
import { resolvePepper } from "./pepper.ts";

export const USAGE = `Usage:
  npm run backup [-- --out FILE] [--include-passwords]
  npm run restore -- FILE [--replace --confirm "Guild Name"]`;

export const inUseMessage = (err: DataDirLockedError) =>
  `${err.message}\nThe backup and restore commands need the database to themselves: stop \`npm start\` first, ` +
  "or use Download backup / Restore on the portal's Backup page (/admin/backup) while it runs.";

class UsageError extends Error {}

async function backup(db: Db, env: { GUILD_BRAND: string }, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { out: { type: "string" }, "include-passwords": { type: "boolean", default: false } },
  });
  const now = new Date();
  const out = resolve(values.out ?? `guild-portal-backup-${now.toISOString().slice(0, 10)}.json`);
  const stats = await backupToFile(db, out, {
    brand: env.GUILD_BRAND,
    includePasswords: values["include-passwords"] ?? false,
    now,
  });
  const records = Object.values(stats.rowCounts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up ${recordCount(records)} of ${Object.keys(stats.rowCounts).length} tables (schema ${stats.schema}) to ${out}` +
      (values["include-passwords"] ? ", password hashes included." : ", without password hashes."),
  );
}

/** After a restore without password hashes into a new database, ADMIN_EMAIL / ADMIN_PASSWORD let an admin in. */
async function letAnAdminIn(
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; AUTH_PEPPER?: string; DATA_DIR: string },
): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u JOIN user_passwords p ON p.user_id = u.id
      WHERE u.role = 'admin' AND NOT u.disabled`,
  );
  if ((row?.n ?? 0) > 0) return;
  const email = env.ADMIN_EMAIL?.trim().toLowerCase();
  const [admin] = email
    ? await db.query<{ id: number }>(
        "SELECT id FROM users WHERE email = $1 AND role = 'admin' AND NOT disabled",
        [email],
      )
    : [];
  if (admin && env.ADMIN_PASSWORD) {
    await setPasswordHash(db, admin.id, await hashPassword(env.ADMIN_PASSWORD, resolvePepper(env)));
    console.log(`Set the password of ${email} from ADMIN_PASSWORD.`);
    return;
  }
  console.log(
    "No admin account has a password: the backup was made without password hashes. Run the restore again with " +
      "ADMIN_EMAIL set to an admin account of the backup and ADMIN_PASSWORD to the password it should get.",
  );
}

async function restore(
  db: Db,
  env: Parameters<typeof letAnAdminIn>[1] & { GUILD_BRAND: string },
  args: string[],
): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { replace: { type: "boolean", default: false }, confirm: { type: "string" } },
  });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError(USAGE);
  const path = resolve(file);
  if (statSync(path).size > MAX_BACKUP_BYTES)
    throw new UsageError(
      `${path} is larger than ${MAX_BACKUP_BYTES / 1024 / 1024} MB, the most a restore accepts.`,
    );
  // A new database gets its tables first (no sample data, no generated admin: the backup has its accounts).
  await migrate(db, loadMigrations(), MIGRATION_STEPS);
  const result = await restoreBackup(db, readFileSync(path, "utf8"), {
    brand: env.GUILD_BRAND,
    replace: values.replace ?? false,
    confirmGuildName: values.confirm,
    keepAutomaticBackup: automaticBackupKeeper(env.DATA_DIR),
  }).catch(async (err: unknown) => {
    // The name to type is the guild's as the portal shows it: chosen in Guild Settings, else GUILD_BRAND.
    if (err instanceof RestoreRefused && err.message === RESTORE_NOT_EMPTY)
      throw new UsageError(
        `This database already has data. Restoring replaces all of it: add --replace --confirm "${await guildNameInForce(db, env.GUILD_BRAND)}" (the guild's name, as Admin › Guild Settings shows it).`,
      );
    throw err;
  });
  // Counted in records, as the Backup page counts them (decisions 086, 089).
  const records = Object.values(result.restored).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored ${recordCount(records)} from ${path}.` +
      (result.automaticBackup
        ? ` What was there before is in ${resolve(env.DATA_DIR, result.automaticBackup)}.`
        : ""),
  );
  await letAnAdminIn(db, env);
}

/** A damaged file: the message, then every problem listed, one a line, as the Backup page lists them. */
function refusalText(message: string, refusal: RestoreRefusal): string {
  const lines = refusal.problems.map((problem) => `  - ${problemLine(problem)}`);
  const more = refusal.problemCount - refusal.problems.length;
  if (more > 0) lines.push(`  … and ${more.toLocaleString("en")} more.`);
  return [message, ...lines, "Nothing was changed."].join("\n");
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "backup" && command !== "restore") throw new UsageError(USAGE);
  const env = parseEnv(nodeEnvSchema, process.env);
  const db = await openDatabase(env);
  try {
    if (command === "backup") await backup(db, env, args);
    else await restore(db, env, args);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) console.error(inUseMessage(err));
  else if (err instanceof RestoreRefused && err.refusal) console.error(refusalText(err.message, err.refusal));
  else if (err instanceof ConfigError || err instanceof UsageError || err instanceof RestoreRefused)
    console.error(err.message);
  else if ((err as NodeJS.ErrnoException)?.code === "ENOENT")
    console.error(`No such file: ${(err as NodeJS.ErrnoException).path}`);
  else console.error(`Failed: ${(err as Error)?.message ?? err}`);
  process.exit(1);
});

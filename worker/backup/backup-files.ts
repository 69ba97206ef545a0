/**
 * Backup files on Node (docs/decisions/052): DATA_DIR/backups, private like the rest of DATA_DIR (directory 0700,
 * files 0600: they hold password hashes). The daily backup of `npm start` keeps the newest 14; the automatic
 * backup a restore makes before replacing data is kept apart and never rotated away.
 */
import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/data-dir-permissions.ts";
import { syncPath } from "../db/durable-files.ts";
import type { Db } from "../db/types.ts";
import { type BackupOptions, type BackupStats, writeBackup } from "./write-backup.ts";

export const DAILY_BACKUPS_KEPT = 14;
const DAILY_FILE = /^guild-portal-backup-\d{4}-\d{2}-\d{2}\.json$/;

export function backupsDir(dataDir: string): string {
  const dir = join(dataDir, "backups");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return dir;
}

/**
 * Writes `file` whole or not at all: into a private temporary file, a page at a time, synced, then renamed.
 * `fill` writes the content through the sink it is given.
 */
export async function writePrivateFile(
  file: string,
  fill: (sink: (chunk: string) => Promise<void>) => Promise<unknown>,
): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await open(temp, "w", PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await fill(async (chunk) => {
      await handle.write(chunk);
    });
    await handle.sync();
  } catch (err) {
    await handle.close();
    rmSync(temp, { force: true });
    throw err;
  }
  await handle.close();
  renameSync(temp, file);
  syncPath(join(file, ".."));
}

/** Writes a backup of `db` into `file` (the CLI's --out, the daily backup). */
export function backupToFile(db: Db, file: string, options: BackupOptions): Promise<BackupStats> {
  let stats: BackupStats | undefined;
  return writePrivateFile(file, async (sink) => {
    stats = await writeBackup(db, sink, options);
  }).then(() => stats as BackupStats);
}

/**
 * Keeps the newest `keep` daily backups (by the date in their names) and removes the temporary files of backups
 * that never finished; answers the names removed.
 */
export function rotateDailyBackups(dir: string, keep = DAILY_BACKUPS_KEPT): string[] {
  const daily = readdirSync(dir)
    .filter((name) => DAILY_FILE.test(name))
    .sort()
    .reverse();
  // And what a process killed while writing left behind (writePrivateFile's temporary files of other pids).
  const leftovers = readdirSync(dir).filter(
    (name) => /\.\d+\.tmp$/.test(name) && !name.endsWith(`.${process.pid}.tmp`),
  );
  const removed = [...daily.slice(keep), ...leftovers];
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

/**
 * The daily backup: today's file (the UTC day) unless it exists already, then the rotation. Run from the
 * scheduled-jobs timer every minute, so it costs a directory listing except once a day.
 */
export async function runDailyBackup(
  db: Db,
  options: { dataDir: string; brand: string; now: Date; keep?: number },
): Promise<string | null> {
  const dir = backupsDir(options.dataDir);
  const name = `guild-portal-backup-${options.now.toISOString().slice(0, 10)}.json`;
  let written: string | null = null;
  if (!readdirSync(dir).includes(name)) {
    await backupToFile(db, join(dir, name), {
      brand: options.brand,
      includePasswords: true,
      now: options.now,
    });
    written = name;
  }
  rotateDailyBackups(dir, options.keep);
  return written;
}

/** The automatic backup before a restore replaces data: DATA_DIR/backups/before-restore-<time>.json. */
export function automaticBackupKeeper(dataDir: string) {
  return async (text: string, createdAt: Date): Promise<string> => {
    const name = `before-restore-${createdAt
      .toISOString()
      .replaceAll(":", "-")
      .replace(/\.\d+Z$/, "Z")}.json`;
    const file = join(backupsDir(dataDir), name);
    await writePrivateFile(file, (sink) => sink(text));
    return join("backups", name);
  };
}

import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * DATA_DIR holds password hashes, sessions and the pepper, so only the user running the portal may read or
 * change it: directories 0700, files 0600 (decision 030). Checked at every start, where looser modes are
 * repaired and a directory of another user is refused. PGlite's filesystem layer gives the files it writes
 * 0666 or 0644 whatever the umask, so its files are brought back after it opens and when it closes too.
 */
export class DataDirPermissionError extends Error {
  override name = "DataDirPermissionError";
}

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Open to someone besides the owner (any group or other bit), or not fully usable by the owner. */
const needsRepair = (actual: number, wanted: number) =>
  (actual & 0o077) !== 0 || (actual & wanted) !== wanted;

function assertOwnEntry(path: string, stat: Stats, uid: number | undefined, root: string): void {
  if (uid === undefined || stat.uid === uid) return;
  throw new DataDirPermissionError(
    path === root
      ? `DATA_DIR ${root} belongs to another user (uid ${stat.uid}), not to the user running Guild Portal ` +
          `(uid ${uid}). Run the portal as that user, or set DATA_DIR to a directory of your own.`
      : `${path} in DATA_DIR belongs to another user (uid ${stat.uid}), not to the user running Guild Portal ` +
          `(uid ${uid}). Give DATA_DIR back to uid ${uid} (chown -R), or set DATA_DIR to another directory.`,
  );
}

function makePrivate(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    if (code === "ENOENT") return;
    throw new DataDirPermissionError(
      `Could not make ${path} private (${code}): DATA_DIR must be readable and writable by its owner only. ` +
        "Fix its permissions (chmod -R go-rwx), or set DATA_DIR to another directory.",
    );
  }
}

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/** Brings `path` to `mode` if it was not private; returns 1 if it did. */
function repair(path: string, stat: Stats, mode: number, uid: number | undefined, root: string): number {
  assertOwnEntry(path, stat, uid, root);
  if (!needsRepair(stat.mode, mode)) return 0;
  makePrivate(path, mode);
  return 1;
}

/** Brings every entry under `dir` (dir included) to the private modes; returns how many it changed. */
function walk(dir: string, stat: Stats, uid: number | undefined, root: string): number {
  let repaired = repair(dir, stat, PRIVATE_DIR_MODE, uid, root);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Symbolic links are left alone: chmod would change what they point to, which is not ours to decide.
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const path = join(dir, entry.name);
    try {
      const entryStat = lstatSync(path);
      repaired += entry.isDirectory()
        ? walk(path, entryStat, uid, root)
        : repair(path, entryStat, PRIVATE_FILE_MODE, uid, root);
    } catch (err) {
      if (!isGone(err)) throw err; // a temporary file Postgres removed meanwhile
    }
  }
  return repaired;
}

/**
 * Creates DATA_DIR (0700) if needed, refuses one that belongs to another user, and makes every directory 0700
 * and every file 0600 that was not. Returns how many entries it repaired; `log` hears about them.
 */
export function secureDataDir(dataDir: string, log?: (line: string) => void): number {
  const root = resolve(dataDir);
  try {
    mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // a file: refused below
  }
  // Windows has no such modes: Node reports every file 0666 there, and chmod only toggles read-only.
  if (process.platform === "win32") return 0;
  // DATA_DIR itself may be a symbolic link to the real directory: that directory is the one to check.
  const stat = statSync(root);
  if (!stat.isDirectory()) throw new DataDirPermissionError(`DATA_DIR ${root} is not a directory.`);
  const repaired = walk(root, stat, process.getuid?.(), root);
  if (repaired > 0)
    log?.(
      `Tightened the permissions of ${repaired} entries in DATA_DIR ${root} (now directories 0700, files 0600): ` +
        "other local users could read or change them.",
    );
  return repaired;
}

import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * This lock is a file created with O_EXCL holding the owner's pid; a lock whose pid is gone is stale
 * and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Guild Portal process (pid ${pid}). ` +
        "Stop that process, or set DATA_DIR to another directory.",
    );
    this.name = "DataDirLockedError";
  }
}

const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "portal.lock");
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(dir);
      const release = () => {
        if (!heldHere.delete(dir)) return;
        if (readOwner(file) === process.pid) unlinkSync(file);
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readOwner(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner))
        throw new DataDirLockedError(dir, owner);
      // Stale (owner gone, or a half-written file from a crash): remove and try again.
      try {
        unlinkSync(file);
      } catch {
        // another process removed it first; the next attempt decides
      }
    }
  }
  throw new DataDirLockedError(dir, readOwner(file) ?? -1);
}

import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { createFileExclusively } from "./durable-files.ts";

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it. The lock is
 * DATA_DIR/portal.lock naming its owner: pid, and on Linux the process's start time and the boot it started
 * in. It holds only while that very process lives: a pid that is gone, or that now belongs to a process which
 * started at another moment (pids are reused), leaves a stale lock, which is taken over (decision 030).
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

/** Who holds a lock. `started` and `boot` are absent where /proc is not (and in a lock written by older versions). */
export interface LockOwner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start. */
  started?: string;
  boot?: string;
  /** Makes this lock file ours alone, so release never removes a lock another process has since taken. */
  token?: string;
}

const heldHere = new Set<string>();

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** The start time of a live process in clock ticks since boot, or undefined without /proc. */
export function processStartTicks(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count fields after its last ")".
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

const bootId = () => readText("/proc/sys/kernel/random/boot_id");

/** This process as a lock owner. */
function currentOwner(): LockOwner & { token: string } {
  const started = processStartTicks(process.pid);
  const boot = bootId();
  const token = randomUUID();
  return started && boot ? { pid: process.pid, started, boot, token } : { pid: process.pid, token };
}

/** The lock's owner, or undefined for a file that names nobody (empty or damaged). */
export function parseOwner(text: string): LockOwner | undefined {
  if (/^\d+$/.test(text)) return { pid: Number(text) }; // a lock written before the start time was recorded
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isSafeInteger(owner.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Seconds from the epoch to a process's start, from /proc (clock ticks are 1/100 s on Linux). */
function startedAtSeconds(pid: number): number | undefined {
  const ticks = processStartTicks(pid);
  const btime = /^btime (\d+)$/m.exec(readText("/proc/stat") ?? "")?.[1];
  return ticks === undefined || btime === undefined ? undefined : Number(btime) + Number(ticks) / 100;
}

/** Whether the process a lock names is still the one that wrote it. */
function ownerLives(owner: LockOwner, file: string): boolean {
  // This process does not hold it (heldHere), so an earlier process with our pid wrote it (pid 1 in a container).
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.started !== undefined && owner.boot !== undefined) {
    const started = processStartTicks(owner.pid);
    // Without /proc/<pid>/stat (another user's process under hidepid) the pid is all there is to go by.
    if (started === undefined) return true;
    return started === owner.started && bootId() === owner.boot;
  }
  // A pid alone: the owner must have started before it wrote the file; a later process only reuses the pid.
  const startedAt = startedAtSeconds(owner.pid);
  if (startedAt === undefined) return true;
  try {
    return startedAt <= statSync(file).mtimeMs / 1000 + 1;
  } catch {
    return false;
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, "portal.lock");
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  const me = currentOwner();
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createFileExclusively(file, text);
      heldHere.add(dir);
      const release = () => {
        if (!heldHere.delete(dir)) return;
        if (parseOwner(readText(file) ?? "")?.token === me.token) unlinkSync(file);
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = parseOwner(readText(file) ?? "");
      if (owner !== undefined && ownerLives(owner, file)) throw new DataDirLockedError(dir, owner.pid);
      // Stale (its process is gone or was another one), or a damaged file from a crash: remove, try again.
      try {
        unlinkSync(file);
      } catch {
        // another process removed it first; the next attempt decides
      }
    }
  }
  throw new DataDirLockedError(dir, parseOwner(readText(file) ?? "")?.pid ?? -1);
}

import { randomUUID } from "node:crypto";
import { closeSync, fsyncSync, linkSync, openSync, unlinkSync, writeSync } from "node:fs";
import { open, readdir } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Files in DATA_DIR written so that a crash or a power loss never leaves them half made (decision 030). */

/** fsync(2) of one file or directory. */
export function syncPath(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    // Directories cannot be opened on Windows; their entries are durable there without it.
    if ((err as NodeJS.ErrnoException).code === "EISDIR" || process.platform === "win32") return;
    throw err;
  }
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function listTree(dir: string, into: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await listTree(path, into);
    else if (entry.isFile()) into.push(path);
  }
  into.push(dir);
  return into;
}

async function syncOne(path: string): Promise<void> {
  const handle = await open(path, "r").catch((err: NodeJS.ErrnoException) => {
    if (err.code === "EISDIR" || process.platform === "win32") return undefined;
    throw err;
  });
  try {
    await handle?.sync();
  } finally {
    await handle?.close();
  }
}

/**
 * fsync(2) of every file and directory under `dir`, and of `dir` itself. A few at a time on the thread pool:
 * a new database's ~1,000 files take 0.1 s so, against 1 s one after the other.
 */
export async function syncTree(dir: string): Promise<void> {
  const paths = await listTree(dir);
  const next = () => paths.shift();
  const worker = async () => {
    for (let path = next(); path !== undefined; path = next()) await syncOne(path);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

function writeWhole(file: string, text: string, flag: "wx"): void {
  const fd = openSync(file, flag, 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates `file` (0600) holding `text`, on disk before it returns, or throws EEXIST if it exists. The text is
 * written to a temporary file first and linked into place, so no reader ever sees the file empty or cut short.
 */
export function createFileExclusively(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${randomUUID()}`;
  writeWhole(temp, text, "wx");
  try {
    linkSync(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A filesystem without hard links: create the file directly (a reader may then see it empty for a moment).
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw err;
    writeWhole(file, text, "wx");
  } finally {
    unlinkSync(temp);
  }
  syncPath(dirname(file));
}

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { secureDataDir } from "../db/data-dir-permissions.ts";
import { createFileExclusively } from "../db/durable-files.ts";

/**
 * AUTH_PEPPER when set. Otherwise a pepper generated once and kept in DATA_DIR/auth-pepper, so the
 * quickstart needs no configuration and passwords keep working across restarts. DATA_DIR is checked first
 * (private to this user, or refused), as it is for the database.
 */
export function resolvePepper(
  env: { AUTH_PEPPER?: string; DATA_DIR: string },
  log: (line: string) => void = console.log,
): string {
  if (env.AUTH_PEPPER) return env.AUTH_PEPPER;
  secureDataDir(env.DATA_DIR, log);
  const file = join(env.DATA_DIR, "auth-pepper");
  const existing = readPepper(file);
  if (existing !== undefined) return existing;
  const pepper = randomBytes(32).toString("base64url");
  try {
    // On disk before any password is hashed with it: the database's writes are durable, so must this be.
    createFileExclusively(file, `${pepper}\n`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readPepper(file) as string; // another start made it first
  }
  return pepper;
}

function readPepper(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    return undefined;
  }
}

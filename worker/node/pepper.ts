import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * AUTH_PEPPER when set. Otherwise a pepper generated once and kept in DATA_DIR/auth-pepper, so the
 * quickstart needs no configuration and passwords keep working across restarts.
 */
export function resolvePepper(env: { AUTH_PEPPER?: string; DATA_DIR: string }): string {
  if (env.AUTH_PEPPER) return env.AUTH_PEPPER;
  const file = join(env.DATA_DIR, "auth-pepper");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const pepper = randomBytes(32).toString("base64url");
  writeFileSync(file, `${pepper}\n`, { mode: 0o600, flag: "wx" });
  return pepper;
}

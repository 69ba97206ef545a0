import type { Db } from "../db/types.ts";
import { hashPassword, toBase64Url } from "./password-hash.ts";
import { setPasswordHash } from "./user-passwords-repo.ts";
import { countActiveAdmins, findUserByEmail, insertUser, updateUser } from "./users-repo.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@guild.local";

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** Set only when no ADMIN_PASSWORD was given: print it once, it is stored only hashed. */
  generatedPassword?: string;
}

/**
 * If no active admin exists, makes one from ADMIN_EMAIL / ADMIN_PASSWORD, or admin@guild.local with a new
 * password. `beforeCommit` hears about the new admin inside the transaction, so that the generated password is
 * shown before the account exists: a crash in between leaves no admin, and the next start makes one again.
 */
export async function ensureAdmin(
  db: Db,
  options: {
    email?: string;
    password?: string;
    pepper: string;
    beforeCommit?: (admin: { email: string; generatedPassword?: string }) => void;
  },
): Promise<BootstrapResult> {
  if ((await countActiveAdmins(db)) > 0) return { created: false };
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = options.password
    ? undefined
    : toBase64Url(crypto.getRandomValues(new Uint8Array(15)));
  const hash = await hashPassword(options.password ?? (generatedPassword as string), options.pepper);
  await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    const user = existing
      ? await updateUser(tx, existing.id, { role: "admin", disabled: false })
      : await insertUser(tx, { email, displayName: "Guild Admin", role: "admin" });
    if (!user) throw new Error("could not create the bootstrap admin");
    await setPasswordHash(tx, user.id, hash);
    options.beforeCommit?.({ email, generatedPassword });
  });
  return { created: true, email, generatedPassword };
}

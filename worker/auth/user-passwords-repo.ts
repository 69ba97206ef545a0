import type { Queryable } from "../db/types.ts";

/** Password hashes live apart from users, so no user query can leak them by accident. */
export async function getPasswordHash(q: Queryable, userId: number): Promise<string | undefined> {
  const rows = await q.query<{ hash: string }>(
    "SELECT password_hash AS hash FROM user_passwords WHERE user_id = $1",
    [userId],
  );
  return rows[0]?.hash;
}

export async function setPasswordHash(q: Queryable, userId: number, hash: string): Promise<void> {
  await q.query(
    `INSERT INTO user_passwords (user_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
    [userId, hash],
  );
}

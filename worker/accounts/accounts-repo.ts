/** Queries only account management needs; the user and password basics live in worker/auth/. */
import type { Queryable } from "../db/types.ts";

/**
 * Ids of the active admins, row-locked until the transaction ends: two admins demoting or disabling each
 * other at the same moment are serialised, and the second one sees the first one's change.
 */
export async function lockActiveAdminIds(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    "SELECT id FROM users WHERE role = 'admin' AND NOT disabled ORDER BY id FOR UPDATE",
  );
  return rows.map((r) => r.id);
}

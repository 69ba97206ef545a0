import type { Queryable } from "../db/types.ts";

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: string;
}

export async function findProcessedKey(q: Queryable, key: string): Promise<StoredResponse | undefined> {
  const rows = await q.query<StoredResponse>(
    `SELECT request_hash AS "requestHash", response_status AS status, response_body AS body
       FROM idempotency_keys WHERE key = $1`,
    [key],
  );
  return rows[0];
}

/**
 * Claims a key inside the write's transaction. False when another request holds it already: a
 * concurrent duplicate waits here for the first to commit, then sees the conflict.
 */
export async function claimKey(
  q: Queryable,
  claim: { key: string; userId: number | null; method: string; path: string; requestHash: string },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO idempotency_keys (key, user_id, method, path, request_hash, response_status, response_body)
     VALUES ($1, $2, $3, $4, $5, 0, '') ON CONFLICT (key) DO NOTHING RETURNING key`,
    [claim.key, claim.userId, claim.method, claim.path, claim.requestHash],
  );
  return rows.length === 1;
}

export async function storeResponse(q: Queryable, key: string, status: number, body: string): Promise<void> {
  await q.query("UPDATE idempotency_keys SET response_status = $2, response_body = $3 WHERE key = $1", [
    key,
    status,
    body,
  ]);
}

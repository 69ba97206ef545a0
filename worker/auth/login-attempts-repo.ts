import type { Queryable } from "../db/types.ts";

export async function recordLoginAttempt(
  q: Queryable,
  email: string,
  success: boolean,
  ip: string | null,
): Promise<void> {
  await q.query("INSERT INTO login_attempts (email, success, ip) VALUES ($1, $2, $3)", [
    email.trim().toLowerCase(),
    success,
    ip,
  ]);
}

/** Failed attempts for an email within the window, counted since its last success. */
export async function countRecentFailures(
  q: Queryable,
  email: string,
  windowMinutes: number,
): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_attempts
      WHERE email = $1 AND NOT success
        AND attempted_at > now() - make_interval(mins => $2)
        AND attempted_at > COALESCE(
          (SELECT max(attempted_at) FROM login_attempts WHERE email = $1 AND success), '-infinity'::timestamptz)`,
    [email.trim().toLowerCase(), windowMinutes],
  );
  return rows[0]?.n ?? 0;
}

import type { Db, Queryable } from "../db/types.ts";
import {
  decideLogin,
  failuresNeeded,
  LOGIN_THROTTLE,
  type LoginThrottlePolicy,
  type RecentFailures,
} from "./login-throttle.ts";

export type Reservation = { ok: true; attemptId: number } | { ok: false; retryAt: number };

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The failures login-throttle.ts counts, newest first, each scope read only as far as its decision needs. Every
 * subquery stays within the window, so the work is bounded however long the table grows. "After the last
 * success" compares ids, not times: an account's rows are inserted one at a time under its lock, so their ids
 * are in order even when two share a millisecond.
 */
async function recentFailures(
  q: Queryable,
  email: string,
  source: string,
  since: string,
  policy: LoginThrottlePolicy,
): Promise<RecentFailures> {
  const needed = failuresNeeded(policy);
  const rows = await q.query<{ scope: keyof RecentFailures; attempted_at: Date }>(
    `(SELECT 'pair' AS scope, attempted_at FROM login_attempts
       WHERE email = $1 AND ip = $2 AND NOT success AND attempted_at > $3::timestamptz
         AND id > COALESCE((SELECT max(id) FROM login_attempts
               WHERE email = $1 AND ip = $2 AND success AND attempted_at > $3::timestamptz), 0)
       ORDER BY attempted_at DESC LIMIT $4)
     UNION ALL
     (SELECT 'account', attempted_at FROM login_attempts
       WHERE email = $1 AND NOT success AND attempted_at > $3::timestamptz
         AND id > COALESCE((SELECT max(id) FROM login_attempts
               WHERE email = $1 AND success AND attempted_at > $3::timestamptz), 0)
       ORDER BY attempted_at DESC LIMIT $5)
     UNION ALL
     (SELECT 'source', attempted_at FROM login_attempts
       WHERE ip = $2 AND NOT success AND attempted_at > $3::timestamptz
       ORDER BY attempted_at DESC LIMIT $6)`,
    [email, source, since, needed.pair, needed.account, needed.source],
  );
  const failures: { [K in keyof RecentFailures]: number[] } = { pair: [], account: [], source: [] };
  for (const row of rows) failures[row.scope].push(new Date(row.attempted_at).getTime());
  return failures;
}

/**
 * Decides whether a login may check its password and, when it may, records the attempt as a failure before the
 * password is checked (the login marks it a success afterwards). Deciding and recording happen under locks on
 * the account and on the source, so parallel attempts are counted one after another and none slips past a
 * limit. Every login takes the account's lock before the source's, so two logins never wait on each other in a
 * cycle. A refused attempt records nothing: only password checks count.
 */
export async function reserveLoginAttempt(
  db: Db,
  attempt: { email: string; source: string; now: number },
  policy: LoginThrottlePolicy = LOGIN_THROTTLE,
): Promise<Reservation> {
  const email = normalizeEmail(attempt.email);
  return db.transaction(async (tx) => {
    // Its own statement: the read below must start after the locks are held to see the last holder's row.
    await tx.query(
      "SELECT pg_advisory_xact_lock(hashtextextended($1, 0)), pg_advisory_xact_lock(hashtextextended($2, 0))",
      [`login account ${email}`, `login source ${attempt.source}`],
    );
    const since = new Date(attempt.now - policy.windowMs).toISOString();
    const failures = await recentFailures(tx, email, attempt.source, since, policy);
    const verdict = decideLogin(failures, attempt.now, policy);
    if (!verdict.allowed) return { ok: false, retryAt: verdict.retryAt };
    const rows = await tx.query<{ id: number | string }>(
      `INSERT INTO login_attempts (email, success, ip, attempted_at)
       VALUES ($1, false, $2, $3::timestamptz) RETURNING id`,
      [email, attempt.source, new Date(attempt.now).toISOString()],
    );
    return { ok: true, attemptId: Number(rows[0]?.id) };
  });
}

export async function markLoginSucceeded(q: Queryable, attemptId: number): Promise<void> {
  await q.query("UPDATE login_attempts SET success = true WHERE id = $1", [attemptId]);
}

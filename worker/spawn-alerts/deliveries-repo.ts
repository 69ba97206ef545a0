/**
 * Which alert was sent (sql/007 spawn_alert_deliveries), keyed by subscription, boss and spawn time. The
 * scheduler claims an alert in the database, committed, before it sends it:
 * - two runs at once: the second insert meets the first's row and claims nothing;
 * - a run after a restart: a sent alert is never claimed again;
 * - the sender died between claim and send (or the push service failed): the claim lapses after
 *   CLAIM_LEASE_MS and a later run takes it again, while the spawn is still ahead and at most
 *   MAX_DELIVERY_ATTEMPTS times. The lease is longer than a run can spend on one send (PUSH_TIMEOUT_MS), so a
 *   slow run is never overtaken. An alert is sent twice only if the process dies after the push service took
 *   it and before its row says so (decision 042).
 */
import type { Queryable } from "../db/types.ts";

export const CLAIM_LEASE_MS = 2 * 60_000;
export const MAX_DELIVERY_ATTEMPTS = 3;
/** Deliveries of spawns older than this are deleted by the scheduler (they can never be claimed again). */
export const DELIVERY_RETENTION_MS = 24 * 60 * 60_000;
const MAX_ERROR_LENGTH = 500;

export interface DeliveryKey {
  subscriptionId: number;
  bossName: string;
  spawnAt: Date;
}

const PG_FOREIGN_KEY_VIOLATION = "23503";

/**
 * True when this run may send the alert now: a new row, or a lapsed claim of an unsent one. False too when the
 * subscription was deleted meanwhile (gone or refused by another alert of the same run).
 */
export async function claimDelivery(q: Queryable, key: DeliveryKey, now: Date): Promise<boolean> {
  const rows = await insertClaim(q, key, now).catch((err: unknown) => {
    if ((err as { code?: unknown } | null)?.code === PG_FOREIGN_KEY_VIOLATION) return [];
    throw err;
  });
  return rows.length > 0;
}

function insertClaim(q: Queryable, key: DeliveryKey, now: Date) {
  return q.query(
    `INSERT INTO spawn_alert_deliveries AS d (subscription_id, boss_name, spawn_at, claimed_until)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (subscription_id, boss_name, spawn_at) DO UPDATE
       SET claimed_until = EXCLUDED.claimed_until, attempts = d.attempts + 1
       WHERE d.sent_at IS NULL AND d.claimed_until <= $5 AND d.attempts < $6
     RETURNING 1`,
    [
      key.subscriptionId,
      key.bossName,
      key.spawnAt,
      new Date(now.getTime() + CLAIM_LEASE_MS),
      now,
      MAX_DELIVERY_ATTEMPTS,
    ],
  );
}

export async function markDelivered(q: Queryable, key: DeliveryKey, now: Date): Promise<void> {
  await q.query(
    `UPDATE spawn_alert_deliveries SET sent_at = $4, last_error = NULL
      WHERE subscription_id = $1 AND boss_name = $2 AND spawn_at = $3`,
    [key.subscriptionId, key.bossName, key.spawnAt, now],
  );
}

/** A failed send gives its claim back at once: the next run (a minute later) tries again. */
export async function releaseDelivery(
  q: Queryable,
  key: DeliveryKey,
  now: Date,
  error: string,
): Promise<void> {
  await q.query(
    `UPDATE spawn_alert_deliveries SET claimed_until = $4, last_error = $5
      WHERE subscription_id = $1 AND boss_name = $2 AND spawn_at = $3 AND sent_at IS NULL`,
    [key.subscriptionId, key.bossName, key.spawnAt, now, error.slice(0, MAX_ERROR_LENGTH)],
  );
}

/** Forgets deliveries of spawns long past, at most `limit` a run; answers how many went. */
export async function pruneDeliveries(q: Queryable, now: Date, limit = 5_000): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM spawn_alert_deliveries WHERE ctid IN (
         SELECT ctid FROM spawn_alert_deliveries WHERE spawn_at < $1 ORDER BY spawn_at LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - DELIVERY_RETENTION_MS), limit],
  );
  return rows[0]?.n ?? 0;
}

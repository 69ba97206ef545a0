/**
 * The scheduled purge (decision 028): rows that only grow and that nothing reads once they are old enough.
 * Each table is trimmed by age on an indexed timestamp, oldest first, in batches of PURGE_BATCH_ROWS and at
 * most PURGE_MAX_ROWS a run: a backlog goes over several runs instead of one long lock, and a run with nothing
 * to delete costs one index lookup per table.
 */
import type { Queryable } from "../db/types.ts";
import type { ScheduledConfig } from "./scheduled-config.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Login throttling looks back at most this far (worker/auth: its windows are minutes to hours); older attempts
 * count for nothing. Raise it if throttling ever looks further back.
 */
export const LOGIN_ATTEMPT_RETENTION_MS = DAY_MS;
/** A client retries a write within minutes; a week covers a device that was offline for days. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * DAY_MS;
/** Discord retries an interaction within seconds and the rate limit looks back a minute (decision 096). */
export const DISCORD_INTERACTION_RETENTION_MS = DAY_MS;
export const PURGE_BATCH_ROWS = 1_000;
export const PURGE_MAX_ROWS = 5_000;

interface PurgeTarget {
  table: "sessions" | "login_attempts" | "idempotency_keys" | "audit_log" | "discord_interactions";
  key: string;
  /** Rows whose `column` is before the cutoff go; each has an index on it (sql/001, sql/005). */
  column: string;
  /** null: nothing of this table goes. */
  cutoff(now: Date, config: ScheduledConfig): Date | null;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

const TARGETS: readonly PurgeTarget[] = [
  { table: "sessions", key: "id", column: "expires_at", cutoff: (now) => now },
  {
    table: "login_attempts",
    key: "id",
    column: "attempted_at",
    cutoff: (now) => before(now, LOGIN_ATTEMPT_RETENTION_MS),
  },
  {
    table: "idempotency_keys",
    key: "key",
    column: "created_at",
    cutoff: (now) => before(now, IDEMPOTENCY_KEY_RETENTION_MS),
  },
  {
    table: "audit_log",
    key: "id",
    column: "created_at",
    cutoff: (now, config) =>
      config.auditRetentionDays === null ? null : before(now, config.auditRetentionDays * DAY_MS),
  },
  {
    table: "discord_interactions",
    key: "id",
    column: "received_at",
    cutoff: (now) => before(now, DISCORD_INTERACTION_RETENTION_MS),
  },
];

export type PurgeCounts = Record<PurgeTarget["table"], number>;

async function deleteBatch(q: Queryable, target: PurgeTarget, cutoff: Date, limit: number): Promise<number> {
  const { table, key, column } = target;
  const rows = await q.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM ${table} WHERE ${key} IN (
         SELECT ${key} FROM ${table} WHERE ${column} < $1 ORDER BY ${column} LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [cutoff, limit],
  );
  return rows[0]?.n ?? 0;
}

/** Deletes what is past its retention at `now`; answers how many rows went from each table. */
export async function purgeExpiredRows(
  q: Queryable,
  config: ScheduledConfig,
  now: Date,
): Promise<PurgeCounts> {
  const counts: PurgeCounts = {
    sessions: 0,
    login_attempts: 0,
    idempotency_keys: 0,
    audit_log: 0,
    discord_interactions: 0,
  };
  for (const target of TARGETS) {
    const cutoff = target.cutoff(now, config);
    if (cutoff === null) continue;
    while (counts[target.table] < PURGE_MAX_ROWS) {
      const limit = Math.min(PURGE_BATCH_ROWS, PURGE_MAX_ROWS - counts[target.table]);
      const deleted = await deleteBatch(q, target, cutoff, limit);
      counts[target.table] += deleted;
      if (deleted < limit) break;
    }
  }
  return counts;
}

/**
 * Where a pull stands and what was deleted since a cursor (sql/006-row-changes.sql, docs/decisions/031).
 * A cursor is the snapshot a pull read (pg_snapshot as text, "xmin:xmax:xip,..."): what it saw was sent, so
 * the next pull sends the rows of the transactions it did not see.
 */
import type { Queryable } from "../db/types.ts";

/** The tombstone collections, named as sql/006 writes them. */
export type TombstoneCollection =
  | "members"
  | "market"
  | "attendance"
  | "boss-names"
  | "boss-timers"
  | "payouts"
  | "fund-spending";

export interface PullPoint {
  /** This pull's snapshot: the next pull's `since`. */
  cursor: string;
  /** The newest pruned tombstone's transaction: a `since` at or below it gets a full pull. */
  prunedThrough: string;
}

/** Call first in a REPEATABLE READ transaction: the cursor then describes the snapshot every read sees. */
export async function pullPoint(tx: Queryable): Promise<PullPoint> {
  const [row] = await tx.query<PullPoint>(
    `SELECT pg_current_snapshot()::text AS cursor,
            (SELECT pruned_through::text FROM sync_horizon WHERE id = 1) AS "prunedThrough"`,
  );
  if (!row) throw new Error("sync_horizon is missing its row (migration 006)");
  return row;
}

/**
 * SQL: the row (its changed_in) was written by a transaction the snapshot in parameter `param` did not see.
 * The first half lets the changed_in index narrow the rows; the second drops those the snapshot saw.
 */
export function writtenAfter(param: string): string {
  return `(changed_in >= pg_snapshot_xmin(${param}::pg_snapshot) AND NOT pg_visible_in_snapshot(changed_in, ${param}::pg_snapshot))`;
}

/** Whether `since` is recent enough for a delta: every tombstone it may need is still kept. */
export function canServeDelta(since: string, point: PullPoint): boolean {
  return BigInt(since.split(":")[0] as string) > BigInt(point.prunedThrough);
}

/** Ids of the rows of a collection deleted since the cursor. */
export async function deletedSince(
  q: Queryable,
  collection: TombstoneCollection,
  since: string,
): Promise<number[]> {
  const rows = await q.query<{ rowId: number }>(
    `SELECT DISTINCT row_id AS "rowId" FROM deleted_rows WHERE collection = $1 AND ${writtenAfter("$2")}`,
    [collection, since],
  );
  return rows.map((row) => row.rowId);
}

/** Whether any of these tables had a row written, or a row deleted, since the cursor. */
export async function anyChangeSince(
  q: Queryable,
  tables: readonly {
    table: "boss_names" | "boss_timers" | "guild_funds";
    tombstones?: TombstoneCollection;
  }[],
  since: string,
): Promise<boolean> {
  const checks = tables.map(({ table, tombstones }) =>
    [
      `EXISTS (SELECT 1 FROM ${table} WHERE ${writtenAfter("$1")})`,
      ...(tombstones
        ? [`EXISTS (SELECT 1 FROM deleted_rows WHERE collection = '${tombstones}' AND ${writtenAfter("$1")})`]
        : []),
    ].join(" OR "),
  );
  const [row] = await q.query<{ changed: boolean }>(`SELECT (${checks.join(" OR ")}) AS changed`, [since]);
  return row?.changed === true;
}

/** Tombstones are kept this long; a client that has not pulled for longer gets a full pull. */
export const TOMBSTONE_RETENTION_DAYS = 30;
/** At most this many tombstones go per run, so one run stays short. */
export const TOMBSTONES_PER_PRUNE = 5000;

/**
 * Deletes tombstones older than the retention (oldest first, a batch per call) and moves the horizon past them,
 * so a cursor that would have needed them is served a full pull instead. Answers how many went.
 */
export async function pruneTombstones(q: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_RETENTION_DAYS * 86_400_000);
  const [row] = await q.query<{ pruned: number }>(
    `WITH gone AS (
       DELETE FROM deleted_rows WHERE id IN (
         SELECT id FROM deleted_rows WHERE deleted_at < $1 ORDER BY id LIMIT ${TOMBSTONES_PER_PRUNE})
       RETURNING changed_in),
     moved AS (
       UPDATE sync_horizon SET pruned_through = greatest(pruned_through, (SELECT max(changed_in) FROM gone))
        WHERE id = 1 AND EXISTS (SELECT 1 FROM gone))
     SELECT count(*)::int AS pruned FROM gone`,
    [cutoff],
  );
  return row?.pruned ?? 0;
}

/**
 * A write whose row is gone (another admin deleted the member or the item, voided the payout) names the row as
 * the screens do, never by its id (docs/decisions/058): the audit log's newest entry of the row still holds it
 * as it was (`before` of its delete) and who removed it. Only admins reach these writes, who may read the
 * audit log anyway; one indexed row is read.
 */
import type { Queryable } from "../db/types.ts";

export interface GoneRow {
  /** The row as the delete found it (the audit entry's `before`), or null when the log does not have it. */
  before: Record<string, unknown> | null;
  /** Who removed it: the account's display name, else its email; null when unknown. */
  by: string | null;
}

/** The row as its delete recorded it; undefined when the log has no delete of it (never existed, or purged). */
export async function goneRow(tx: Queryable, entity: string, id: number): Promise<GoneRow | undefined> {
  const [entry] = await tx.query<{
    action: string;
    before: Record<string, unknown> | null;
    by: string | null;
  }>(
    `SELECT a.action, a.before, coalesce(u.display_name, a.actor_email) AS by
       FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.entity = $1 AND a.entity_id = $2
      ORDER BY a.id DESC
      LIMIT 1`,
    [entity, String(id)],
  );
  if (entry?.action !== "delete") return undefined;
  const before = typeof entry.before === "object" && entry.before !== null ? entry.before : null;
  return { before, by: entry.by };
}

/** A text field of a gone row, or null. */
export function textOf(row: GoneRow | undefined, field: string): string | null {
  const value = row?.before?.[field];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

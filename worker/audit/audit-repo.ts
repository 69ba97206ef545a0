import type { Queryable } from "../db/types.ts";

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export async function insertAudit(
  q: Queryable,
  actor: { id: number; email: string } | null,
  entry: AuditEntry,
): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, entity, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [
      actor?.id ?? null,
      actor?.email ?? null,
      entry.action,
      entry.entity,
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** Newest first; `before` is the id of the last row of the previous page (keyset pagination). */
export async function listAudit(
  q: Queryable,
  options: { limit: number; beforeId?: number; entity?: string },
): Promise<AuditRow[]> {
  return q.query<AuditRow>(
    `SELECT id, actor_id AS "actorId", actor_email AS "actorEmail", action, entity, entity_id AS "entityId",
            before, after, created_at AS "createdAt"
       FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1) AND ($2::text IS NULL OR entity = $2)
      ORDER BY id DESC
      LIMIT $3`,
    [options.beforeId ?? null, options.entity ?? null, options.limit],
  );
}

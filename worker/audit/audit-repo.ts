import type { AuditLogEntry } from "@shared/schemas/audit-log.ts";
import type { Queryable } from "../db/types.ts";
import { auditSubject } from "./audit-subject.ts";

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** An entry as the audit log answers it (shared/schemas/audit-log.ts). */
export type AuditRow = AuditLogEntry;

export async function insertAudit(
  q: Queryable,
  actor: { id: number; email: string } | null,
  entry: AuditEntry,
  /** "discord": the account acted through a slash command (decision 096); null: on the portal. */
  via: "discord" | null = null,
): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, entity, entity_id, subject, before, after, via)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      actor?.id ?? null,
      actor?.email ?? null,
      entry.action,
      entry.entity,
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      auditSubject(entry),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      via,
    ],
  );
}

export interface AuditFilter {
  limit: number;
  /** The id of the last row of the previous page (keyset pagination). */
  beforeId?: number;
  entity?: string;
  /** Only with entity: one item, member, account... */
  entityId?: string;
  /** The account that made the change. */
  actorId?: number;
  /** Words, each matched as the start of a word of the name, entity id, actor email, action or kind. */
  words?: readonly string[];
}

/**
 * 'storm hol' -> 'storm:* & hol:*', read as a tsquery as it is (no parser, like the stored words: sql/009).
 * Words hold only letters and digits, so nothing else reaches the tsquery.
 */
export function prefixQuery(words: readonly string[]): string {
  return words.map((word) => `${word}:*`).join(" & ");
}

/**
 * Newest first. Only the conditions asked for are in the query, so each filter runs on its own index
 * (sql/009): the person's, the kind's, the one entity's, or the search vector's.
 */
export async function listAudit(q: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.beforeId !== undefined) where.push(`a.id < ${param(filter.beforeId)}`);
  if (filter.entity !== undefined) where.push(`a.entity = ${param(filter.entity)}`);
  if (filter.entityId !== undefined) where.push(`a.entity_id = ${param(filter.entityId)}`);
  if (filter.actorId !== undefined) where.push(`a.actor_id = ${param(filter.actorId)}`);
  if (filter.words && filter.words.length > 0)
    where.push(`a.search @@ ${param(prefixQuery(filter.words))}::tsquery`);
  const limit = param(filter.limit);
  // The names are looked up for the page's rows only; numeric ids only, so the casts cannot fail.
  return q.query<AuditRow>(
    `WITH page AS (
       SELECT a.id, a.actor_id, a.actor_email, a.action, a.entity, a.entity_id, a.subject, a.before, a.after,
              a.created_at, a.via,
              CASE WHEN a.entity_id ~ '^[0-9]{1,9}$' THEN a.entity_id::int END AS numeric_id
         FROM audit_log a
        ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
        ORDER BY a.id DESC
        LIMIT ${limit}
     )
     SELECT p.id, p.actor_id AS "actorId", p.actor_email AS "actorEmail", u.display_name AS "actorName",
            p.action, p.entity, p.entity_id AS "entityId",
            COALESCE(p.subject,
              CASE p.entity
                WHEN 'guild_member' THEN (SELECT player_name FROM guild_members WHERE id = p.numeric_id)
                WHEN 'market_item' THEN (SELECT loot_name FROM market_exchange WHERE id = p.numeric_id)
                WHEN 'account' THEN (SELECT display_name FROM users WHERE id = p.numeric_id)
                WHEN 'boss_name' THEN (SELECT name FROM boss_names WHERE id = p.numeric_id)
                WHEN 'attendance_record' THEN (SELECT boss_name FROM attendance_records WHERE id = p.numeric_id)
              END) AS subject,
            p.before, p.after, p.created_at AS "createdAt", p.via
       FROM page p
       LEFT JOIN users u ON u.id = p.actor_id
      ORDER BY p.id DESC`,
    params,
  );
}

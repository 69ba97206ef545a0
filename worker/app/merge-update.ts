/**
 * Updates that merge (docs/decisions/038-field-merges.md). A body with `base` changes only the fields it sends,
 * each merged onto the row as it is now by the field's rule (shared/merge/field-merge.ts). A field someone
 * else changed since its base answers 409 with the current row, the conflicting fields and who set each one
 * last (from the audit log), and nothing is applied. Called inside the route's write(), with the row locked.
 */
import {
  ENTITY_FIELD_RULES,
  type FieldKind,
  type FieldRule,
  type MergeEntity,
  namesOf,
  planMerge,
  sameValue,
} from "@shared/merge/field-merge.ts";
import { conflictMessage, type FieldConflict, type WriteConflict } from "@shared/merge/write-conflict.ts";
import { moneyText } from "@shared/money/money.ts";
import type { Queryable } from "../db/types.ts";
import { ApiError } from "./api-error.ts";

/** How many of a row's newest audit entries are searched for who changed a field. */
export const CONFLICT_HISTORY_LIMIT = 50;

export interface MergeRequest {
  entity: MergeEntity;
  id: number;
  /** What the sentence calls the row ("Stormhollow"). */
  subject: string;
  /** The row as its collection's read answers it, locked FOR UPDATE. */
  current: object;
  /** The body's fields (validated: money in cents, lists as the stored text or names). */
  patch: Readonly<Record<string, unknown>>;
  base: Readonly<Record<string, unknown>>;
}

/** A value as the 409's plain JSON carries it. */
function wireValue(kind: FieldKind, value: unknown): unknown {
  if (value === undefined) return null;
  if (kind === "money" && typeof value === "number") return moneyText(value);
  if (kind === "names") return namesOf(value);
  if (kind === "instant" && value instanceof Date) return value.toISOString();
  return value;
}

interface HistoryEntry {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date | string;
  actor: string | null;
}

async function history(tx: Queryable, entity: MergeEntity, id: number): Promise<HistoryEntry[]> {
  return tx.query<HistoryEntry>(
    `SELECT a.before, a.after, a.created_at AS "createdAt", coalesce(u.display_name, a.actor_email) AS actor
       FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.entity = $1 AND a.entity_id = $2
      ORDER BY a.id DESC
      LIMIT ${CONFLICT_HISTORY_LIMIT}`,
    [entity, String(id)],
  );
}

/**
 * Who set the value the row holds now: the newest entry that changed the field, if it left the value the row
 * has (a change recorded elsewhere, a rename rewriting lists, or a purged log leave it unknown).
 */
function lastChange(
  entries: readonly HistoryEntry[],
  rule: FieldRule,
  key: string,
  current: unknown,
): Pick<FieldConflict, "changedBy" | "changedAt"> {
  const change = entries.find(
    (e) => e.after && key in e.after && !sameValue(rule.kind, e.before?.[key], e.after[key]),
  );
  if (!change?.after || !sameValue(rule.kind, change.after[key], current)) {
    return { changedBy: null, changedAt: null };
  }
  const at = change.createdAt instanceof Date ? change.createdAt : new Date(change.createdAt);
  return { changedBy: change.actor, changedAt: at.toISOString() };
}

/**
 * The names of the members these ids refer to (a main character), by id as text: the roster's name, else, for a
 * member deleted since, the name the audit log kept. So the sentence never shows a bare id (decision 058).
 */
async function memberNames(tx: Queryable, ids: readonly number[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await tx.query<{ id: string; name: string }>(
    `SELECT id::text AS id, player_name AS name FROM guild_members WHERE id = ANY($1::int[])
     UNION ALL
     (SELECT DISTINCT ON (a.entity_id) a.entity_id, a.subject FROM audit_log a
       WHERE a.entity = 'guild_member' AND a.entity_id = ANY($2::text[]) AND a.subject IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM guild_members m WHERE m.id::text = a.entity_id)
       ORDER BY a.entity_id, a.id DESC)`,
    [ids, ids.map(String)],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

/** The ids the conflicting reference fields hold (base, yours, theirs). */
function referencedIds(fields: readonly FieldConflict[], rules: Readonly<Record<string, FieldRule>>) {
  const ids = fields
    .filter((field) => rules[field.field]?.kind === "ref")
    .flatMap((field) => [field.base, field.yours, field.theirs])
    .filter(
      (value): value is number =>
        typeof value === "number" && Number.isInteger(value) && value > 0 && value < 2 ** 31,
    );
  return [...new Set(ids)];
}

/** The fields to write (by body field name; lists as arrays of names), or a 409 when any field conflicts. */
export async function mergeOrConflict(
  tx: Queryable,
  request: MergeRequest,
): Promise<Record<string, unknown>> {
  const rules: Readonly<Record<string, FieldRule>> = ENTITY_FIELD_RULES[request.entity];
  const current = request.current as Record<string, unknown>;
  const plan = planMerge(rules, current, request.patch, request.base);
  if (plan.conflicts.length === 0) return plan.changes;
  const entries = await history(tx, request.entity, request.id);
  const fields = plan.conflicts.map((field): FieldConflict => {
    const rule = rules[field] as FieldRule;
    const key = rule.rowKey ?? field;
    return {
      field,
      base: wireValue(rule.kind, request.base[field]),
      yours: wireValue(rule.kind, request.patch[field]),
      theirs: wireValue(rule.kind, current[key]),
      ...lastChange(entries, rule, key, current[key]),
    };
  });
  const conflict: WriteConflict = {
    entity: request.entity,
    id: request.id,
    subject: request.subject,
    fields,
    current: JSON.parse(JSON.stringify(current)) as Record<string, unknown>,
    names: await memberNames(tx, referencedIds(fields, rules)),
  };
  throw new ApiError(409, conflictMessage(conflict), { conflict });
}

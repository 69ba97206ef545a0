/**
 * The audit log's read (GET /_api/admin/audit-log): its query with the messages a bad one answers, and the
 * entries it answers, newest first, a page at a time.
 */
import * as z from "zod";

export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;

export const AUDIT_QUERY_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}.`,
  before: "before must be a positive whole number.",
  entity: "entity must be 1-100 characters.",
  entityId: "entityId must be 1-100 characters, with entity.",
  actor: "actor must be an account id (a positive whole number).",
  q: "Search must be 1-100 characters with at least one letter or number, and at most 8 words.",
} as const;

export const AUDIT_SEARCH_MAX_WORDS = 8;

/** The words of a search: runs of letters and digits, lower-cased (the search vector is lower-cased too). */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).map((word) => word.slice(0, 50));
}

/** A query value that must be a decimal whole number (no signs, exponents or blanks). */
const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, { error: message })
    .transform(Number);

/**
 * Narrowed by kind (entity), one entity (entity and entityId), the person who made the change (actor) and a
 * search (q: every word starts a word of the entry's name, id, actor email, action or kind); `before` is the
 * previous page's `nextBefore`.
 */
export const auditLogQuerySchema = z
  .strictObject(
    {
      limit: wholeNumber(AUDIT_QUERY_MESSAGES.limit)
        .pipe(
          z.number().min(1, { error: AUDIT_QUERY_MESSAGES.limit }).max(AUDIT_MAX_LIMIT, {
            error: AUDIT_QUERY_MESSAGES.limit,
          }),
        )
        .optional(),
      before: wholeNumber(AUDIT_QUERY_MESSAGES.before)
        .pipe(z.number().min(1, { error: AUDIT_QUERY_MESSAGES.before }))
        .optional(),
      entity: z
        .string({ error: AUDIT_QUERY_MESSAGES.entity })
        .min(1, { error: AUDIT_QUERY_MESSAGES.entity })
        .max(100, { error: AUDIT_QUERY_MESSAGES.entity })
        .optional(),
      entityId: z
        .string({ error: AUDIT_QUERY_MESSAGES.entityId })
        .min(1, { error: AUDIT_QUERY_MESSAGES.entityId })
        .max(100, { error: AUDIT_QUERY_MESSAGES.entityId })
        .optional(),
      actor: wholeNumber(AUDIT_QUERY_MESSAGES.actor)
        .pipe(
          z
            .number()
            .min(1, { error: AUDIT_QUERY_MESSAGES.actor })
            .max(2_147_483_647, { error: AUDIT_QUERY_MESSAGES.actor }),
        )
        .optional(),
      q: z
        .string({ error: AUDIT_QUERY_MESSAGES.q })
        .max(100, { error: AUDIT_QUERY_MESSAGES.q })
        .transform(searchWords)
        .pipe(
          z
            .array(z.string())
            .min(1, { error: AUDIT_QUERY_MESSAGES.q })
            .max(AUDIT_SEARCH_MAX_WORDS, { error: AUDIT_QUERY_MESSAGES.q }),
        )
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `Unknown query parameter: ${issue.keys.join(", ")}` : undefined,
    },
  )
  .refine((query) => query.entityId === undefined || query.entity !== undefined, {
    error: AUDIT_QUERY_MESSAGES.entityId,
  });

export interface AuditLogEntry {
  id: number;
  actorId: number | null;
  actorEmail: string | null;
  /** The actor's display name now; null for the system or a deleted account. */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The name of what changed (an item's loot name, a member's player name...), when it has one. */
  subject: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
  /** "discord": the account acted through a Discord slash command (decision 096); null: on the portal. */
  via: "discord" | null;
}

/** One page; `nextBefore` asks for the next (older) page, null on the last one. */
export interface AuditLogPage {
  entries: AuditLogEntry[];
  nextBefore: number | null;
}

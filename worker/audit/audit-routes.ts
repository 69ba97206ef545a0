import { Hono } from "hono";
import * as z from "zod";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { query } from "../app/validate.ts";
import { requireRole } from "../auth/require-role.ts";
import { listAudit } from "./audit-repo.ts";

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

const auditLogQuery = z
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

/**
 * The audit log, newest first, in pages, narrowed by kind (entity), one entity (entity and entityId), the person
 * who made the change (actor) and a search (q: every word starts a word of the entry's name, id, actor email,
 * action or kind): `nextBefore` is the `before` value of the next (older) page, or
 * null on the last one. Keyset pagination by id, so new entries never shift a page being read.
 */
export const auditRoutes = new Hono<AppEnv>().get(
  "/",
  requireRole("admin"),
  query(auditLogQuery),
  async (c) => {
    const { limit = AUDIT_DEFAULT_LIMIT, before, entity, entityId, actor, q } = c.req.valid("query");
    // One row more than asked tells whether an older page exists.
    const rows = await listAudit(c.get("db"), {
      limit: limit + 1,
      beforeId: before,
      entity,
      entityId,
      actorId: actor,
      words: q,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return sendData(c, {
      entries: page.map(
        ({
          id,
          actorId,
          actorEmail,
          actorName,
          action,
          entity,
          entityId,
          subject,
          before,
          after,
          createdAt,
        }) => ({
          id,
          actorId,
          actorEmail,
          actorName,
          action,
          entity,
          entityId,
          subject,
          before,
          after,
          createdAt,
        }),
      ),
      nextBefore: rows.length > limit && last ? last.id : null,
    });
  },
);

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
} as const;

/** A query value that must be a decimal whole number (no signs, exponents or blanks). */
const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, { error: message })
    .transform(Number);

const auditLogQuery = z.strictObject(
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
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown query parameter: ${issue.keys.join(", ")}` : undefined,
  },
);

/**
 * The audit log, newest first, in pages: `nextBefore` is the `before` value of the next (older) page, or
 * null on the last one. Keyset pagination by id, so new entries never shift a page being read.
 */
export const auditRoutes = new Hono<AppEnv>().get(
  "/",
  requireRole("admin"),
  query(auditLogQuery),
  async (c) => {
    const { limit = AUDIT_DEFAULT_LIMIT, before, entity } = c.req.valid("query");
    // One row more than asked tells whether an older page exists.
    const rows = await listAudit(c.get("db"), { limit: limit + 1, beforeId: before, entity });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return sendData(c, {
      entries: page.map(({ id, actorEmail, action, entity, entityId, before, after, createdAt }) => ({
        id,
        actorEmail,
        action,
        entity,
        entityId,
        before,
        after,
        createdAt,
      })),
      nextBefore: rows.length > limit && last ? last.id : null,
    });
  },
);

import { AUDIT_CALLS } from "@shared/contract/audit.ts";
import { AUDIT_DEFAULT_LIMIT } from "@shared/schemas/audit-log.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { listAudit } from "./audit-repo.ts";

/**
 * The audit log, newest first, in pages, narrowed by kind (entity), one entity (entity and entityId), the person
 * who made the change (actor) and a search (q: every word starts a word of the entry's name, id, actor email,
 * action or kind): `nextBefore` is the `before` value of the next (older) page, or
 * null on the last one. Keyset pagination by id, so new entries never shift a page being read.
 */
export const auditRoutes = serveCalls(AUDIT_CALLS, {
  list: async (c) => {
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
          via,
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
          via,
        }),
      ),
      nextBefore: rows.length > limit && last ? last.id : null,
    });
  },
});

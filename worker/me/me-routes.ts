/**
 * /_api/me: what a signed-in account (any role) may read about itself and do to its own sessions. "My earnings"
 * (docs/decisions/051): the shares, payouts and balance of the account's main character and its alts. Signed-in
 * devices (decision 068): each session with the device it was opened on, and signing one out. Anonymous callers
 * get 401.
 */
import { ME_CALLS } from "@shared/contract/me.ts";
import { deviceLabel } from "@shared/format/device-label.ts";
import { SESSION_MESSAGES } from "@shared/schemas/sessions.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { signedInUser } from "../auth/require-role.ts";
import { clearSessionCookie } from "../auth/session-cookie.ts";
import { deleteSessionOfUser, listSessionsOfUser } from "../auth/sessions-repo.ts";
import { readMyEarnings } from "./my-earnings-repo.ts";

export const meRoutes = serveCalls(ME_CALLS, {
  earnings: async (c) => {
    const userId = signedInUser(c).id;
    const answer = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return readMyEarnings(tx, userId);
    });
    return sendData(c, answer);
  },
  sessions: async (c) => {
    const current = c.get("sessionId");
    const stored = await listSessionsOfUser(c.get("db"), signedInUser(c).id);
    return sendData(c, {
      sessions: stored.map((session) => ({
        id: session.id,
        device: deviceLabel(session.userAgent),
        signedInAt: session.createdAt,
        lastActiveAt: session.lastAccessedAt,
        current: session.id === current,
      })),
    });
  },
  endSession: async (c) => {
    const { id } = c.req.valid("json");
    if (!(await deleteSessionOfUser(c.get("db"), signedInUser(c).id, id))) {
      throw new ApiError(404, SESSION_MESSAGES.notFound);
    }
    const current = id === c.get("sessionId");
    if (current) clearSessionCookie(c);
    return sendData(c, { ended: true as const, current });
  },
});

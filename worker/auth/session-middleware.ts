import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "@shared/schemas/login.ts";
import { actorOf } from "../app/acting-as.ts";
import type { AppEnv } from "../app/context.ts";
import {
  readSessionCookie,
  SESSION_REFRESH_MS,
  sessionExpiry,
  writeSessionCookie,
} from "./session-cookie.ts";
import { hashSessionToken } from "./session-token.ts";
import { findSession, touchSession } from "./sessions-repo.ts";

/** Resolves the session cookie to a user (or null) for every /_api call, sliding the expiry at most daily. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  c.set("removedAccessOf", null);
  c.set("via", null);
  // A call the app made for a Discord command: the linked account, looked up by the command (decision 096).
  const actor = actorOf(c.req.raw);
  if (actor) {
    c.set("user", actor.user);
    c.set("via", actor.via);
    return next();
  }
  const token = readSessionCookie(c);
  if (token && token.length <= 200) {
    const db = c.get("db");
    const session = await findSession(db, await hashSessionToken(token));
    if (session && "removedUserId" in session) c.set("removedAccessOf", session.removedUserId);
    else if (session) {
      const { id, email, displayName, role, avatarUrl } = session.user;
      c.set("user", { id, email, displayName, role, avatarUrl } satisfies SessionUser);
      c.set("sessionId", session.sessionId);
      if (Date.now() - session.lastAccessedAt.getTime() >= SESSION_REFRESH_MS) {
        const expiresAt = sessionExpiry();
        await touchSession(db, session.sessionId, expiresAt);
        writeSessionCookie(c, token, expiresAt);
      }
    }
  }
  await next();
};

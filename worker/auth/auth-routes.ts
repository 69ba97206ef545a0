import { Hono } from "hono";
import { loginSchema } from "@shared/schemas/login.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv, SessionUser } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { plainJsonBody } from "../app/validate.ts";
import { countRecentFailures, recordLoginAttempt } from "./login-attempts-repo.ts";
import { burnVerification, hashPassword, verifyPassword } from "./password-hash.ts";
import {
  clearSessionCookie,
  readSessionCookie,
  sessionExpiry,
  writeSessionCookie,
} from "./session-cookie.ts";
import { hashSessionToken, newSessionToken } from "./session-token.ts";
import { deleteSessionByHash, insertSession } from "./sessions-repo.ts";
import { getPasswordHash, setPasswordHash } from "./user-passwords-repo.ts";
import { findUserByEmail } from "./users-repo.ts";

export const MAX_FAILED_LOGINS = 5;
export const THROTTLE_MINUTES = 15;
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const TOO_MANY_ATTEMPTS = `Too many failed login attempts. Please wait ${THROTTLE_MINUTES} minutes and try again.`;

function clientIp(c: { req: { header(name: string): string | undefined } }): string | null {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? null;
}

export const authRoutes = new Hono<AppEnv>()
  .post("/login_with_password", plainJsonBody(loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const db = c.get("db");
    const { pepper } = c.get("config");
    const ip = clientIp(c);

    if ((await countRecentFailures(db, email, THROTTLE_MINUTES)) >= MAX_FAILED_LOGINS) {
      await recordLoginAttempt(db, email, false, ip);
      throw new ApiError(429, TOO_MANY_ATTEMPTS);
    }

    const user = await findUserByEmail(db, email);
    const stored = user ? await getPasswordHash(db, user.id) : undefined;
    if (!user || !stored) {
      await burnVerification(password, pepper);
      await recordLoginAttempt(db, email, false, ip);
      throw new ApiError(401, INVALID_CREDENTIALS);
    }
    const verdict = await verifyPassword(password, stored, pepper);
    if (!verdict.ok || user.disabled) {
      await recordLoginAttempt(db, email, false, ip);
      throw new ApiError(401, INVALID_CREDENTIALS);
    }

    const token = newSessionToken();
    const expiresAt = sessionExpiry();
    await db.transaction(async (tx) => {
      await recordLoginAttempt(tx, email, true, ip);
      if (verdict.needsRehash) await setPasswordHash(tx, user.id, await hashPassword(password, pepper));
      await insertSession(tx, user.id, await hashSessionToken(token), expiresAt);
    });
    writeSessionCookie(c, token, expiresAt);
    const sessionUser: SessionUser = {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      avatarUrl: user.avatarUrl,
    };
    return c.json({ user: sessionUser });
  })
  .get("/session", (c) => {
    const user = c.get("user");
    if (!user) throw new ApiError(401, "Not authenticated");
    return sendData(c, { user });
  })
  .post("/logout", async (c) => {
    const token = readSessionCookie(c);
    if (token && token.length <= 200) await deleteSessionByHash(c.get("db"), await hashSessionToken(token));
    clearSessionCookie(c);
    return sendData(c, { success: true });
  });

import { ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { RESTORED_AT } from "@shared/auth/restore-signed-out.ts";
import { SESSION_CALLS } from "@shared/contract/auth.ts";
import { LOGIN_CALLS } from "@shared/contract/login.ts";
import type { SessionUser } from "@shared/schemas/login.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData, sendError } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { markLoginSucceeded, reserveLoginAttempt } from "./login-attempts-repo.ts";
import { retryAfterSeconds, throttleSource, tooManyAttempts } from "./login-throttle.ts";
import { burnVerification, hashPassword, verifyPassword } from "./password-hash.ts";
import { comparePepper, PEPPER_MISMATCH, recordPepperFingerprint } from "./pepper-fingerprint.ts";
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "./session-cookie.ts";
import { hashSessionToken } from "./session-token.ts";
import { deleteSessionByHash, openSession, restoreThatSignedOut } from "./sessions-repo.ts";
import { getPasswordHash, setPasswordHash } from "./user-passwords-repo.ts";
import { findUserByEmail } from "./users-repo.ts";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const NOT_AUTHENTICATED = "Not authenticated";

export const authRoutes = serveCalls(
  { ...LOGIN_CALLS, ...SESSION_CALLS },
  {
    login: async (c) => {
      const { email, password } = c.req.valid("json");
      const db = c.get("db");
      const { pepper } = c.get("config");
      const now = c.get("clock")();

      // A server given another pepper than the database's would refuse every password as wrong: say why instead,
      // before an attempt is counted (decision 066).
      const pepperCheck = await comparePepper(db, pepper);
      if (pepperCheck === "different") {
        console.error(PEPPER_MISMATCH);
        return sendError(c, 503, PEPPER_MISMATCH);
      }

      // The attempt is recorded as a failure before the password is checked; a success below marks it so.
      const reservation = await reserveLoginAttempt(db, {
        email,
        source: throttleSource(c.get("clientAddress")),
        now,
      });
      if (!reservation.ok) {
        const retryAfter = retryAfterSeconds(reservation.retryAt, now);
        c.header("Retry-After", String(retryAfter));
        return sendError(c, 429, tooManyAttempts(retryAfter));
      }

      const user = await findUserByEmail(db, email);
      const stored = user ? await getPasswordHash(db, user.id) : undefined;
      if (!user || !stored) {
        await burnVerification(password, pepper);
        throw new ApiError(401, INVALID_CREDENTIALS);
      }
      const verdict = await verifyPassword(password, stored, pepper);
      if (!verdict.ok || user.disabled) throw new ApiError(401, INVALID_CREDENTIALS);

      const { token, expiresAt } = await db.transaction(async (tx) => {
        await markLoginSucceeded(tx, reservation.attemptId);
        // A password that verified proves the pepper: a database set up without a fingerprint gets it now.
        if (pepperCheck === "none") await recordPepperFingerprint(tx, pepper);
        if (verdict.needsRehash) await setPasswordHash(tx, user.id, await hashPassword(password, pepper));
        return openSession(tx, user.id, c.req.header("user-agent") ?? "");
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
    },
    session: async (c) => {
      const user = c.get("user");
      // The device learns its account's access was removed (decision 073): its queued writes are then sent, refused.
      if (!user && c.get("removedAccessOf") !== null) throw new ApiError(403, ACCESS_REMOVED_NOTICE);
      if (!user) {
        // A device a restore signed out is told when (decision 089); any other cookie is simply not signed in.
        const token = readSessionCookie(c);
        const restoredAt =
          token && token.length <= 200
            ? await restoreThatSignedOut(c.get("db"), await hashSessionToken(token))
            : null;
        throw new ApiError(
          401,
          NOT_AUTHENTICATED,
          restoredAt ? { [RESTORED_AT]: restoredAt.toISOString() } : undefined,
        );
      }
      return sendData(c, { user });
    },
    logout: async (c) => {
      const token = readSessionCookie(c);
      if (token && token.length <= 200) await deleteSessionByHash(c.get("db"), await hashSessionToken(token));
      clearSessionCookie(c);
      return sendData(c, { success: true });
    },
  },
);

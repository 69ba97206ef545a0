import type { Queryable } from "../db/types.ts";
import { sessionExpiry } from "./session-cookie.ts";
import { hashSessionToken, newSessionToken } from "./session-token.ts";
import type { Role, User } from "./users-repo.ts";

export interface SessionWithUser {
  sessionId: number;
  expiresAt: Date;
  lastAccessedAt: Date;
  user: User;
}

/** The most of a User-Agent a session keeps: enough to name the browser and the system. */
export const USER_AGENT_MAX_LENGTH = 200;

export async function insertSession(
  q: Queryable,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  userAgent: string,
): Promise<void> {
  await q.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at, user_agent) VALUES ($1, $2, $3, $4)",
    [tokenHash, userId, expiresAt, userAgent.slice(0, USER_AGENT_MAX_LENGTH)],
  );
}

/**
 * Opens a session for an account signing in (a password or Discord): answers the token for the cookie, which the
 * caller sets once the transaction has committed.
 */
export async function openSession(
  q: Queryable,
  userId: number,
  userAgent: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = sessionExpiry();
  await insertSession(q, userId, await hashSessionToken(token), expiresAt, userAgent);
  return { token, expiresAt };
}

export interface StoredSession {
  id: number;
  userAgent: string;
  createdAt: Date;
  lastAccessedAt: Date;
}

/** An account's live sessions, the most recently used first. */
export async function listSessionsOfUser(q: Queryable, userId: number): Promise<StoredSession[]> {
  return q.query<StoredSession>(
    `SELECT id, user_agent AS "userAgent", created_at AS "createdAt", last_accessed_at AS "lastAccessedAt"
       FROM sessions WHERE user_id = $1 AND expires_at > now() AND access_removed_at IS NULL
      ORDER BY last_accessed_at DESC, id DESC LIMIT 100`,
    [userId],
  );
}

/** Ends one of an account's sessions; false when it has no such session. */
export async function deleteSessionOfUser(q: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    "DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING id",
    [sessionId, userId],
  );
  return rows.length > 0;
}

/** A session whose account's access was removed (decision 073): it signs nobody in, and says whose it was. */
export interface RemovedSession {
  removedUserId: number;
}

/**
 * The session for a token hash, unless expired: live, or removed when its account is disabled or its access was
 * removed (a device holding it is told so).
 */
export async function findSession(
  q: Queryable,
  tokenHash: string,
): Promise<SessionWithUser | RemovedSession | undefined> {
  const rows = await q.query<{
    accessRemoved: boolean;
    sessionId: number;
    expiresAt: Date;
    lastAccessedAt: Date;
    id: number;
    email: string;
    displayName: string;
    role: Role;
    avatarUrl: string | null;
    disabled: boolean;
    createdAt: Date;
    updatedAt: Date;
  }>(
    `SELECT s.id AS "sessionId", s.access_removed_at IS NOT NULL AS "accessRemoved", s.expires_at AS "expiresAt", s.last_accessed_at AS "lastAccessedAt",
            u.id, u.email, u.display_name AS "displayName", u.role, u.avatar_url AS "avatarUrl", u.disabled,
            u.created_at AS "createdAt", u.updated_at AS "updatedAt"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { sessionId, expiresAt, lastAccessedAt, accessRemoved, ...user } = row;
  if (accessRemoved || user.disabled) return { removedUserId: user.id };
  return { sessionId, expiresAt, lastAccessedAt, user };
}

export async function touchSession(q: Queryable, sessionId: number, expiresAt: Date): Promise<void> {
  await q.query("UPDATE sessions SET expires_at = $2, last_accessed_at = now() WHERE id = $1", [
    sessionId,
    expiresAt,
  ]);
}

export async function deleteSessionByHash(q: Queryable, tokenHash: string): Promise<void> {
  await q.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
}

/**
 * Ends every session of an account but the one whose token hash is `keepTokenHash` (an admin resetting their own
 * password stays signed in; null ends them all); answers how many ended.
 */
export async function deleteSessionsOfUser(
  q: Queryable,
  userId: number,
  keepTokenHash: string | null = null,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    "DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING id",
    [userId, keepTokenHash],
  );
  return rows.length;
}

export async function deleteExpiredSessions(q: Queryable): Promise<number> {
  const rows = await q.query<{ id: number }>("DELETE FROM sessions WHERE expires_at <= now() RETURNING id");
  return rows.length;
}

/**
 * Ends every session of an account whose access was removed (an admin disabled it, or its Discord roles no longer
 * admit it): a device still holding one of them is told so, instead of being asked to log in again.
 */
export async function endSessionsForRemovedAccess(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    "UPDATE sessions SET access_removed_at = now() WHERE user_id = $1 AND access_removed_at IS NULL RETURNING id",
    [userId],
  );
  return rows.length;
}

/**
 * When a restore ended the session with this token hash (decision 089), while that session would still be alive;
 * null for any other token.
 */
export async function restoreThatSignedOut(q: Queryable, tokenHash: string): Promise<Date | null> {
  const [row] = await q.query<{ restoredAt: Date }>(
    `SELECT restored_at AS "restoredAt" FROM restore_signed_out WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  return row?.restoredAt ?? null;
}

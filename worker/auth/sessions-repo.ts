import type { Queryable } from "../db/types.ts";
import type { User } from "./users-repo.ts";

export interface SessionWithUser {
  sessionId: number;
  expiresAt: Date;
  lastAccessedAt: Date;
  user: User;
}

export async function insertSession(
  q: Queryable,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await q.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    tokenHash,
    userId,
    expiresAt,
  ]);
}

/** The live session for a token hash: not expired, and its user not disabled. */
export async function findLiveSession(q: Queryable, tokenHash: string): Promise<SessionWithUser | undefined> {
  const rows = await q.query<{
    sessionId: number;
    expiresAt: Date;
    lastAccessedAt: Date;
    id: number;
    email: string;
    displayName: string;
    role: "admin" | "user";
    avatarUrl: string | null;
    disabled: boolean;
    createdAt: Date;
    updatedAt: Date;
  }>(
    `SELECT s.id AS "sessionId", s.expires_at AS "expiresAt", s.last_accessed_at AS "lastAccessedAt",
            u.id, u.email, u.display_name AS "displayName", u.role, u.avatar_url AS "avatarUrl", u.disabled,
            u.created_at AS "createdAt", u.updated_at AS "updatedAt"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND NOT u.disabled`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { sessionId, expiresAt, lastAccessedAt, ...user } = row;
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

export async function deleteSessionsOfUser(q: Queryable, userId: number): Promise<void> {
  await q.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<number> {
  const rows = await q.query<{ id: number }>("DELETE FROM sessions WHERE expires_at <= now() RETURNING id");
  return rows.length;
}

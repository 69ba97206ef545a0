/**
 * The character_claims table (sql/017, decision 071): a raider's claims and the officers' decisions. Reads and
 * writes only; the rules (who may claim what, what an approval needs) are claims-routes.ts'.
 */
import type { ClaimStatus, MyClaim, PendingClaim } from "@shared/schemas/claims.ts";
import type { Queryable } from "../db/types.ts";

/** A claim with its account. */
export type ClaimRow = MyClaim & { userId: number };

const CLAIM_COLUMNS = `c.id, c.user_id AS "userId", c.member_id AS "memberId", m.player_name AS "characterName",
  c.status, c.created_at AS "createdAt", c.decided_at AS "decidedAt", c.reason`;
const CLAIM_FROM = "character_claims c JOIN guild_members m ON m.id = c.member_id";

export const toMyClaim = ({ userId: _userId, ...claim }: ClaimRow): MyClaim => claim;

/** The account's claim waiting, or else its latest. */
export async function latestClaimOf(q: Queryable, userId: number): Promise<ClaimRow | undefined> {
  const rows = await q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.user_id = $1
      ORDER BY c.status = 'pending' DESC, c.id DESC LIMIT 1`,
    [userId],
  );
  return rows[0];
}

/** How many claims other than the account's wait on the member. */
export async function otherPendingOn(q: Queryable, memberId: number, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM character_claims WHERE member_id = $1 AND user_id <> $2 AND status = 'pending'`,
    [memberId, userId],
  );
  return row?.n ?? 0;
}

/** Claims by id, locked in id order (after their accounts and characters: see claims-routes.ts). */
export async function lockClaims(q: Queryable, ids: readonly number[]): Promise<ClaimRow[]> {
  return q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = ANY($1::int[]) ORDER BY c.id FOR UPDATE OF c`,
    [ids],
  );
}

/** Claims by id, unlocked: who and what each names (which never change). */
export async function findClaims(q: Queryable, ids: readonly number[]): Promise<ClaimRow[]> {
  return q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = ANY($1::int[]) ORDER BY c.id`,
    [ids],
  );
}

/** The account's claim waiting, locked. */
export async function lockPendingClaimOf(q: Queryable, userId: number): Promise<ClaimRow | undefined> {
  const rows = await q.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.user_id = $1 AND c.status = 'pending' FOR UPDATE OF c`,
    [userId],
  );
  return rows[0];
}

export async function insertClaim(q: Queryable, userId: number, memberId: number): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    "INSERT INTO character_claims (user_id, member_id) VALUES ($1, $2) RETURNING id",
    [userId, memberId],
  );
  return (row as { id: number }).id;
}

/** Closes a claim waiting: by an officer (`decidedBy`), by its raider, or by the server with a reason. */
export async function closeClaim(
  q: Queryable,
  id: number,
  status: Exclude<ClaimStatus, "pending">,
  decidedBy: number | null,
  reason: string | null = null,
): Promise<void> {
  await q.query(
    `UPDATE character_claims SET status = $2, decided_at = now(), decided_by = $3, reason = $4
      WHERE id = $1 AND status = 'pending'`,
    [id, status, decidedBy, reason],
  );
}

/** The claims of other accounts than `userId` waiting on a member, locked, with their accounts' names. */
export async function lockOthersPendingOn(
  q: Queryable,
  memberId: number,
  userId: number,
): Promise<(ClaimRow & { accountName: string })[]> {
  return q.query<ClaimRow & { accountName: string }>(
    `SELECT ${CLAIM_COLUMNS}, u.display_name AS "accountName" FROM ${CLAIM_FROM} JOIN users u ON u.id = c.user_id
      WHERE c.member_id = $1 AND c.user_id <> $2 AND c.status = 'pending' ORDER BY c.id FOR UPDATE OF c`,
    [memberId, userId],
  );
}

/** A claim waiting as the officers' list reads it; the routes add whether the names match. */
export type PendingClaimRow = Omit<PendingClaim, "nameMatches" | "otherClaims">;

/** Every claim waiting, oldest first, with its account's name and its character's alts. */
export async function listPendingClaims(q: Queryable): Promise<PendingClaimRow[]> {
  return q.query<PendingClaimRow>(
    `SELECT c.id, c.user_id AS "userId", u.display_name AS "accountName", c.member_id AS "memberId",
            m.player_name AS "characterName", c.created_at AS "createdAt",
            coalesce((SELECT array_agg(a.player_name ORDER BY lower(a.player_name))
                        FROM guild_members a WHERE a.main_member_id = m.id), '{}') AS alts
       FROM character_claims c
       JOIN users u ON u.id = c.user_id
       JOIN guild_members m ON m.id = c.member_id
      WHERE c.status = 'pending'
      ORDER BY c.created_at, c.id`,
  );
}

export interface RosterName {
  id: number;
  name: string;
  mainId: number;
  mainName: string;
}

/** Every active member with its main (itself for a main), for matching an account's name. */
export async function rosterNames(q: Queryable): Promise<RosterName[]> {
  return q.query<RosterName>(
    `SELECT m.id, m.player_name AS name, coalesce(main.id, m.id) AS "mainId",
            coalesce(main.player_name, m.player_name) AS "mainName"
       FROM guild_members m LEFT JOIN guild_members main ON main.id = m.main_member_id
      WHERE m.status = 'active'
      ORDER BY m.id`,
  );
}

/** The main characters an account other than `userId` holds. */
export async function takenMemberIds(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.query<{ memberId: number }>(
    `SELECT member_id AS "memberId" FROM users WHERE member_id IS NOT NULL AND id <> $1 ORDER BY member_id`,
    [userId],
  );
  return rows.map((row) => row.memberId);
}

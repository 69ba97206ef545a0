/**
 * The rules of linking an account to its main character (decision 051), shared by the admins' Characters screen
 * (member-links-routes.ts) and the officers' claim approvals (worker/claims, decision 071): the character must
 * be a main and free, and two links of one character never both succeed. Locks are taken accounts first, then
 * characters, then claims, in id order, so that links and approvals running at once wait for each other instead
 * of deadlocking.
 */
import { ACCOUNT_LINK_MESSAGES, linkToAltMessage } from "@shared/schemas/account-links.ts";
import { ApiError } from "../app/api-error.ts";
import type { Queryable } from "../db/types.ts";

const PG_UNIQUE_VIOLATION = "23505";

export interface LinkedAccount {
  id: number;
  email: string;
  displayName: string;
  memberId: number | null;
  memberName: string | null;
}

/** The accounts, row-locked until the transaction ends in id order, each with its character's name. */
export async function lockAccounts(q: Queryable, userIds: readonly number[]): Promise<LinkedAccount[]> {
  return q.query<LinkedAccount>(
    `SELECT u.id, u.email, u.display_name AS "displayName", u.member_id AS "memberId",
            m.player_name AS "memberName"
       FROM users u LEFT JOIN guild_members m ON m.id = u.member_id
      WHERE u.id = ANY($1::int[])
      ORDER BY u.id
        FOR UPDATE OF u`,
    [userIds],
  );
}

export interface Character {
  id: number;
  playerName: string;
  /** The main's name when the character is an alt. */
  mainName: string | null;
  mainId: number | null;
}

/**
 * The characters, locked against another link or approval of them until the transaction ends (FOR NO KEY
 * UPDATE: an edit of the member waits, a row that only refers to it does not).
 */
export async function lockCharacters(q: Queryable, memberIds: readonly number[]): Promise<Character[]> {
  return q.query<Character>(
    `SELECT m.id, m.player_name AS "playerName", main.player_name AS "mainName", m.main_member_id AS "mainId"
       FROM guild_members m LEFT JOIN guild_members main ON main.id = m.main_member_id
      WHERE m.id = ANY($1::int[])
      ORDER BY m.id
        FOR NO KEY UPDATE OF m`,
    [memberIds],
  );
}

/** 400 unless the member exists and is a main character; answers its name. Locks it (lockCharacters). */
export async function mainCharacterName(q: Queryable, memberId: number): Promise<string> {
  const [row] = await lockCharacters(q, [memberId]);
  if (!row) throw new ApiError(400, ACCOUNT_LINK_MESSAGES.memberNotFound);
  if (row.mainName !== null) throw new ApiError(400, linkToAltMessage(row.playerName, row.mainName));
  return row.playerName;
}

/** The account other than `userId` that holds the member, if any. */
export async function holderOf(
  q: Queryable,
  memberId: number,
  userId: number,
): Promise<{ email: string; displayName: string } | undefined> {
  const rows = await q.query<{ email: string; displayName: string }>(
    `SELECT email, display_name AS "displayName" FROM users WHERE member_id = $1 AND id <> $2`,
    [memberId, userId],
  );
  return rows[0];
}

/**
 * Sets the account's character. The unique index is the last guard: should another transaction have linked the
 * character between the check and this update, the answer is 409 with `takenMessage`, never a 500.
 */
export async function setAccountCharacter(
  q: Queryable,
  userId: number,
  memberId: number | null,
  takenMessage: string,
): Promise<void> {
  try {
    await q.query("UPDATE users SET member_id = $2 WHERE id = $1", [userId, memberId]);
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === PG_UNIQUE_VIOLATION)
      throw new ApiError(409, takenMessage);
    throw err;
  }
}

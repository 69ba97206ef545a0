/**
 * Which account belongs to which main character (docs/decisions/051): the links the Characters screen lists,
 * and linking or unlinking one. Admin only. users.member_id is unique: one account per character.
 */
import { ACCOUNT_LINK_CALLS } from "@shared/contract/accounts.ts";
import {
  ACCOUNT_LINK_MESSAGES,
  type AccountMemberLink,
  linkToAltMessage,
  memberTakenMessage,
} from "@shared/schemas/account-links.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";

const PG_UNIQUE_VIOLATION = "23505";

async function listLinks(q: Queryable): Promise<AccountMemberLink[]> {
  return q.query<AccountMemberLink>(
    `SELECT u.id AS "userId", m.id AS "memberId", m.player_name AS "memberName"
       FROM users u JOIN guild_members m ON m.id = u.member_id
      ORDER BY u.id`,
  );
}

interface LinkedAccount {
  id: number;
  email: string;
  displayName: string;
  memberId: number | null;
  memberName: string | null;
}

/** The account, row-locked until the transaction ends, with its character's name. */
async function lockAccount(q: Queryable, userId: number): Promise<LinkedAccount | undefined> {
  const rows = await q.query<LinkedAccount>(
    `SELECT u.id, u.email, u.display_name AS "displayName", u.member_id AS "memberId",
            m.player_name AS "memberName"
       FROM users u LEFT JOIN guild_members m ON m.id = u.member_id
      WHERE u.id = $1
        FOR UPDATE OF u`,
    [userId],
  );
  return rows[0];
}

/** 400 unless the member exists and is a main character; answers its name. */
async function mainCharacterName(q: Queryable, memberId: number): Promise<string> {
  const rows = await q.query<{ playerName: string; mainName: string | null }>(
    `SELECT m.player_name AS "playerName", main.player_name AS "mainName"
       FROM guild_members m LEFT JOIN guild_members main ON main.id = m.main_member_id
      WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(400, ACCOUNT_LINK_MESSAGES.memberNotFound);
  if (row.mainName !== null) throw new ApiError(400, linkToAltMessage(row.playerName, row.mainName));
  return row.playerName;
}

/** 409 when another account holds the member. */
async function assertMemberFree(q: Queryable, memberId: number, userId: number, name: string): Promise<void> {
  const rows = await q.query<{ email: string }>("SELECT email FROM users WHERE member_id = $1 AND id <> $2", [
    memberId,
    userId,
  ]);
  if (rows[0]) throw new ApiError(409, memberTakenMessage(name, rows[0].email));
}

export const memberLinksRoutes = serveCalls(ACCOUNT_LINK_CALLS, {
  memberLinks: async (c) => sendData(c, { links: await listLinks(c.get("db")) }),
  linkMember: (c) => {
    const { userId, memberId } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await lockAccount(tx, userId);
      if (!before) throw new ApiError(404, ACCOUNT_LINK_MESSAGES.accountNotFound);
      const memberName = memberId === null ? null : await mainCharacterName(tx, memberId);
      if (memberId !== null && memberName !== null) {
        await assertMemberFree(tx, memberId, userId, memberName);
      }
      const account = { userId, memberId, memberName };
      if (before.memberId === memberId) return { link: account };
      try {
        await tx.query("UPDATE users SET member_id = $2 WHERE id = $1", [userId, memberId]);
      } catch (err) {
        // Another admin linked the same character between the check and the update.
        if ((err as { code?: unknown } | null)?.code === PG_UNIQUE_VIOLATION && memberName !== null) {
          throw new ApiError(409, memberTakenMessage(memberName, "another account"));
        }
        throw err;
      }
      const { displayName, email } = before;
      await audit({
        action: "link_character",
        entity: "account",
        entityId: userId,
        before: { displayName, email, memberId: before.memberId, memberName: before.memberName },
        after: { displayName, email, memberId, memberName },
      });
      return { link: account };
    });
  },
});

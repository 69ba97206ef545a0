/**
 * Which account belongs to which main character (docs/decisions/051): the links the Characters screen lists,
 * and linking or unlinking one. Admin only. users.member_id is unique: one account per character. A link also
 * settles the claims waiting on the character or of the account (decision 071).
 */
import { ACCOUNT_LINK_CALLS } from "@shared/contract/accounts.ts";
import {
  ACCOUNT_LINK_MESSAGES,
  type AccountMemberLink,
  memberTakenMessage,
} from "@shared/schemas/account-links.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { settleClaimsAfterLink } from "../claims/claim-settlement.ts";
import type { Queryable } from "../db/types.ts";
import { holderOf, lockAccounts, mainCharacterName, setAccountCharacter } from "./member-link-rules.ts";

async function listLinks(q: Queryable): Promise<AccountMemberLink[]> {
  return q.query<AccountMemberLink>(
    `SELECT u.id AS "userId", m.id AS "memberId", m.player_name AS "memberName"
       FROM users u JOIN guild_members m ON m.id = u.member_id
      ORDER BY u.id`,
  );
}

export const memberLinksRoutes = serveCalls(ACCOUNT_LINK_CALLS, {
  memberLinks: async (c) => sendData(c, { links: await listLinks(c.get("db")) }),
  linkMember: (c) => {
    const { userId, memberId } = c.req.valid("json");
    const actorId = c.get("user")?.id ?? null;
    return write(c, async (tools) => {
      const { tx, audit } = tools;
      const [before] = await lockAccounts(tx, [userId]);
      if (!before) throw new ApiError(404, ACCOUNT_LINK_MESSAGES.accountNotFound);
      const memberName = memberId === null ? null : await mainCharacterName(tx, memberId);
      if (memberId !== null && memberName !== null) {
        const holder = await holderOf(tx, memberId, userId);
        if (holder) throw new ApiError(409, memberTakenMessage(memberName, holder.email));
      }
      const account = { userId, memberId, memberName };
      if (before.memberId === memberId) return { link: account };
      // Another admin linked the same character between the check and the update.
      await setAccountCharacter(
        tx,
        userId,
        memberId,
        memberTakenMessage(memberName ?? "", "another account"),
      );
      const { displayName, email } = before;
      await audit({
        action: "link_character",
        entity: "account",
        entityId: userId,
        before: { displayName, email, memberId: before.memberId, memberName: before.memberName },
        after: { displayName, email, memberId, memberName },
      });
      if (memberId !== null && memberName !== null)
        await settleClaimsAfterLink(tools, { userId, displayName, memberId, memberName }, actorId);
      return { link: account };
    });
  },
});

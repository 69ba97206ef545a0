/**
 * What a link does to the claims waiting (decision 071): once an account holds a character, by an officer's
 * approval or an admin's link on the Characters screen, no other claim on that character and no other claim of
 * that account is left waiting. Each claim closed is audited. Claims are locked after the account and the
 * character (member-link-rules.ts).
 */
import { adminLinkedMessage, wentToAnotherMessage } from "@shared/schemas/claims.ts";
import type { WriteTools } from "../app/write.ts";
import { type ClaimRow, closeClaim, lockOthersPendingOn, lockPendingClaimOf } from "./claims-repo.ts";

export const CLAIM_ENTITY = "character_claim";

type Closed = "approved" | "rejected" | "cancelled";

/** Closes a claim waiting and writes its audit entry. */
export async function closeAudited(
  { tx, audit }: WriteTools,
  claim: ClaimRow,
  status: Closed,
  decidedBy: number | null,
  account: { displayName: string },
  reason: string | null = null,
): Promise<void> {
  await closeClaim(tx, claim.id, status, decidedBy, reason);
  const action = { approved: "approve", rejected: "reject", cancelled: "cancel" }[status];
  const { memberId, characterName: memberName } = claim;
  const { displayName } = account;
  await audit({
    action,
    entity: CLAIM_ENTITY,
    entityId: claim.id,
    before: { displayName, memberId, memberName, status: "pending" },
    after: { displayName, memberId, memberName, status, ...(reason ? { reason } : {}) },
  });
}

/**
 * After `userId` was linked to `memberId` (named `memberName`) by `actorId`: the other accounts' claims on the
 * character are rejected, and the account's own claim waiting, unless it is `exceptClaimId` (the one being
 * approved), is approved when it named this character and cancelled otherwise.
 */
export async function settleClaimsAfterLink(
  tools: WriteTools,
  link: { userId: number; displayName: string; memberId: number; memberName: string },
  actorId: number | null,
  exceptClaimId: number | null = null,
): Promise<void> {
  const own = await lockPendingClaimOf(tools.tx, link.userId);
  if (own && own.id !== exceptClaimId) {
    if (own.memberId === link.memberId) await closeAudited(tools, own, "approved", actorId, link);
    else await closeAudited(tools, own, "cancelled", actorId, link, adminLinkedMessage(link.memberName));
  }
  for (const other of await lockOthersPendingOn(tools.tx, link.memberId, link.userId)) {
    const account = { displayName: other.accountName };
    await closeAudited(tools, other, "rejected", actorId, account, wentToAnotherMessage(link.memberName));
  }
}

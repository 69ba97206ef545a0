/**
 * Claim your character (issue 25, point 2; decision 071). A signed-in account claims a main character (an alt
 * claims its main) and waits; an officer approves, which links the account (users.member_id, decision 051) with
 * the Characters screen's rules, or rejects. A character is held by one account at most: approving one claim
 * rejects the other claims on it. Locks go accounts, then characters, then claims (member-link-rules.ts).
 */
import type { Context } from "hono";
import { CLAIM_CALLS, MY_CLAIM_CALLS } from "@shared/contract/claims.ts";
import {
  accountLinkedMessage,
  alreadyClaimingMessage,
  alreadyLinkedMessage,
  becameAltMessage,
  CLAIM_MESSAGES,
  type ClaimDecision,
  characterTakenMessage,
  type DecideClaimInput,
  type MyClaimState,
  notPendingMessage,
  type PendingClaim,
  takenSinceMessage,
} from "@shared/schemas/claims.ts";
import {
  type Character,
  holderOf,
  type LinkedAccount,
  lockAccounts,
  lockCharacters,
  setAccountCharacter,
} from "../accounts/member-link-rules.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { type Reply, sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { type WriteTools, write } from "../app/write.ts";
import { signedInUser } from "../auth/require-role.ts";
import type { Queryable } from "../db/types.ts";
import { nameMatches, suggestionsFor } from "./claim-matching.ts";
import { CLAIM_ENTITY, closeAudited, settleClaimsAfterLink } from "./claim-settlement.ts";
import {
  type ClaimRow,
  findClaims,
  insertClaim,
  latestClaimOf,
  listPendingClaims,
  lockClaims,
  lockPendingClaimOf,
  otherPendingOn,
  rosterNames,
  takenMemberIds,
  toMyClaim,
} from "./claims-repo.ts";

async function myClaimState(q: Queryable, userId: number): Promise<MyClaimState> {
  const [me] = await q.query<{ displayName: string; memberId: number | null; memberName: string | null }>(
    `SELECT u.display_name AS "displayName", u.member_id AS "memberId", m.player_name AS "memberName"
       FROM users u LEFT JOIN guild_members m ON m.id = u.member_id WHERE u.id = $1`,
    [userId],
  );
  const character =
    me?.memberId != null && me.memberName !== null ? { memberId: me.memberId, name: me.memberName } : null;
  const latest = await latestClaimOf(q, userId);
  const contested = latest?.status === "pending" && (await otherPendingOn(q, latest.memberId, userId)) > 0;
  const taken = await takenMemberIds(q, userId);
  const suggestions =
    character || !me ? [] : suggestionsFor(me.displayName, await rosterNames(q), new Set(taken));
  return {
    character,
    claim: latest ? toMyClaim(latest) : null,
    contested,
    suggestions,
    takenMemberIds: taken,
  };
}

/** The claims waiting, each with whether its account's name matches and how many others want its character. */
async function pendingClaims(q: Queryable): Promise<PendingClaim[]> {
  const rows = await listPendingClaims(q);
  const perMember = new Map<number, number>();
  for (const row of rows) perMember.set(row.memberId, (perMember.get(row.memberId) ?? 0) + 1);
  return rows.map((row) => ({
    ...row,
    nameMatches: nameMatches(row.accountName, row.characterName, row.alts),
    otherClaims: (perMember.get(row.memberId) ?? 1) - 1,
  }));
}

/** Why the claim cannot be approved now, or null. Everything it reads is locked. */
async function refusal(
  q: Queryable,
  claim: ClaimRow,
  account: LinkedAccount,
  character: Character,
): Promise<string | null> {
  if (claim.status !== "pending") return notPendingMessage(claim.status, claim.reason);
  if (account.memberId !== null) return accountLinkedMessage(account.displayName, account.memberName ?? "");
  if (character.mainName !== null) return becameAltMessage(character.playerName, character.mainName);
  if (await holderOf(q, character.id, account.id)) return takenSinceMessage(character.playerName);
  return null;
}

/** Links the claim's account to its character, closes the claim and the others on it, all audited. */
async function approveLocked(
  tools: WriteTools,
  claim: ClaimRow,
  account: LinkedAccount,
  officerId: number,
): Promise<void> {
  const { tx, audit } = tools;
  const memberName = claim.characterName;
  await setAccountCharacter(tx, account.id, claim.memberId, takenSinceMessage(memberName));
  await closeAudited(tools, claim, "approved", officerId, account);
  const { displayName, email } = account;
  await audit({
    action: "link_character",
    entity: "account",
    entityId: account.id,
    before: { displayName, email, memberId: null, memberName: null },
    after: { displayName, email, memberId: claim.memberId, memberName },
  });
  const link = { userId: account.id, displayName, memberId: claim.memberId, memberName };
  await settleClaimsAfterLink(tools, link, officerId, claim.id);
}

/** The claims, their accounts and their characters, locked in the one order. */
async function lockForDecision(tx: Queryable, ids: readonly number[]) {
  const found = await findClaims(tx, ids);
  const accounts = await lockAccounts(
    tx,
    found.map((claim) => claim.userId),
  );
  const characters = await lockCharacters(
    tx,
    found.map((claim) => claim.memberId),
  );
  const claims = await lockClaims(tx, ids);
  return {
    claims,
    accountOf: (claim: ClaimRow) => accounts.find((account) => account.id === claim.userId) as LinkedAccount,
    characterOf: (claim: ClaimRow) => characters.find((member) => member.id === claim.memberId) as Character,
  };
}

/**
 * One officer's decision on one claim: locks it (404 when there is none), lets `decide` check and write, and answers
 * what was decided with the claims still waiting.
 */
function decideOne(
  c: Context<AppEnv, string, { out: { json: DecideClaimInput } }>,
  status: ClaimDecision["decided"]["status"],
  decide: (tools: WriteTools, claim: ClaimRow, account: LinkedAccount, character: Character) => Promise<void>,
): Promise<Reply<ClaimDecision>> {
  const { id } = c.req.valid("json");
  return write(c, async (tools): Promise<ClaimDecision> => {
    const { claims, accountOf, characterOf } = await lockForDecision(tools.tx, [id]);
    const [claim] = claims;
    if (!claim) throw new ApiError(404, CLAIM_MESSAGES.claimNotFound);
    const account = accountOf(claim);
    await decide(tools, claim, account, characterOf(claim));
    const { displayName: accountName } = account;
    return {
      decided: { id, status, accountName, characterName: claim.characterName },
      claims: await pendingClaims(tools.tx),
    };
  });
}

export const myClaimRoutes = serveCalls(MY_CLAIM_CALLS, {
  read: async (c) => {
    const userId = signedInUser(c).id;
    const state = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return myClaimState(tx, userId);
    });
    return sendData(c, state);
  },
  claim: (c) => {
    const userId = signedInUser(c).id;
    const { memberId } = c.req.valid("json");
    return write(
      c,
      async ({ tx, audit }) => {
        const [me] = (await lockAccounts(tx, [userId])) as [LinkedAccount];
        if (me.memberId !== null) throw new ApiError(409, alreadyLinkedMessage(me.memberName ?? ""));
        const [picked] = await tx.query<{ id: number; name: string; mainId: number | null }>(
          `SELECT id, player_name AS name, main_member_id AS "mainId" FROM guild_members WHERE id = $1`,
          [memberId],
        );
        if (!picked) throw new ApiError(400, CLAIM_MESSAGES.memberNotFound);
        // An alt is claimed as its main: an account links to the main, which brings its alts (decision 051).
        const [main] = await lockCharacters(tx, [picked.mainId ?? picked.id]);
        if (!main) throw new ApiError(400, CLAIM_MESSAGES.memberNotFound);
        const waiting = await lockPendingClaimOf(tx, userId);
        if (waiting) throw new ApiError(409, alreadyClaimingMessage(waiting.characterName));
        if (await holderOf(tx, main.id, userId))
          throw new ApiError(409, characterTakenMessage(main.playerName));
        const id = await insertClaim(tx, userId, main.id);
        await audit({
          action: "create",
          entity: CLAIM_ENTITY,
          entityId: id,
          after: {
            displayName: me.displayName,
            memberId: main.id,
            memberName: main.playerName,
            status: "pending",
            ...(picked.id === main.id ? {} : { pickedName: picked.name }),
          },
        });
        return myClaimState(tx, userId);
      },
      201,
    );
  },
  cancel: (c) => {
    const userId = signedInUser(c).id;
    return write(c, async (tools) => {
      const [me] = (await lockAccounts(tools.tx, [userId])) as [LinkedAccount];
      const waiting = await lockPendingClaimOf(tools.tx, userId);
      if (!waiting) throw new ApiError(404, CLAIM_MESSAGES.nothingToCancel);
      await closeAudited(tools, waiting, "cancelled", null, me);
      return myClaimState(tools.tx, userId);
    });
  },
});

export const claimsRoutes = serveCalls(CLAIM_CALLS, {
  pending: async (c) => sendData(c, { claims: await pendingClaims(c.get("db")) }),
  approve: (c) =>
    decideOne(c, "approved", async (tools, claim, account, character) => {
      const refused = await refusal(tools.tx, claim, account, character);
      if (refused) throw new ApiError(409, refused);
      await approveLocked(tools, claim, account, signedInUser(c).id);
    }),
  reject: (c) =>
    decideOne(c, "rejected", async (tools, claim, account) => {
      if (claim.status !== "pending") throw new ApiError(409, notPendingMessage(claim.status, claim.reason));
      await closeAudited(tools, claim, "rejected", signedInUser(c).id, account);
    }),
  approveMatching: (c) => {
    const officerId = signedInUser(c).id;
    return write(c, async (tools) => {
      // A character two accounts wait on is left to an officer, even when a name matches.
      const ids = (await pendingClaims(tools.tx))
        .filter((claim) => claim.nameMatches && claim.otherClaims === 0)
        .map((claim) => claim.id);
      const { claims, accountOf, characterOf } = await lockForDecision(tools.tx, ids);
      let approved = 0;
      for (const claim of claims) {
        const account = accountOf(claim);
        if (await refusal(tools.tx, claim, account, characterOf(claim))) continue;
        await approveLocked(tools, claim, account, officerId);
        approved += 1;
      }
      return { approved, claims: await pendingClaims(tools.tx) };
    });
  },
});

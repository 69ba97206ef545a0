/**
 * Claiming a character and approving claims (issue 25, point 2; decision 071). Online calls, never queued: a
 * claim and its approval need the server's answer at once (is the character free, is the claim still waiting).
 */
import {
  type ClaimDecision,
  type ClaimsAnswer,
  claimCharacterSchema,
  decideClaimSchema,
  type MatchingApproved,
  type MyClaimState,
} from "../schemas/claims.ts";
import { answer, call } from "./call.ts";

/** A signed-in account's own claim. */
export const MY_CLAIM_CALLS = {
  read: call({
    method: "GET",
    path: "/me/claim",
    role: "user",
    summary:
      "The account's character, its claim waiting or last decided, and the free characters its name matches.",
    answer: answer<MyClaimState>(),
  }),
  claim: call({
    method: "POST",
    path: "/me/claim",
    role: "user",
    summary:
      "Claims a character (an alt claims its main) for an officer to approve; 409 when linked, waiting or taken.",
    body: claimCharacterSchema,
    answer: answer<MyClaimState>(),
  }),
  cancel: call({
    method: "POST",
    path: "/me/claim/cancel",
    role: "user",
    summary: "Withdraws the account's claim waiting (404 when there is none).",
    answer: answer<MyClaimState>(),
  }),
};

/** The officers' approvals. */
export const CLAIM_CALLS = {
  pending: call({
    method: "GET",
    path: "/claims",
    role: "officer",
    summary: "The claims waiting, oldest first, each with whether the account's name matches the character.",
    answer: answer<ClaimsAnswer>(),
  }),
  approve: call({
    method: "POST",
    path: "/claims/approve",
    role: "officer",
    summary:
      "Links the claim's account to its character and rejects the other claims on it; 409 when it cannot be.",
    body: decideClaimSchema,
    answer: answer<ClaimDecision>(),
  }),
  reject: call({
    method: "POST",
    path: "/claims/reject",
    role: "officer",
    summary: "Rejects a claim waiting; 409 when it was decided or cancelled.",
    body: decideClaimSchema,
    answer: answer<ClaimDecision>(),
  }),
  approveMatching: call({
    method: "POST",
    path: "/claims/approve-matching",
    role: "officer",
    summary:
      "Approves every claim whose account name matches its character, but for characters claimed twice.",
    answer: answer<MatchingApproved>(),
  }),
};

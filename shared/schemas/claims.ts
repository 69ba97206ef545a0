/**
 * A raider claims their character and an officer approves or rejects the claim (issue 25, point 2; decision 071):
 * the bodies, the answers and every message, shared by the worker and the claim and approval screens. A claim
 * names a main character (a raider who picks an alt claims its main); approving links the account to it
 * (users.member_id, decision 051), so "My earnings" covers the main and its alts.
 */
import * as z from "zod";
import { positiveId } from "./account-links.ts";
import { unknownKeys } from "./accounts.ts";

export const CLAIM_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_MESSAGES = {
  memberId: "Member ID must be a positive integer.",
  claimId: "Claim ID must be a positive integer.",
  memberNotFound: "That character does not exist.",
  nothingToCancel: "You have no claim waiting.",
  claimNotFound: "That claim does not exist.",
  /** The screens' words for what needs the server. */
  offlineClaim: "Claiming your character needs a connection. Connect to the internet to claim it.",
  offlineApprove: "Approving claims needs a connection. Connect to the internet to see and decide them.",
} as const;

/** 409: the account already has its character; an admin changes it on the Characters screen. */
export const alreadyLinkedMessage = (name: string) =>
  `Your account is already linked to "${name}". Ask an admin if that is not your character.`;

/** 409: the account already waits on a claim. */
export const alreadyClaimingMessage = (name: string) =>
  `You have already claimed "${name}". Cancel that claim to claim another character.`;

/** 409: another account holds the character (which one is not said to a raider). */
export const characterTakenMessage = (name: string) =>
  `"${name}" already belongs to another account. If it is yours, ask an officer.`;

/** Said beside a claim that another account also waits on: an officer chooses. */
export const contestedMessage = (name: string) =>
  `Someone else has also claimed "${name}"; an officer will decide.`;

/** Why the server closed a claim when the character went to another account. */
export const wentToAnotherMessage = (name: string) => `"${name}" went to another account.`;

/** Why the server closed an account's claim when an admin linked the account to a character. */
export const adminLinkedMessage = (name: string) => `An admin linked the account to "${name}".`;

/** 409 to an officer: the claim was decided already (or cancelled), with why when the server closed it. */
export function notPendingMessage(status: Exclude<ClaimStatus, "pending">, reason: string | null): string {
  const said =
    status === "cancelled" ? "This claim was cancelled by the raider." : `This claim was already ${status}.`;
  return reason ? `${said.slice(0, -1)}: ${reason}` : said;
}

/** 409 to an officer: the account got a character since it claimed. */
export const accountLinkedMessage = (account: string, name: string) =>
  `${account}'s account is already linked to "${name}". Reject this claim.`;

/** 409 to an officer: the claimed character was made an alt since it was claimed. */
export const becameAltMessage = (name: string, mainName: string) =>
  `"${name}" is now an alt of "${mainName}". Reject this claim; the raider can claim "${mainName}".`;

/** 409 to an officer: the character went to another account (an admin's link, or another claim meanwhile). */
export const takenSinceMessage = (name: string) =>
  `"${name}" already belongs to another account. Reject this claim.`;

export const claimCharacterSchema = z.strictObject(
  { memberId: positiveId(CLAIM_MESSAGES.memberId) },
  unknownKeys,
);
export type ClaimCharacterInput = z.input<typeof claimCharacterSchema>;

export const decideClaimSchema = z.strictObject({ id: positiveId(CLAIM_MESSAGES.claimId) }, unknownKeys);
export type DecideClaimInput = z.input<typeof decideClaimSchema>;

/** An account's claim as its raider sees it. */
export interface MyClaim {
  id: number;
  /** The main character claimed. */
  memberId: number;
  characterName: string;
  status: ClaimStatus;
  createdAt: Date;
  decidedAt: Date | null;
  /** Why the server closed it, when no person did ('"Thornfang" went to another account.'). */
  reason: string | null;
}

/** A character the account's name matches (case and diacritics folded): a main, or the main of a matching alt. */
export interface ClaimSuggestion {
  memberId: number;
  name: string;
  /** The name that matched: the main's own, or one of its alts'. */
  matchedName: string;
}

/** GET /_api/me/claim, and what claiming and cancelling answer. */
export interface MyClaimState {
  /** The account's main character, once linked (by an approved claim or by an admin). */
  character: { memberId: number; name: string } | null;
  /** The claim waiting, or else the latest one decided; null before the first. */
  claim: MyClaim | null;
  /** While the claim waits: another account waits on the same character. */
  contested: boolean;
  /** Main characters the account's name matches that are free, best first. Empty once linked. */
  suggestions: ClaimSuggestion[];
  /** Main characters another account holds: the picker says so instead of offering them. */
  takenMemberIds: number[];
}

/** A claim waiting for an officer (GET /_api/claims). */
export interface PendingClaim {
  id: number;
  userId: number;
  /** The account's name: with Discord sign-in, its guild nickname. */
  accountName: string;
  memberId: number;
  characterName: string;
  /** The main's alts, by name. */
  alts: string[];
  createdAt: Date;
  /** The account's name folds to the character's name or one of its alts': "Approve all matching" takes it. */
  nameMatches: boolean;
  /** How many other accounts wait on the same character. */
  otherClaims: number;
}

/** What the officers' calls answer: the claims still waiting, and what was decided. */
export interface ClaimsAnswer {
  claims: PendingClaim[];
}
export interface ClaimDecision extends ClaimsAnswer {
  decided: { id: number; status: "approved" | "rejected"; accountName: string; characterName: string };
}
export interface MatchingApproved extends ClaimsAnswer {
  approved: number;
}

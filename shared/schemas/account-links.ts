/**
 * Linking an account to its main character (docs/decisions/051): the request body of
 * POST /_api/admin/accounts/link-member, the answers and the messages, shared by the worker and the Characters
 * screen. An account has at most one character, a character at most one account (users.member_id is unique);
 * the account's "My earnings" covers that character and its alts.
 */
import * as z from "zod";

export const ACCOUNT_LINK_MESSAGES = {
  userId: "User ID must be a positive integer.",
  memberId: "Member ID must be a positive integer or null.",
  unknownField: (keys: string[]) => `Unknown field: ${keys.join(", ")}`,
  accountNotFound: "Account not found.",
  memberNotFound: "That character does not exist.",
} as const;

/** 400: the character is an alt; accounts link to main characters. */
export const linkToAltMessage = (name: string, mainName: string) =>
  `"${name}" is an alt of "${mainName}". Link the account to the main character, "${mainName}".`;

/** 409: the character already belongs to another account. */
export const memberTakenMessage = (name: string, account: string) =>
  `"${name}" is already linked to the account ${account}. Unlink it there first.`;

/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;

/** A row's id in a body: a positive PostgreSQL integer, or `message`. */
export const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });

export const linkMemberSchema = z.strictObject(
  {
    userId: positiveId(ACCOUNT_LINK_MESSAGES.userId),
    /** null unlinks the account. */
    memberId: positiveId(ACCOUNT_LINK_MESSAGES.memberId).nullable(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? ACCOUNT_LINK_MESSAGES.unknownField(issue.keys) : undefined,
  },
);
export type LinkMemberInput = z.input<typeof linkMemberSchema>;

/** One account's link: GET /_api/admin/accounts/member-links lists every linked account. */
export interface AccountMemberLink {
  userId: number;
  memberId: number;
  memberName: string;
}

/** What linking answers: the account's link as it is now, both null when it was unlinked. */
export interface AccountLinkChange {
  userId: number;
  memberId: number | null;
  memberName: string | null;
}

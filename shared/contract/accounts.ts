/** Accounts and which main character each belongs to (decisions 008, 051). Admins only. */
import {
  type AccountLinkChange,
  type AccountMemberLink,
  linkMemberSchema,
} from "../schemas/account-links.ts";
import {
  type Account,
  createAccountSchema,
  endAccountSessionsSchema,
  updateAccountSchema,
} from "../schemas/accounts.ts";
import { answer, call } from "./call.ts";

export const ACCOUNT_CALLS = {
  list: call({
    method: "GET",
    path: "/admin/accounts",
    role: "admin",
    summary: "Every account.",
    answer: answer<{ accounts: Account[] }>(),
  }),
  create: call({
    method: "POST",
    path: "/admin/accounts",
    role: "admin",
    summary: "Adds an account with its password (201); 409 when the email is taken.",
    body: createAccountSchema,
    answer: answer<{ account: Account }>(),
  }),
  update: call({
    method: "POST",
    path: "/admin/accounts/update",
    role: "admin",
    summary: "Changes an account's name, role, password or disabled flag; the last active admin stays one.",
    body: updateAccountSchema,
    answer: answer<{ account: Account }>(),
  }),
  endSessions: call({
    method: "POST",
    path: "/admin/accounts/end-sessions",
    role: "admin",
    summary: "Signs an account out of every device (decision 068); answers how many sessions ended.",
    body: endAccountSessionsSchema,
    answer: answer<{ ended: number }>(),
  }),
};

/** Mounted beside the accounts: which account belongs to which main character. */
export const ACCOUNT_LINK_CALLS = {
  memberLinks: call({
    method: "GET",
    path: "/admin/accounts/member-links",
    role: "admin",
    summary: "Which account belongs to which main character.",
    answer: answer<{ links: AccountMemberLink[] }>(),
  }),
  linkMember: call({
    method: "POST",
    path: "/admin/accounts/link-member",
    role: "admin",
    summary: "Links an account to a main character, or unlinks it (memberId null).",
    body: linkMemberSchema,
    answer: answer<{ link: AccountLinkChange }>(),
  }),
};

/**
 * The login body (POST /_api/auth/login_with_password, plain JSON) with its messages (docs/product.md#login):
 * the form checks it on blur and submit, the server validates with it.
 */
import * as z from "zod";
import type { AccountRole } from "../contract/roles.ts";

export const EMAIL_REQUIRED = "Email is required";
export const PASSWORD_REQUIRED = "Password is required";
export const LOGIN_EMAIL_MAX_LENGTH = 320;
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export const loginSchema = z.strictObject(
  {
    // The field is labelled Email (decision 069); autocomplete calls it the username, for password managers.
    email: z
      .string({ error: EMAIL_REQUIRED })
      .trim()
      .min(1, { error: EMAIL_REQUIRED })
      .max(LOGIN_EMAIL_MAX_LENGTH),
    // Passwords are taken as typed: no trimming.
    password: z
      .string({ error: PASSWORD_REQUIRED })
      .min(1, { error: PASSWORD_REQUIRED })
      .max(LOGIN_PASSWORD_MAX_LENGTH),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
  },
);
export type LoginInput = z.input<typeof loginSchema>;

/** The account a session belongs to, as /_api/auth answers it. */
export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
  role: AccountRole;
  avatarUrl: string | null;
}

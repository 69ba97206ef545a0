/**
 * Accounts (docs/product.md#accounts): the request bodies of /_api/admin/accounts with their
 * messages, and the account shape the API answers. Used by the worker to validate and by the web forms.
 */
import * as z from "zod";
import { ACCOUNT_ROLES, type AccountRole } from "../contract/roles.ts";
import { nameField } from "./name-field.ts";

export { ACCOUNT_ROLES, type AccountRole };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 320;

export const ACCOUNT_MESSAGES = {
  emailRequired: "Email is required.",
  emailInvalid: "Enter a valid email address.",
  displayNameRequired: "Display name is required.",
  displayNameTooLong: `Display name cannot exceed ${DISPLAY_NAME_MAX_LENGTH} characters.`,
  role: "Role must be admin, officer or user.",
  passwordRequired: "Password is required.",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters.`,
  id: "ID must be a positive integer.",
  disabled: "Disabled must be true or false.",
  nothingToUpdate: "Provide at least one of role, displayName, password or disabled to update.",
  duplicateEmail: "An account with this email already exists.",
  notFound: "Account not found.",
  lastAdmin: "The last active admin cannot be disabled or demoted. Make another account an admin first.",
} as const;

export const unknownKeys: { error: z.core.$ZodErrorMap } = {
  error: (issue) =>
    issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
};

const email = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.emailInvalid })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

const displayName = nameField(
  {
    label: "Display name",
    required: ACCOUNT_MESSAGES.displayNameRequired,
    tooLong: ACCOUNT_MESSAGES.displayNameTooLong,
  },
  DISPLAY_NAME_MAX_LENGTH,
);

const role = z.enum(ACCOUNT_ROLES, { error: ACCOUNT_MESSAGES.role });

// Passwords are taken as typed: no trimming, any characters.
const password = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong });

export const createAccountSchema = z.strictObject({ email, displayName, role, password }, unknownKeys);
export type CreateAccountInput = z.input<typeof createAccountSchema>;

/** A row's id in a body: an account's, or a session's (sessions.ts). */
export const idField = z.number({ error: ACCOUNT_MESSAGES.id }).int({ error: ACCOUNT_MESSAGES.id }).positive({
  error: ACCOUNT_MESSAGES.id,
});

export const updateAccountSchema = z
  .strictObject(
    {
      id: idField,
      role: role.optional(),
      displayName: displayName.optional(),
      password: password.optional(),
      disabled: z.boolean({ error: ACCOUNT_MESSAGES.disabled }).optional(),
    },
    unknownKeys,
  )
  .refine(
    (body) =>
      body.role !== undefined ||
      body.displayName !== undefined ||
      body.password !== undefined ||
      body.disabled !== undefined,
    { error: ACCOUNT_MESSAGES.nothingToUpdate },
  );
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

/** Signs an account out of every device (decision 068). */
export const endAccountSessionsSchema = z.strictObject({ id: idField }, unknownKeys);

/** An account as the API shows it. Password hashes live elsewhere and never appear here. */
export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  avatarUrl: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.date(),
});
export type Account = z.infer<typeof accountSchema>;

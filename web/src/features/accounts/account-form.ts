/**
 * The account forms' rules: the shared zod schemas (the server's own messages), turned into one message per
 * field, and the edit form's body holding only what changed.
 */
import {
  type Account,
  type AccountRole,
  type CreateAccountInput,
  createAccountSchema,
  type UpdateAccountInput,
  updateAccountSchema,
} from "@shared/schemas/accounts.ts";
import { type FieldErrors, fieldErrors } from "@shared/schemas/form-errors.ts";

export type { FieldErrors };

export interface CreateAccountValues {
  email: string;
  displayName: string;
  role: AccountRole;
  password: string;
}

export function validateCreateAccount(
  values: CreateAccountValues,
): { ok: true; body: CreateAccountInput } | { ok: false; errors: FieldErrors<keyof CreateAccountValues> } {
  const result = createAccountSchema.safeParse(values);
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

export interface EditAccountValues {
  displayName: string;
  role: AccountRole;
  /** Empty: keep the current password. */
  password: string;
  disabled: boolean;
}

export const editValuesOf = (account: Account): EditAccountValues => ({
  displayName: account.displayName,
  role: account.role,
  password: "",
  disabled: account.disabled,
});

/** The update body with only the changed fields; a form without changes fails with the schema's message. */
export function validateEditAccount(
  account: Account,
  values: EditAccountValues,
): { ok: true; body: UpdateAccountInput } | { ok: false; errors: FieldErrors<keyof EditAccountValues> } {
  const body: UpdateAccountInput = { id: account.id };
  if (values.displayName.trim() !== account.displayName) body.displayName = values.displayName;
  if (values.role !== account.role) body.role = values.role;
  if (values.password !== "") body.password = values.password;
  if (values.disabled !== account.disabled) body.disabled = values.disabled;
  const result = updateAccountSchema.safeParse(body);
  return result.success ? { ok: true, body: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/**
 * The login form's rules (docs/product.md#login): the shared login schema, checked on blur and on submit. It
 * brings zod, so the form fetches it when first used (decision 062); the message for a failed login is in
 * login-failure.ts.
 */
import { LOGIN_CALLS } from "@shared/contract/login.ts";
import { fieldErrors } from "@shared/schemas/form-errors.ts";
import { type LoginInput, loginSchema } from "@shared/schemas/login.ts";
import { api } from "@web/lib/api-client.ts";

export type LoginFormValues = LoginInput;
export type LoginField = keyof LoginFormValues;
export type LoginFormErrors = Partial<Record<LoginField, string>>;

/** Every field's first error; an empty object means the form may be sent. */
export function validateLoginForm(values: LoginFormValues): LoginFormErrors {
  const result = loginSchema.safeParse(values);
  return result.success ? {} : fieldErrors<LoginField>(result.error);
}

/** One field's error, for validation on blur. */
export function validateLoginField(field: LoginField, values: LoginFormValues): string | undefined {
  return validateLoginForm(values)[field];
}

/** Signs in with the declared login call (plain JSON both ways); the email is sent trimmed. */
export function logIn(values: LoginFormValues) {
  return api.call(LOGIN_CALLS.login, { body: { email: values.email.trim(), password: values.password } });
}

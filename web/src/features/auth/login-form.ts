/**
 * The login form's rules (SPEC section 5): the shared login schema, checked on blur and on submit, and the
 * inline message for a failed login (SPEC section 8).
 */
import { fieldErrors } from "@shared/schemas/form-errors.ts";
import { type LoginInput, loginSchema } from "@shared/schemas/login.ts";
import { ApiError } from "@web/lib/api-client.ts";

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

export const LOGIN_FAILED = "Login failed";
export const LOGIN_FAILED_TRY_AGAIN = "Login failed. Please try again.";

/**
 * The inline message for a failed login (SPEC section 8): the server's `error`, else 'Login failed' when the
 * server answered without one, else 'Login failed. Please try again.' (no answer, or anything unexpected).
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.source === "server") return error.message;
    if (error.status > 0) return LOGIN_FAILED;
  }
  return LOGIN_FAILED_TRY_AGAIN;
}

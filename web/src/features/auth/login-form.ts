/**
 * The login form's rules (SPEC section 5): both fields non-empty, checked on blur and on submit.
 * The shared zod schemas are not in the tree yet; when `shared/schemas` gains the login schema, this file
 * should validate with it instead of declaring its own.
 */
import * as z from "zod";
import { ApiError } from "../../lib/api-client.ts";

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, { error: "Username is required" }),
  password: z.string().min(1, { error: "Password is required" }),
});

export type LoginFormValues = z.input<typeof loginFormSchema>;
export type LoginField = keyof LoginFormValues;
export type LoginFormErrors = Partial<Record<LoginField, string>>;

/** Every field's first error; an empty object means the form may be sent. */
export function validateLoginForm(values: LoginFormValues): LoginFormErrors {
  const result = loginFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: LoginFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return errors;
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

/**
 * The inline message for a failed login (docs/product.md#login). Apart from the form's rules (login-form.ts),
 * which bring zod and are fetched when the form is first used (decision 062).
 */
import { ApiError } from "@web/lib/api-client.ts";

export const LOGIN_FAILED = "Login failed";
export const LOGIN_FAILED_TRY_AGAIN = "Login failed. Please try again.";

/**
 * The server's `error`, else 'Login failed' when the server answered without one, else 'Login failed. Please
 * try again.' (no answer, or anything unexpected).
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.source === "server") return error.message;
    if (error.status > 0) return LOGIN_FAILED;
  }
  return LOGIN_FAILED_TRY_AGAIN;
}

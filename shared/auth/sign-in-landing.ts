/**
 * Where a sign-in leads (decisions 067, 070), the same for the password form and Discord: back to the page that
 * asked for it when that is one of ours, else the dashboard for officers and admins and My earnings for a raider.
 */
import { type AccountRole, isStaff } from "../contract/roles.ts";

export const NEXT_PATH_MAX_LENGTH = 2000;

/**
 * `value` when it is a path of this site to return to after signing in, else null: it starts with one "/" (not
 * "//", which a browser reads as another host), holds no backslash or control character (some browsers read "\"
 * as "/"), is not the login page itself nor the API.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > NEXT_PATH_MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, "https://portal.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://portal.invalid") return null;
  if (["/login", "/_api"].some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`)))
    return null;
  return value;
}

/** Where a signed-in account goes when there is no page to return to. */
export function landingPath(role: AccountRole): string {
  return isStaff(role) ? "/admin" : "/me/earnings";
}

/** The page after a sign-in: `next` when it is safe, else the role's landing page. */
export function afterSignIn(next: string | null | undefined, role: AccountRole): string {
  return safeNextPath(next) ?? landingPath(role);
}

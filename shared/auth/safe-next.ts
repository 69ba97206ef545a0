/**
 * Where a sign-in may send the account back to (decision 072): `next` comes from a URL anyone can write, so only a
 * path on this site is taken, never another origin. The login page and the server's Discord callback both ask here.
 */
import { type AccountRole, isStaff } from "../contract/roles.ts";

/** Longer than any page of ours with its query; a longer `next` is not one of ours. */
export const NEXT_MAX_LENGTH = 2000;

/** A base that only serves to parse relative paths; nothing is ever fetched from it. */
const BASE = "https://portal.invalid";

/**
 * `raw` as a same-origin path ('/boss-timers?x=1#y'), or null when it is anything else: not text, empty, too long,
 * absolute ('https://x', 'javascript:…'), protocol-relative ('//x'), with a backslash (browsers read '/\x' as '//x'),
 * or with control characters (browsers drop tabs and newlines, so '/\t/x' would be '//x').
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > NEXT_MAX_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page an account lands on when it has nowhere to go back to: the dashboard for staff, My page for a raider. */
export function homePathOf(role: AccountRole): "/admin" | "/me" {
  return isStaff(role) ? "/admin" : "/me";
}

/**
 * Where a sign-in lands: `next` when it is a safe path the account may open (`mayOpen`, the web app's page roles;
 * the login page itself and the API never), else the account's home.
 */
export function landingPath(
  next: unknown,
  role: AccountRole,
  mayOpen: (pathname: string, role: AccountRole) => boolean = () => true,
): string {
  const path = safeNextPath(next);
  if (path === null) return homePathOf(role);
  const pathname = path.replace(/[?#].*$/, "");
  const notAPage = ["/login", "/_api"].some((page) => pathname === page || pathname.startsWith(`${page}/`));
  if (notAPage || !mayOpen(pathname, role)) return homePathOf(role);
  return path;
}

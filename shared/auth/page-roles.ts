/**
 * The least role each page of the admin area is for (docs/product.md#who-may-do-what, decision 067): officers run
 * raid night (raids, attendance, loot, members, timers, imports) and read payouts and funds; the rest is the
 * admins'. The web app's sidebar and access guard read it, and a sign-in (the login page's, and the server's
 * Discord callback) goes back only to a page the account may open (decision 072).
 */
import { type AccountRole, mayCall } from "../contract/roles.ts";

export const ADMIN_PAGE_ROLES = {
  "/admin": "officer",
  "/guild-members": "officer",
  "/market-exchange": "officer",
  "/guild-funds": "officer",
  "/admin/payouts": "officer",
  "/admin/boss-timers": "officer",
  "/admin/boss-names": "officer",
  "/admin/record-raid": "officer",
  "/admin/check-ins": "officer",
  "/admin/auctions": "officer",
  "/admin/attendance": "officer",
  "/admin/import": "officer",
  "/admin/claims": "officer",
  "/admin/characters": "admin",
  "/admin/accounts": "admin",
  "/admin/audit-log": "admin",
  "/admin/discord": "admin",
  "/admin/guild-settings": "admin",
  "/admin/fix-participants": "admin",
  "/admin/backup": "admin",
  "/admin/sql-export": "admin",
  "/admin/database-setup": "admin",
} as const satisfies Record<string, AccountRole>;

/** A page of the admin area, by its path. */
export type AdminPath = keyof typeof ADMIN_PAGE_ROLES;

/** `pathname` without a trailing slash ('/admin/' is '/admin'). */
export const pathOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** The least role the admin page at `pathname` is for; officers and admins reach a path that names no page. */
export function adminPageRole(pathname: string): AccountRole {
  const path = pathOf(pathname);
  return Object.hasOwn(ADMIN_PAGE_ROLES, path) ? ADMIN_PAGE_ROLES[path as AdminPath] : "officer";
}

/**
 * Whether an account with `role` may open the page at `pathname`: any account opens the public pages and its own,
 * and the admin area's pages by their role.
 */
export function mayOpenPath(pathname: string, role: AccountRole): boolean {
  const path = pathOf(pathname);
  const inAdminArea =
    path === "/admin" || path.startsWith("/admin/") || Object.hasOwn(ADMIN_PAGE_ROLES, path);
  return !inAdminArea || mayCall(role, adminPageRole(path));
}

import { ADMIN_PAGE_ROLES, type AdminPath, pathOf } from "@shared/auth/page-roles.ts";
import { type AccountRole, mayCall } from "@shared/contract/roles.ts";
import type { CollectionName } from "../data/portal-db.ts";

/** Every admin destination's name, once: the sidebar, the page header and the dashboard's tool cards read it. */
export const ADMIN_PAGE_LABELS: Readonly<Record<AdminPath, string>> = {
  "/admin": "Dashboard",
  "/guild-members": "Guild Members",
  "/market-exchange": "Market Exchange",
  "/guild-funds": "Guild Funds",
  "/admin/payouts": "Payouts",
  "/admin/boss-timers": "Boss Timers",
  "/admin/boss-names": "Boss Names",
  "/admin/record-raid": "Record a Raid",
  "/admin/check-ins": "Check-ins",
  "/admin/auctions": "Auctions",
  "/admin/attendance": "Attendance",
  "/admin/claims": "Character Claims",
  "/admin/characters": "Characters",
  "/admin/accounts": "Accounts",
  "/admin/audit-log": "Audit Log",
  "/admin/discord": "Discord",
  "/admin/guild-settings": "Guild Settings",
  "/admin/fix-participants": "Fix Participants",
  "/admin/backup": "Backup",
  "/admin/import": "Import",
  "/admin/sql-export": "SQL Export",
  "/admin/database-setup": "Database Setup",
};

export { type AdminPath, adminPageRole, mayOpenPath } from "@shared/auth/page-roles.ts";

/** Whether an account with `role` may open the admin page `to`: the app links only to pages it may. */
export const mayOpen = (role: AccountRole, to: AdminPath): boolean => mayCall(role, ADMIN_PAGE_ROLES[to]);

function navLink<To extends AdminPath>(to: To) {
  return { to, label: ADMIN_PAGE_LABELS[to], role: ADMIN_PAGE_ROLES[to] };
}

/** The admin sidebar (docs/product.md#admin-layout); each account sees the entries its role may open. */
export const ADMIN_NAV_LINKS = [
  navLink("/admin"),
  navLink("/guild-members"),
  navLink("/market-exchange"),
  navLink("/guild-funds"),
  navLink("/admin/payouts"),
  navLink("/admin/boss-timers"),
  navLink("/admin/boss-names"),
  navLink("/admin/record-raid"),
  navLink("/admin/check-ins"),
  navLink("/admin/auctions"),
  navLink("/admin/attendance"),
  navLink("/admin/claims"),
  navLink("/admin/import"),
  navLink("/admin/characters"),
  navLink("/admin/accounts"),
  navLink("/admin/audit-log"),
  navLink("/admin/discord"),
  navLink("/admin/guild-settings"),
  navLink("/admin/backup"),
  navLink("/admin/sql-export"),
];

/**
 * The page header's label: the page's own name (tool pages too, not 'Dashboard'), 'Attendance Management' on
 * /admin/attendance; 'Dashboard' only for a path that names no page.
 */
export function adminHeaderLabel(pathname: string): string {
  const path = pathOf(pathname);
  if (path === "/admin/attendance") return "Attendance Management";
  // One check-in's screen (decision 080).
  if (path.startsWith("/admin/check-ins/")) return ADMIN_PAGE_LABELS["/admin/check-ins"];
  // One auction's screen (decision 092).
  if (path.startsWith("/admin/auctions/")) return ADMIN_PAGE_LABELS["/admin/auctions"];
  return Object.hasOwn(ADMIN_PAGE_LABELS, path) ? ADMIN_PAGE_LABELS[path as AdminPath] : "Dashboard";
}

/** The admin pages that show cached data, and the collections each one reads (for the sync hint). */
const COLLECTIONS_BY_PATH: Readonly<Record<string, readonly CollectionName[]>> = {
  "/admin": ["guildMembers", "marketItems", "funds"],
  "/guild-members": ["guildMembers"],
  "/market-exchange": ["marketItems", "guildMembers", "bossNames"],
  "/guild-funds": ["funds", "fundSpending"],
  "/admin/payouts": ["payouts", "guildMembers"],
  "/admin/boss-timers": ["bossNames", "timers"],
  "/admin/boss-names": ["bossNames"],
  "/admin/attendance": ["attendance", "guildMembers", "marketItems"],
  "/admin/record-raid": ["attendance", "guildMembers", "bossNames"],
  "/admin/characters": ["guildMembers"],
  "/admin/guild-settings": ["guildSettings"],
};

/** The cached collections shown at `pathname`; null for online-only tools (accounts, audit log, imports). */
export function adminCollectionsForPath(pathname: string): readonly CollectionName[] | null {
  return COLLECTIONS_BY_PATH[pathOf(pathname)] ?? null;
}

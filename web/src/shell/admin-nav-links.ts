import type { CollectionName } from "../data/portal-db.ts";

/** Every admin destination's name, once: the sidebar, the page header and the dashboard's tool cards read it. */
export const ADMIN_PAGE_LABELS = {
  "/admin": "Dashboard",
  "/guild-members": "Guild Members",
  "/market-exchange": "Market Exchange",
  "/guild-funds": "Guild Funds",
  "/admin/payouts": "Payouts",
  "/admin/boss-timers": "Boss Timers",
  "/admin/boss-names": "Boss Names",
  "/admin/record-raid": "Record a Raid",
  "/admin/attendance": "Attendance",
  "/admin/characters": "Characters",
  "/admin/accounts": "Accounts",
  "/admin/audit-log": "Audit Log",
  "/admin/discord": "Discord",
  "/admin/guild-settings": "Guild Settings",
  "/admin/fix-participants": "Fix Participants",
  "/admin/backup": "Backup",
  "/admin/data-migration": "Data Migration",
  "/admin/database-setup": "Database Setup",
} as const;

type AdminPath = keyof typeof ADMIN_PAGE_LABELS;

function navLink<To extends AdminPath>(to: To, adminOnly: boolean) {
  return { to, label: ADMIN_PAGE_LABELS[to], adminOnly };
}

/** The admin sidebar (docs/product.md#admin-layout), with its admin-only entries flagged. */
export const ADMIN_NAV_LINKS = [
  navLink("/admin", false),
  navLink("/guild-members", false),
  navLink("/market-exchange", false),
  navLink("/guild-funds", false),
  navLink("/admin/payouts", true),
  navLink("/admin/boss-timers", true),
  navLink("/admin/boss-names", true),
  navLink("/admin/record-raid", true),
  navLink("/admin/attendance", true),
  navLink("/admin/characters", true),
  navLink("/admin/accounts", true),
  navLink("/admin/audit-log", true),
  navLink("/admin/discord", true),
  navLink("/admin/guild-settings", true),
  navLink("/admin/backup", true),
];

/**
 * The page header's label: the page's own name (tool pages too, not 'Dashboard'), 'Attendance Management' on
 * /admin/attendance; 'Dashboard' only for a path that names no page.
 */
export function adminHeaderLabel(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin/attendance") return "Attendance Management";
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
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return COLLECTIONS_BY_PATH[path] ?? null;
}

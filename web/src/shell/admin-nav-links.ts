/** The admin sidebar (SPEC "Admin layout"); `adminOnly` entries are flagged as such in the spec. */
export const ADMIN_NAV_LINKS = [
  { to: "/admin", label: "Dashboard", adminOnly: false },
  { to: "/guild-members", label: "Guild Members", adminOnly: false },
  { to: "/market-exchange", label: "Market Exchange", adminOnly: false },
  { to: "/guild-funds", label: "Guild Funds", adminOnly: false },
  { to: "/admin/boss-timers", label: "Boss Timers", adminOnly: true },
  { to: "/admin/boss-names", label: "Boss Names", adminOnly: true },
  { to: "/admin/attendance", label: "Attendance", adminOnly: true },
  { to: "/admin/accounts", label: "Accounts", adminOnly: true },
  { to: "/admin/audit-log", label: "Audit Log", adminOnly: true },
] as const;

/** The page header's label: the current link's, 'Attendance Management' on /admin/attendance, else 'Dashboard'. */
export function adminHeaderLabel(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin/attendance") return "Attendance Management";
  return ADMIN_NAV_LINKS.find((link) => link.to === path)?.label ?? "Dashboard";
}

/** The admin pages that show cached data, and the collections each one reads (for the sync hint). */
const COLLECTIONS_BY_PATH: Readonly<Record<string, readonly AdminPageCollection[]>> = {
  "/admin": ["guildMembers", "marketItems", "funds"],
  "/guild-members": ["guildMembers"],
  "/market-exchange": ["marketItems", "guildMembers", "bossNames"],
  "/guild-funds": ["funds"],
  "/admin/boss-timers": ["bossNames", "timers"],
  "/admin/boss-names": ["bossNames"],
  "/admin/attendance": ["attendance", "guildMembers", "marketItems"],
};

/** Every collection an admin page reads, in a fixed order (one status hook each). */
export const ADMIN_PAGE_COLLECTIONS = [
  "guildMembers",
  "marketItems",
  "funds",
  "bossNames",
  "timers",
  "attendance",
] as const;
export type AdminPageCollection = (typeof ADMIN_PAGE_COLLECTIONS)[number];

/** The cached collections shown at `pathname`; null for online-only tools (accounts, audit log, imports). */
export function adminCollectionsForPath(pathname: string): readonly AdminPageCollection[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return COLLECTIONS_BY_PATH[path] ?? null;
}

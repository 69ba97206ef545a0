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
] as const;

/** The page header's label: the current link's, 'Attendance Management' on /admin/attendance, else 'Dashboard'. */
export function adminHeaderLabel(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin/attendance") return "Attendance Management";
  return ADMIN_NAV_LINKS.find((link) => link.to === path)?.label ?? "Dashboard";
}

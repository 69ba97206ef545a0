/** The public portal's top navigation (docs/product.md#public-layout). */
export const PUBLIC_NAV_LINKS = [
  { to: "/public/guild-members", label: "Guild Members" },
  { to: "/public/market-exchange", label: "Market Exchange" },
  { to: "/public/salary-calculation", label: "Salary Calculation" },
  { to: "/boss-timers", label: "Boss Timers" },
] as const;

/** The dashboard's three figures, computed from the cached rows so they also show offline. */
import { formatMoney, readMoney } from "@shared/money/money.ts";

export interface DashboardFigures {
  /** Reserved guild funds plus the admin fund, '480.00 USDT'; null until the funds were synced once. */
  totalFunds: string | null;
  activeMembers: number | null;
  pendingLoots: number | null;
}

export function dashboardFigures(
  funds: { reservedGuildFunds?: string | null; adminFund?: string | null } | null | undefined,
  members: readonly { status?: string | null }[] | undefined,
  items: readonly { status?: string | null }[] | undefined,
): DashboardFigures {
  let totalFunds: string | null = null;
  if (funds) {
    const cents = (readMoney(funds.reservedGuildFunds) ?? 0) + (readMoney(funds.adminFund) ?? 0);
    totalFunds = formatMoney(cents, "usdt");
  }
  return {
    totalFunds,
    // Members that are not kicked or paid out count as active (docs/product.md#dashboard).
    activeMembers: members ? members.filter((m) => (m.status ?? "active") === "active").length : null,
    pendingLoots: items ? items.filter((item) => item.status === "Pending").length : null,
  };
}

import { describe, expect, it } from "vitest";
import { dashboardFigures } from "./dashboard-figures.ts";

describe("dashboardFigures", () => {
  it("adds reserved funds and the admin fund in cents, counts active members and Pending loots", () => {
    const figures = dashboardFigures(
      { reservedGuildFunds: "320.10", adminFund: "160.25" },
      [{ status: "active" }, { status: "kicked" }, { status: "active" }, { status: "paid_out" }, {}],
      [{ status: "Pending" }, { status: "Sold" }, { status: "Pending" }],
    );
    expect(figures).toEqual({ totalFunds: "480.35 USDT", activeMembers: 3, pendingLoots: 2 });
  });

  it("shows 0.00 USDT for empty funds and nothing before the first sync", () => {
    expect(dashboardFigures({ reservedGuildFunds: null }, [], []).totalFunds).toBe("0.00 USDT");
    expect(dashboardFigures(null, undefined, undefined)).toEqual({
      totalFunds: null,
      activeMembers: null,
      pendingLoots: null,
    });
  });

  it("keeps large sums exact", () => {
    expect(
      dashboardFigures({ reservedGuildFunds: "9007199254740.99", adminFund: "0.01" }, [], []).totalFunds,
    ).toBe("9,007,199,254,741.00 USDT");
  });
});

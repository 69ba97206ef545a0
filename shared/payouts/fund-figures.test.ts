import { describe, expect, it } from "vitest";
import { fundFigures } from "./fund-figures.ts";

describe("fund figures", () => {
  const funds = { reservedGuildFunds: "1000.05", adminFund: "20.00" };
  const spending = [
    { fund: "guild" as const, amount: "0.10" },
    { fund: "guild" as const, amount: "0.20" },
    { fund: "admin" as const, amount: "25.00" },
  ];

  it("is income minus the fund's own spending, to the cent", () => {
    expect(fundFigures(funds, spending, "guild")).toEqual({ income: 100_005, spent: 30, balance: 99_975 });
    expect(fundFigures(funds, spending, "admin")).toEqual({ income: 2_000, spent: 2_500, balance: -500 });
  });

  it("has no income before the funds were ever synced", () => {
    expect(fundFigures(null, spending, "guild")).toEqual({ income: 0, spent: 30, balance: -30 });
  });
});

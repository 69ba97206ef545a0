import { describe, expect, it } from "vitest";
import { balanceOf, finalPayoutCents, paidByMember } from "./member-balance.ts";

type Member = Parameters<typeof finalPayoutCents>[0] & { status: string };
const member = (over: Partial<Member> = {}): Member => ({
  id: 1,
  salary: "100.10",
  status: "active",
  finalSalaryAmount: null,
  ...over,
});

describe("member balance", () => {
  it("is earned minus paid, exact to the cent", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004: cents keep it exact.
    const paid = paidByMember([
      { memberId: 1, amount: "0.10" },
      { memberId: 1, amount: "0.20" },
      { memberId: 2, amount: "5.00" },
      { memberId: null, amount: "7.00" },
    ]);
    expect(balanceOf(member(), paid)).toEqual({ earned: 10_010, paid: 30, balance: 9_980 });
    expect(paid.get(2)).toBe(500);
    expect(paid.size).toBe(2);
  });

  it("goes negative after an overpay", () => {
    expect(
      balanceOf(member({ salary: "10" }), paidByMember([{ memberId: 1, amount: "10.01" }])).balance,
    ).toBe(-1);
  });

  it("keeps a kicked member's balance on their salary; Mark paid pays what is left of the final amount", () => {
    const kicked = member({ status: "kicked", finalSalaryAmount: "80.00" });
    const paid = paidByMember([{ memberId: 1, amount: "30.00" }]);
    expect(balanceOf(kicked, paid).balance).toBe(7_010);
    expect(finalPayoutCents(kicked, paid)).toBe(5_000);
    expect(finalPayoutCents(member({ status: "kicked" }), paid)).toBe(7_010);
    // Nothing left to pay: no payout.
    expect(finalPayoutCents(kicked, paidByMember([{ memberId: 1, amount: "90.00" }]))).toBe(0);
  });

  it("reads an unreadable amount as nothing rather than failing", () => {
    expect(balanceOf(member({ salary: "N/A" }), paidByMember([{ memberId: 1, amount: "x" }]))).toEqual({
      earned: 0,
      paid: 0,
      balance: 0,
    });
  });
});

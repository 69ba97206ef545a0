/**
 * A member's money from what a device holds (decision 049), as the server computes it: earned is the stored
 * salary, paid is the sum of their payouts, balance = earned − paid (negative after an overpayment). "Mark paid"
 * on a kicked member pays what is left of the final salary amount set at the kick, else of the salary. Integer
 * cents throughout; the screens and the outbox's local effect of "Mark paid" share these.
 */
import { type Cents, readMoney } from "../money/money.ts";
import type { GuildMember } from "../schemas/members.ts";
import type { Payout } from "../schemas/payouts.ts";

export interface LocalBalance {
  earned: Cents;
  paid: Cents;
  balance: Cents;
}

/** Every member's paid total, by member id (payouts of deleted members, memberId null, are left out). */
export function paidByMember(payouts: readonly Pick<Payout, "memberId" | "amount">[]): Map<number, Cents> {
  const paid = new Map<number, Cents>();
  for (const payout of payouts) {
    if (payout.memberId === null) continue;
    paid.set(payout.memberId, (paid.get(payout.memberId) ?? 0) + (readMoney(payout.amount) ?? 0));
  }
  return paid;
}

export function balanceOf(
  member: Pick<GuildMember, "id" | "salary">,
  paid: ReadonlyMap<number, Cents>,
): LocalBalance {
  const earned = readMoney(member.salary) ?? 0;
  const paidCents = paid.get(member.id) ?? 0;
  return { earned, paid: paidCents, balance: earned - paidCents };
}

/** What "Mark paid" pays: the final salary amount (or the salary) minus what was paid, 0 when nothing is left. */
export function finalPayoutCents(
  member: Pick<GuildMember, "id" | "salary" | "finalSalaryAmount">,
  paid: ReadonlyMap<number, Cents>,
): Cents {
  const owed =
    (readMoney(member.finalSalaryAmount) ?? readMoney(member.salary) ?? 0) - (paid.get(member.id) ?? 0);
  return owed > 0 ? owed : 0;
}

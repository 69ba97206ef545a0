/**
 * A kicked member's "Mark paid" records what they were paid (docs/decisions/049): what is left to pay of their
 * final salary amount when one was set at the kick (the amount the guild agreed to pay them), otherwise of
 * their stored salary, each minus what was already paid to them. Nothing left to pay: no payout row.
 */
import { readMoney } from "@shared/money/money.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import type { Queryable } from "../db/types.ts";
import { insertPayout, memberBalance } from "./payouts-repo.ts";

export interface FinalPayoutDetails {
  paidOn: string;
  method: string;
  reference: string;
  recordedBy: number | null;
}

/**
 * The cents a final payout pays: the final amount (or the salary) minus what was paid, when above 0. A paid total
 * beyond what cents hold (data from before decision 058) is above any amount owed: nothing is left to pay.
 */
export function finalPayoutCents(
  member: Pick<GuildMember, "finalSalaryAmount">,
  earned: string,
  paid: string,
) {
  const paidCents = readMoney(paid);
  if (paidCents === null) return 0;
  const owed = (readMoney(member.finalSalaryAmount ?? earned) ?? 0) - paidCents;
  return owed > 0 ? owed : 0;
}

/** Records the final payout of a member whose row the caller has locked; null when nothing is left to pay. */
export async function recordFinalPayout(
  tx: Queryable,
  member: GuildMember,
  details: FinalPayoutDetails,
): Promise<Payout | null> {
  const balance = await memberBalance(tx, member.id);
  if (!balance) return null;
  const cents = finalPayoutCents(member, balance.earned, balance.paid);
  if (cents === 0) return null;
  return insertPayout(tx, { memberId: member.id, memberName: member.playerName, cents, ...details });
}

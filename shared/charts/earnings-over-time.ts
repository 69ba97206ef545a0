/**
 * My earnings over time (issue 30): what a player's characters earned (their shares of Sold items) and were paid,
 * added up day by day, for all of them together and for each character. From the answer kept on the device
 * (shared/schemas/my-earnings.ts), so it draws offline too. A share whose item has no date cannot be placed on the
 * time axis: it is counted apart (`undatedCents`), and the dated running total plus it is the total earned.
 */
import { type Cents, readMoney } from "../money/money.ts";
import type { EarningsCharacter, EarningsItem, EarningsPayout } from "../schemas/my-earnings.ts";
import { type DayAmount, runningTotals } from "./running-totals.ts";

export interface EarningsLine {
  /** A character's member id; null for all the characters together. */
  memberId: number | null;
  name: string;
  /** Running totals at the end of each of the chart's days. */
  earned: Cents[];
  paid: Cents[];
  /** Shares of items without a date: in the total earned, not on the time axis. */
  undatedCents: Cents;
  undatedCount: number;
}

export interface EarningsOverTime {
  days: string[];
  all: EarningsLine;
  /** One line per character, in the answer's order (the main first). */
  characters: EarningsLine[];
}

interface EarningsAnswer {
  characters: readonly Pick<EarningsCharacter, "memberId" | "playerName">[];
  items: readonly Pick<EarningsItem, "date" | "memberId" | "share">[];
  payouts: readonly Pick<EarningsPayout, "paidOn" | "memberId" | "amount">[];
}

const cents = (text: string) => readMoney(text) ?? 0;

export function earningsOverTime(answer: EarningsAnswer): EarningsOverTime {
  const lines: { memberId: number | null; name: string }[] = [
    { memberId: null, name: "All characters" },
    ...answer.characters.map((c) => ({ memberId: c.memberId, name: c.playerName })),
  ];
  const belongs = (lineMember: number | null, memberId: number | null) =>
    lineMember === null || lineMember === memberId;
  const earnedOf = (memberId: number | null): DayAmount[] =>
    answer.items
      .filter((item) => item.date !== null && belongs(memberId, item.memberId))
      .map((item) => ({ day: item.date as string, cents: cents(item.share) }));
  const paidOf = (memberId: number | null): DayAmount[] =>
    answer.payouts
      .filter((payout) => belongs(memberId, payout.memberId))
      .map((payout) => ({ day: payout.paidOn, cents: cents(payout.amount) }));
  const { days, totals } = runningTotals(
    lines.flatMap((line) => [earnedOf(line.memberId), paidOf(line.memberId)]),
  );
  const built = lines.map((line, index): EarningsLine => {
    const undated = answer.items.filter(
      (item) => item.date === null && belongs(line.memberId, item.memberId),
    );
    return {
      ...line,
      earned: totals[index * 2] as Cents[],
      paid: totals[index * 2 + 1] as Cents[],
      undatedCents: undated.reduce((sum, item) => sum + cents(item.share), 0),
      undatedCount: undated.length,
    };
  });
  return { days, all: built[0] as EarningsLine, characters: built.slice(1) };
}

/**
 * A fund over time (issue 30, decision 050's figures drawn): its income (its part of each Sold item, split by the
 * shared engine under the rules of the item's day), its spending, and the balance between them, added up day by
 * day. The last day's figures are fundFigures' income, spent and balance when the engine's income matches the
 * funds row the server derived.
 */
import type { Cents } from "../money/money.ts";
import { readMoney } from "../money/money.ts";
import {
  indexParticipantRoster,
  parseParticipantNames,
  type ResolvedParticipant,
  resolveParticipantsIn,
} from "../participants/parse-participants.ts";
import { fundPartsOf, type SalaryRosterMember } from "../salary/distribute-item.ts";
import { ruleForDay, type SplitRuleBook, splitDayOf } from "../salary/split-rules.ts";
import type { FundName, FundSpending } from "../schemas/fund-spending.ts";
import type { MarketExchangeItem } from "../schemas/market.ts";
import { type DayAmount, runningTotals } from "./running-totals.ts";

export type FundIncomeItem = Pick<
  MarketExchangeItem,
  "id" | "lootName" | "value" | "status" | "participatedMembers" | "dateAcquired" | "createdAt"
>;

export interface FundIncome {
  guild: DayAmount[];
  admin: DayAmount[];
}

/**
 * Each Sold item's part for the guild fund (its 10% and any pool nobody could take) and the admin fund, on the
 * item's day (its date acquired, else the day it was recorded). An item whose value cannot be read adds nothing.
 * The engine's fund parts without dividing the pools among participants (fundPartsOf, decision 094), with the roster
 * indexed once and each participant list read once.
 */
export function fundIncomeOf(
  items: readonly FundIncomeItem[],
  roster: readonly SalaryRosterMember[],
  book: SplitRuleBook,
): FundIncome {
  const income: FundIncome = { guild: [], admin: [] };
  const index = indexParticipantRoster(roster);
  // The items of one raid share their participant list: each list is read once.
  const read = new Map<string, ResolvedParticipant<SalaryRosterMember>[]>();
  const participantsOf = (text: string) => {
    let participants = read.get(text);
    if (participants === undefined) {
      participants = resolveParticipantsIn(parseParticipantNames(text), index);
      read.set(text, participants);
    }
    return participants;
  };
  for (const item of items) {
    if (item.status !== "Sold") continue;
    const day = splitDayOf(item.dateAcquired, item.createdAt);
    if (day === null) continue;
    let parts: ReturnType<typeof fundPartsOf>;
    try {
      parts = fundPartsOf(item, participantsOf(item.participatedMembers ?? ""), ruleForDay(book, day));
    } catch {
      continue;
    }
    income.guild.push({ day, cents: parts.guildFundCents });
    income.admin.push({ day, cents: parts.adminFundCents });
  }
  return income;
}

export interface FundFlow {
  fund: FundName;
  days: string[];
  /** Running totals at the end of each day; balance = income − spent on every day. */
  income: Cents[];
  spent: Cents[];
  balance: Cents[];
}

export function fundFlow(
  fund: FundName,
  income: readonly DayAmount[],
  spending: readonly Pick<FundSpending, "fund" | "amount" | "spentOn">[],
): FundFlow {
  const spent = spending
    .filter((row) => row.fund === fund)
    .map((row) => ({ day: row.spentOn, cents: readMoney(row.amount) ?? 0 }));
  const { days, totals } = runningTotals([income, spent]);
  const [incomeTotals = [], spentTotals = []] = totals;
  return {
    fund,
    days,
    income: incomeTotals,
    spent: spentTotals,
    balance: incomeTotals.map((cents, index) => cents - (spentTotals[index] ?? 0)),
  };
}

import { moneyText, parseMoney } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS, MONEY_LIMIT_TEXT } from "@shared/money/money-range.ts";
import { calculateSalaries, type SalaryCalculation } from "@shared/salary/calculate-salaries.ts";
import type { MemberCategory, SalaryItem, SalaryRosterMember } from "@shared/salary/distribute-item.ts";
import {
  type EmptyElitePool,
  eliteCategoriesOf,
  type SplitRule,
  type SplitRuleBook,
  splitDayOf,
} from "@shared/salary/split-rules.ts";
import { type FundName, spentTotalBeyondRangeMessage } from "@shared/schemas/fund-spending.ts";
import { paidTotalBeyondRangeMessage } from "@shared/schemas/payouts.ts";
import { SPLIT_RULE_COLUMNS } from "./backup-tables.ts";
import type { TableView } from "./table-view.ts";

/**
 * Totals stay within the money range, as the writes keep them (decision 058): what each member was paid, what
 * each fund spent, and what the Sold items give each earner and each fund (a total PostgreSQL could not store,
 * and the app could not read). Each payout or spending that takes its total beyond the range is refused.
 */
export function checkTotals(views: ReadonlyMap<string, TableView>): void {
  const payouts = views.get("payouts");
  if (payouts)
    checkRunningTotals(payouts, "member_id", (row, cents, total) =>
      paidTotalBeyondRangeMessage(payouts.get(row, "member_name") ?? "", cents, total),
    );
  const spending = views.get("fund_spending");
  if (spending)
    checkRunningTotals(spending, "fund", (row, cents, total) =>
      spentTotalBeyondRangeMessage(spending.get(row, "fund") as FundName, cents, total),
    );
  checkSoldTotals(views);
}

/** Adds the amounts up by `by` in file order; a row that would take its total beyond the range is refused. */
function checkRunningTotals(
  view: TableView,
  by: string,
  message: (row: number, cents: number, total: string) => string,
): void {
  const totals = new Map<string, number>();
  for (let row = 0; row < view.rows.length; row++) {
    const group = view.get(row, by);
    const amount = view.get(row, "amount");
    if (group === null || amount === null) continue;
    const cents = parseMoney(amount);
    const total = totals.get(group) ?? 0;
    if (total + cents > MAX_MONEY_CENTS) view.refuse(row, "amount", message(row, cents, moneyText(total)));
    else totals.set(group, total + cents);
  }
}

/** No earner or fund gets more than all Sold items are worth: the engine runs only when they are worth more. */
function checkSoldTotals(views: ReadonlyMap<string, TableView>): void {
  const items = views.get("market_exchange");
  if (!items) return;
  const sold: SalaryItem[] = [];
  let worth = 0;
  for (let row = 0; row < items.rows.length; row++) {
    const [id, value, participatedMembers] = ["id", "value", "participated_members"].map((c) =>
      items.get(row, c),
    );
    if (items.get(row, "status") !== "Sold" || !id || !value || participatedMembers === null) continue;
    sold.push({
      id: Number(id),
      lootName: "",
      value,
      participatedMembers: participatedMembers ?? "",
      status: "Sold",
      day: splitDayOf(items.get(row, "date_acquired"), items.get(row, "created_at")),
    });
    worth += parseMoney(value);
  }
  if (worth <= MAX_MONEY_CENTS) return;
  const beyond = (what: string) =>
    items.refuseTable(
      `the Sold items give ${what} more than ${MONEY_LIMIT_TEXT}, the most the portal can hold.`,
    );
  let calculation: SalaryCalculation;
  try {
    calculation = calculateSalaries(
      sold,
      salaryRoster(views.get("guild_members")),
      splitRuleBook(views.get("split_rules")),
    );
  } catch (err) {
    // Beyond the cents a number holds exactly: far beyond the range.
    if (!(err instanceof RangeError)) throw err;
    beyond("their earners and funds");
    return;
  }
  const over = (amount: string) => parseMoney(amount) > MAX_MONEY_CENTS;
  if (over(calculation.reservedGuildFunds)) beyond("the guild fund");
  if (over(calculation.adminFund)) beyond("the admin fund");
  for (const earner of calculation.receipt.calculationDetails)
    if (over(earner.finalCalculatedSalary)) beyond(JSON.stringify(earner.memberName));
}

/** The file's split rules (decision 075), oldest first; rows a rule refused are left out. */
function splitRuleBook(rules: TableView | undefined): SplitRuleBook {
  if (!rules) return [];
  const book: SplitRule[] = [];
  for (let row = 0; row < rules.rows.length; row++) {
    const [day, guild, admin, elite, base, gm, core, members, empty] = SPLIT_RULE_COLUMNS.map((c) =>
      rules.get(row, c),
    );
    if ([day, guild, admin, elite, base, gm, core, members, empty].some((v) => v === null)) continue;
    book.push({
      effectiveFrom: day as string,
      guildFundBp: Number(guild),
      adminFundBp: Number(admin),
      elitePoolBp: Number(elite),
      basePoolBp: Number(base),
      eliteCategories: eliteCategoriesOf(gm === "true", core === "true", members === "true"),
      emptyElitePool: empty as EmptyElitePool,
    });
  }
  return book.sort((a, b) => ((a.effectiveFrom ?? "") < (b.effectiveFrom ?? "") ? -1 : 1));
}

export function salaryRoster(members: TableView | undefined): SalaryRosterMember[] {
  const roster: SalaryRosterMember[] = [];
  for (let row = 0; row < (members?.rows.length ?? 0); row++) {
    const [id, playerName, category, raids] = ["id", "player_name", "category", "raids_participated"].map(
      (c) => members?.get(row, c) ?? null,
    );
    if (!members || !id || !playerName || !category || !raids) continue;
    const main = members.get(row, "main_member_id");
    roster.push({
      id: Number(id),
      playerName,
      category: category as MemberCategory,
      raidsParticipated: Number(raids),
      mainMemberId: main === null ? null : Number(main),
      playerAlias: members.get(row, "player_alias"),
    });
  }
  return roster;
}

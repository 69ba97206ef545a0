/**
 * A fund's figures from what a device holds (decision 050): income is the fund's part of the Sold items (the
 * guild funds row the server derives), spent is the sum of the fund's spending rows (those queued on the
 * device included), balance = income − spent. Integer cents; the server's ledger says the same from its rows.
 */
import { type Cents, readMoney } from "../money/money.ts";
import type { FundName, FundSpending } from "../schemas/fund-spending.ts";

export interface FundFigures {
  income: Cents;
  spent: Cents;
  balance: Cents;
}

/** The two funds' income in the guild funds row: reservedGuildFunds and adminFund (decimal text). */
export interface FundsIncome {
  reservedGuildFunds: string;
  adminFund: string;
}

export function fundIncome(funds: FundsIncome | null | undefined, fund: FundName): Cents {
  if (!funds) return 0;
  return readMoney(fund === "guild" ? funds.reservedGuildFunds : funds.adminFund) ?? 0;
}

export function fundFigures(
  funds: FundsIncome | null | undefined,
  spending: readonly Pick<FundSpending, "fund" | "amount">[],
  fund: FundName,
): FundFigures {
  const income = fundIncome(funds, fund);
  const spent = spending
    .filter((row) => row.fund === fund)
    .reduce((sum, row) => sum + (readMoney(row.amount) ?? 0), 0);
  return { income, spent, balance: income - spent };
}

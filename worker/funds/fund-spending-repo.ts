/**
 * Spending from the guild's funds (sql/010, docs/decisions/050). A fund's income is its part of every Sold item,
 * kept added up in salary_totals (equal to the guild_funds row, both moved by worker/salary/redistribute.ts);
 * its balance is that income minus its spending.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import type { FundBalance, FundName, FundSpending } from "@shared/schemas/fund-spending.ts";
import type { Queryable } from "../db/types.ts";
import { writtenAfter } from "../sync/changes-repo.ts";

const COLUMNS = `s.id, s.fund, s.amount, s.purpose, s.spent_on AS "spentOn", s.recorded_by AS "recordedBy",
  u.display_name AS "recordedByName", s.created_at AS "createdAt"`;

const FROM = "fund_spending s LEFT JOIN users u ON u.id = s.recorded_by";

const toSpending = (row: FundSpending): FundSpending => ({
  ...row,
  amount: moneyText(parseMoney(row.amount)),
});

/** The spending, newest first; with `changedSince` (a sync cursor, worker/sync) only the rows written since. */
export async function listSpending(
  q: Queryable,
  changedSince: string | null = null,
): Promise<FundSpending[]> {
  const rows = await q.query<FundSpending>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE $1::pg_snapshot IS NULL OR ${writtenAfter("$1").replaceAll("changed_in", "s.changed_in")}
      ORDER BY s.spent_on DESC, s.id DESC`,
    [changedSince],
  );
  return rows.map(toSpending);
}

export async function getSpending(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<FundSpending | undefined> {
  const rows = await q.query<FundSpending>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = $1${forUpdate ? " FOR UPDATE OF s" : ""}`,
    [id],
  );
  return rows[0] && toSpending(rows[0]);
}

export interface NewSpending {
  fund: FundName;
  cents: number;
  purpose: string;
  spentOn: string;
  recordedBy: number | null;
}

export async function insertSpending(q: Queryable, input: NewSpending): Promise<FundSpending> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO fund_spending (fund, amount, purpose, spent_on, recorded_by)
     VALUES ($1, $2::numeric, $3, $4::date, $5) RETURNING id`,
    [input.fund, moneyText(input.cents), input.purpose, input.spentOn, input.recordedBy],
  );
  return (await getSpending(q, (row as { id: number }).id)) as FundSpending;
}

export async function deleteSpending(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM fund_spending WHERE id = $1", [id]);
}

/** The column of salary_totals (and salary_items) that holds a fund's part. */
export const FUND_COLUMN: Readonly<Record<FundName, "guild_fund" | "admin_fund">> = {
  guild: "guild_fund",
  admin: "admin_fund",
};

/**
 * A fund's income, spending and balance now: two rows read, whatever the history. Added up by the database and
 * answered as exact decimal text: spending from before the money range was enforced (decision 058) may total
 * more than cents hold, and is answered as it is, never a 500.
 */
export async function fundBalance(q: Queryable, fund: FundName): Promise<FundBalance> {
  const [row] = await q.query<Omit<FundBalance, "fund">>(
    `SELECT round(income, 2)::text AS income, round(spent, 2)::text AS spent,
            round(income - spent, 2)::text AS balance
       FROM (SELECT coalesce((SELECT ${FUND_COLUMN[fund]} FROM salary_totals WHERE id = 1), 0) AS income,
                    (SELECT coalesce(sum(amount), 0) FROM fund_spending WHERE fund = $1) AS spent) AS f`,
    [fund],
  );
  return {
    fund,
    income: row?.income ?? "0.00",
    spent: row?.spent ?? "0.00",
    balance: row?.balance ?? "0.00",
  };
}

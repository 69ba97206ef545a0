/**
 * A fund's ledger (docs/decisions/050): an income line per Sold item whose part for the fund is above 0 (from
 * salary_items, dated by the item's date acquired, else the day it was recorded) and a line per spending, in
 * one order, each with the balance after it; answered newest first, LEDGER_PAGE_SIZE lines a page.
 *
 * Order (oldest first): day, then income before spending on the same day, then the item's or spending's id.
 * The running balance is a window sum over that order, read in one statement; a page then costs one pass over
 * the fund's lines (10,000 items: see the decision record for the measured time) and sends only its own.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import {
  type FundLedger,
  type FundName,
  LEDGER_PAGE_SIZE,
  type LedgerLine,
} from "@shared/schemas/fund-spending.ts";
import type { Queryable } from "../db/types.ts";
import { FUND_COLUMN, fundBalance } from "./fund-spending-repo.ts";

interface LineRow {
  kind: "income" | "spending";
  date: string;
  description: string;
  sourceId: number;
  amount: string;
  balance: string;
  total: number;
}

const signed = (cents: number) => (cents < 0 ? moneyText(cents) : `+${moneyText(cents)}`);

/**
 * One page of a fund's ledger, and its figures. `timeZone`: the guild's (decision 059), in which an item recorded
 * without a date acquired has its day.
 */
export async function readLedger(
  q: Queryable,
  fund: FundName,
  page: number,
  timeZone: string | null,
): Promise<FundLedger> {
  const part = FUND_COLUMN[fund];
  const rows = await q.query<LineRow>(
    `WITH lines AS (
       SELECT 'income' AS kind, 0 AS kind_order,
              coalesce(m.date_acquired, (m.created_at AT TIME ZONE $2)::date) AS day,
              m.loot_name || ' (' || m.boss_name || ')' AS description, s.item_id AS source_id, s.${part} AS amount
         FROM salary_items s JOIN market_exchange m ON m.id = s.item_id
        WHERE s.${part} > 0
       UNION ALL
       SELECT 'spending', 1, spent_on, purpose, id, -amount FROM fund_spending WHERE fund = $1
     ),
     running AS (
       SELECT kind, kind_order, day, description, source_id, amount,
              sum(amount) OVER (ORDER BY day, kind_order, source_id ROWS UNBOUNDED PRECEDING) AS balance,
              count(*) OVER () AS total
         FROM lines
     )
     SELECT kind, day::text AS date, description, source_id AS "sourceId", amount::text AS amount,
            round(balance, 2)::text AS balance, total::int AS total
       FROM running
      ORDER BY day DESC, kind_order DESC, source_id DESC
      LIMIT ${LEDGER_PAGE_SIZE} OFFSET $3`,
    [fund, timeZone ?? "UTC", (page - 1) * LEDGER_PAGE_SIZE],
  );
  const total = rows[0]?.total ?? (page === 1 ? 0 : await countLines(q, fund));
  const lines: LedgerLine[] = rows.map((row) => ({
    kind: row.kind,
    date: row.date,
    description: row.description,
    sourceId: row.sourceId,
    amount: signed(parseMoney(row.amount)),
    // Exact text from the database: a running balance over spending from before decision 058 may be beyond
    // what cents hold.
    balance: row.balance,
  }));
  return {
    ...(await fundBalance(q, fund)),
    lines,
    page,
    pageCount: Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE)),
  };
}

/** How many lines a fund's ledger has (for a page past the last, which reads none). */
async function countLines(q: Queryable, fund: FundName): Promise<number> {
  const part = FUND_COLUMN[fund];
  const [row] = await q.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM salary_items WHERE ${part} > 0)
           + (SELECT count(*) FROM fund_spending WHERE fund = $1))::int AS n`,
    [fund],
  );
  return row?.n ?? 0;
}

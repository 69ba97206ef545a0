/**
 * The full rebuild of the derived figures (the fix tool's "Recalculate All Salaries", a restore, migration 002's
 * data step, and a start that finds them out of step): every Sold item distributed from scratch by the full
 * engine, every stored distribution replaced, every salary, the totals row and the funds row set to the engine's
 * figures, whether those rows are there or not (docs/decisions/055). It reports what differed from what was
 * stored, which is nothing unless something went wrong: the writes keep the same figures incrementally
 * (redistribute.ts).
 */
import { parseMoney } from "@shared/money/money.ts";
import { calculateSalaries, type SalaryCalculation } from "@shared/salary/calculate-salaries.ts";
import type { SplitRuleBook } from "@shared/salary/split-rules.ts";
import { sameDistribution, storedDistributions } from "@shared/salary/stored-distribution.ts";
import type { WriteTools } from "../app/write.ts";
import { insertAudit } from "../audit/audit-repo.ts";
import type { Queryable } from "../db/types.ts";
import {
  changedFigures,
  type Funds,
  lockDerivedFigures,
  recalculationAudit,
  type SalaryChange,
} from "./redistribute.ts";
import { loadSplitRules } from "./split-rules-repo.ts";
import { insertStored, loadRoster, loadSoldItems, loadStored, rebuildTotals } from "./stored-shares.ts";

/** Rows per UPDATE ... FROM (VALUES ...): 2 parameters each, far below the 65,535 limit. */
const SALARY_ROWS_PER_STATEMENT = 10_000;

export interface Rebuild {
  calculation: SalaryCalculation;
  /** Items whose stored distribution was not what the full engine gives (stored, missing or left over). */
  differingItemIds: number[];
  changedSalaries: SalaryChange[];
  fundsBefore: Funds;
  fundsAfter: Funds;
}

/**
 * Rebuilds every stored distribution, salary and the funds row from the items, each under the split rules of its
 * day (`book`: read from the database unless given; migration 002's step runs before the rules' table exists).
 */
export async function rebuildDerivedFigures(tx: Queryable, book?: SplitRuleBook): Promise<Rebuild> {
  await lockDerivedFigures(tx);
  const roster = await loadRoster(tx);
  const items = await loadSoldItems(tx);
  const rules = book ?? (await loadSplitRules(tx));
  const calculation = calculateSalaries(items, roster, rules);
  const next = storedDistributions(items, roster, rules);

  const storedIds = await tx.query<{ itemId: number }>(`SELECT item_id AS "itemId" FROM salary_items`);
  const stored = await loadStored(
    tx,
    storedIds.map((row) => row.itemId),
  );
  const differingItemIds = [...new Set([...stored.keys(), ...next.keys()])]
    .filter((id) => !sameDistribution(stored.get(id) ?? null, next.get(id) ?? null))
    .sort((a, b) => a - b);
  await tx.query("DELETE FROM salary_shares");
  await tx.query("DELETE FROM salary_items");
  await insertStored(tx, [...next.values()]);
  await rebuildTotals(tx);

  const storedById = new Map(roster.map((member) => [member.id, member]));
  const salaries = calculation.rosterSalaries.map(({ memberId, playerName, salary }) => ({
    id: memberId,
    playerName,
    from: storedById.get(memberId)?.salary ?? "0.00",
    to: salary,
  }));
  const changedSalaries = salaries.filter((s) => parseMoney(s.from) !== parseMoney(s.to));
  await storeSalaries(tx, salaries);
  const funds = await storeFunds(tx, {
    reservedGuildFunds: calculation.reservedGuildFunds,
    adminFund: calculation.adminFund,
  });
  return { calculation, differingItemIds, changedSalaries, ...funds };
}

async function storeSalaries(tx: Queryable, salaries: readonly SalaryChange[]): Promise<void> {
  for (let start = 0; start < salaries.length; start += SALARY_ROWS_PER_STATEMENT) {
    const chunk = salaries.slice(start, start + SALARY_ROWS_PER_STATEMENT);
    const rows = chunk.map((_, i) => `($${2 * i + 1}::int, $${2 * i + 2}::numeric)`).join(", ");
    await tx.query(
      // Only salaries that move: an unchanged member keeps its updated_at and is not sent again by delta pulls.
      `UPDATE guild_members AS m SET salary = v.salary FROM (VALUES ${rows}) AS v(id, salary)
        WHERE m.id = v.id AND m.salary <> v.salary`,
      chunk.flatMap((change) => [change.id, change.to]),
    );
  }
}

async function storeFunds(tx: Queryable, after: Funds): Promise<{ fundsBefore: Funds; fundsAfter: Funds }> {
  const rows = await tx.query<Funds>(
    `SELECT reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund" FROM guild_funds WHERE id = 1`,
  );
  await tx.query(
    `INSERT INTO guild_funds (id, reserved_guild_funds, admin_fund) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET reserved_guild_funds = EXCLUDED.reserved_guild_funds,
       admin_fund = EXCLUDED.admin_fund
     WHERE (guild_funds.reserved_guild_funds, guild_funds.admin_fund)
           IS DISTINCT FROM (EXCLUDED.reserved_guild_funds, EXCLUDED.admin_fund)`,
    [after.reservedGuildFunds, after.adminFund],
  );
  return { fundsBefore: rows[0] ?? { reservedGuildFunds: "0.00", adminFund: "0.00" }, fundsAfter: after };
}

/** Rebuilds, and records an audit entry when a stored figure moved. */
export async function rebuildAndAudit(tx: Queryable, audit: WriteTools["audit"]): Promise<Rebuild> {
  const result = await rebuildDerivedFigures(tx);
  if (changedFigures(result)) await audit(recalculationAudit(result));
  return result;
}

/**
 * Whether the stored figures are visibly out of step with the items, from sums over the items and earners (no
 * engine, no pass over the shares: about 0.1 s at 10,000 Sold items): the totals or funds row missing or not
 * their items' sums, a Sold item without its stored distribution or one left over, a stored value that is not
 * the item's, the members' earnings not their salaries. A wrong split that still adds up is not seen here:
 * "Recalculate All Salaries" compares everything.
 */
export async function derivedFiguresOutOfStep(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ inStep: boolean }>(
    `WITH items AS (
       SELECT count(*)::int AS n, coalesce(sum(guild_fund), 0) AS guild, coalesce(sum(admin_fund), 0) AS admin
         FROM salary_items)
     SELECT
       EXISTS (SELECT 1 FROM salary_totals AS t, items AS i
                WHERE t.id = 1 AND t.item_count = i.n AND t.guild_fund = i.guild AND t.admin_fund = i.admin)
       AND EXISTS (SELECT 1 FROM guild_funds AS f, items AS i
                    WHERE f.id = 1 AND f.reserved_guild_funds = i.guild AND f.admin_fund = i.admin)
       AND (SELECT count(*)::int FROM market_exchange WHERE status = 'Sold') = (SELECT n FROM items)
       AND NOT EXISTS (SELECT 1 FROM salary_items AS si LEFT JOIN market_exchange AS m ON m.id = si.item_id
                        WHERE m.id IS NULL OR m.status <> 'Sold' OR m.value <> si.value)
       AND (SELECT coalesce(sum(general_share + elite_share), 0) FROM salary_earners WHERE member_id IS NOT NULL)
         = (SELECT coalesce(sum(salary), 0) FROM guild_members)
       AS "inStep"`,
  );
  return row?.inStep !== true;
}

/**
 * The start's repair (worker/db/migrate.ts `repair`): rebuilds when the figures are out of step, e.g. after a
 * restore by an older version, which left the totals row out; audited when a figure moved. Answers the rebuild,
 * or null when none was needed.
 */
export async function rebuildWhenOutOfStep(tx: Queryable): Promise<Rebuild | null> {
  await lockDerivedFigures(tx);
  if (!(await derivedFiguresOutOfStep(tx))) return null;
  return rebuildAndAudit(tx, (entry) => insertAudit(tx, null, entry));
}

/**
 * The full rebuild of the derived figures (the fix tool's "Recalculate All Salaries", and migration 002's data
 * step): every Sold item distributed from scratch by the full engine, every stored distribution replaced, every
 * salary and the funds row set to the engine's figures. It reports what differed from what was stored, which
 * is nothing unless something went wrong: the writes keep the same figures incrementally (redistribute.ts).
 */
import { parseMoney } from "@shared/money/money.ts";
import { calculateSalaries, type SalaryCalculation } from "@shared/salary/calculate-salaries.ts";
import { sameDistribution, storedDistributions } from "@shared/salary/stored-distribution.ts";
import type { WriteTools } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import {
  changedFigures,
  type Funds,
  lockDerivedFigures,
  recalculationAudit,
  type SalaryChange,
} from "./redistribute.ts";
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

/** Rebuilds every stored distribution, salary and the funds row from the items. */
export async function rebuildDerivedFigures(tx: Queryable): Promise<Rebuild> {
  await lockDerivedFigures(tx);
  const roster = await loadRoster(tx);
  const items = await loadSoldItems(tx);
  const calculation = calculateSalaries(items, roster);
  const next = storedDistributions(items, roster);

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
      `UPDATE guild_members AS m SET salary = v.salary FROM (VALUES ${rows}) AS v(id, salary) WHERE m.id = v.id`,
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
       admin_fund = EXCLUDED.admin_fund`,
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

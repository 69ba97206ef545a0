/**
 * The derived figures (DECISIONS.md, "Money"): every stored guild_members.salary and the guild-funds row are
 * recalculated from all Sold items by the shared salary engine, inside the transaction of the write that could
 * change them. There is no incremental state to drift: each recalculation starts from the items.
 */
import { parseMoney } from "@shared/money/money.ts";
import { calculateSalaries, type SalaryCalculation } from "@shared/salary/calculate-salaries.ts";
import type { SalaryItem, SalaryRosterMember } from "@shared/salary/distribute-item.ts";
import type { WriteTools } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";

interface StoredRosterMember extends SalaryRosterMember {
  salary: string;
}

export interface SalaryChange {
  id: number;
  playerName: string;
  from: string;
  to: string;
}

export interface Recalculation {
  calculation: SalaryCalculation;
  changedSalaries: SalaryChange[];
  fundsBefore: { reservedGuildFunds: string; adminFund: string };
  fundsAfter: { reservedGuildFunds: string; adminFund: string };
}

/** Rows per UPDATE ... FROM (VALUES ...): 2 parameters each, far below the 65,535 limit. */
const SALARY_ROWS_PER_STATEMENT = 10_000;

/**
 * Serialises every write that feeds the derived figures. Taken first in the transaction, so under READ
 * COMMITTED the recalculation's reads see every write committed before it and none is lost between two
 * concurrent recalculations.
 */
export async function lockDerivedFigures(tx: Queryable): Promise<void> {
  await tx.query("SELECT id FROM guild_funds WHERE id = 1 FOR UPDATE");
}

export async function loadRoster(q: Queryable): Promise<StoredRosterMember[]> {
  return q.query<StoredRosterMember>(
    `SELECT id, player_name AS "playerName", category::text AS category, raids_participated AS "raidsParticipated",
            main_member_id AS "mainMemberId", player_alias AS "playerAlias", salary
       FROM guild_members ORDER BY id`,
  );
}

export async function loadSoldItems(q: Queryable): Promise<SalaryItem[]> {
  return q.query<SalaryItem>(
    `SELECT id, loot_name AS "lootName", value, participated_members AS "participatedMembers", status
       FROM market_exchange WHERE status = 'Sold' ORDER BY id`,
  );
}

/** The receipt of the stored data as it is now (read-only; the public page and the fix tool). */
export async function currentCalculation(q: Queryable): Promise<SalaryCalculation> {
  const roster = await loadRoster(q);
  return calculateSalaries(await loadSoldItems(q), roster);
}

/**
 * Recalculates every salary and the funds row and stores what changed (one statement for the salaries).
 * `fromScratch` rewrites every member's salary and the funds row whether or not they changed (the fix tool's
 * "Recalculate All Salaries"); the resulting figures are the same either way, and changedSalaries always
 * compares with what was stored.
 */
export async function recalculateDerivedFigures(
  tx: Queryable,
  options: { fromScratch?: boolean } = {},
): Promise<Recalculation> {
  await lockDerivedFigures(tx);
  const roster = await loadRoster(tx);
  const items = await loadSoldItems(tx);
  const fundsRows = await tx.query<{ reservedGuildFunds: string; adminFund: string }>(
    `SELECT reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund" FROM guild_funds WHERE id = 1`,
  );
  const fundsBefore = fundsRows[0] ?? { reservedGuildFunds: "0.00", adminFund: "0.00" };
  const calculation = calculateSalaries(items, roster);

  const storedById = new Map(roster.map((member) => [member.id, member]));
  const salaries = calculation.rosterSalaries.map(({ memberId, playerName, salary }) => ({
    id: memberId,
    playerName,
    from: storedById.get(memberId)?.salary ?? "0.00",
    to: salary,
  }));
  const changedSalaries = salaries.filter((s) => parseMoney(s.from) !== parseMoney(s.to));
  const toWrite = options.fromScratch ? salaries : changedSalaries;
  for (let start = 0; start < toWrite.length; start += SALARY_ROWS_PER_STATEMENT) {
    const chunk = toWrite.slice(start, start + SALARY_ROWS_PER_STATEMENT);
    const rows = chunk.map((_, i) => `($${2 * i + 1}::int, $${2 * i + 2}::numeric)`).join(", ");
    await tx.query(
      `UPDATE guild_members AS m SET salary = v.salary FROM (VALUES ${rows}) AS v(id, salary) WHERE m.id = v.id`,
      chunk.flatMap((change) => [change.id, change.to]),
    );
  }

  const fundsAfter = { reservedGuildFunds: calculation.reservedGuildFunds, adminFund: calculation.adminFund };
  await tx.query(
    `INSERT INTO guild_funds (id, reserved_guild_funds, admin_fund) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET reserved_guild_funds = EXCLUDED.reserved_guild_funds,
       admin_fund = EXCLUDED.admin_fund
     WHERE $3 OR guild_funds.reserved_guild_funds <> EXCLUDED.reserved_guild_funds
        OR guild_funds.admin_fund <> EXCLUDED.admin_fund`,
    [fundsAfter.reservedGuildFunds, fundsAfter.adminFund, options.fromScratch === true],
  );
  return { calculation, changedSalaries, fundsBefore, fundsAfter };
}

/** Recalculates, and records an audit entry when a stored figure moved. */
export async function recalculateAndAudit(
  tx: Queryable,
  audit: WriteTools["audit"],
  options: { fromScratch?: boolean } = {},
): Promise<Recalculation> {
  const result = await recalculateDerivedFigures(tx, options);
  if (changedAnything(result)) await audit(recalculationAudit(result));
  return result;
}

/** Whether a recalculation changed any stored figure (worth an audit entry). */
export function changedAnything(r: Recalculation): boolean {
  return (
    r.changedSalaries.length > 0 ||
    parseMoney(r.fundsBefore.reservedGuildFunds) !== parseMoney(r.fundsAfter.reservedGuildFunds) ||
    parseMoney(r.fundsBefore.adminFund) !== parseMoney(r.fundsAfter.adminFund)
  );
}

/** The audit entry of a recalculation: which salaries and funds moved. */
export function recalculationAudit(r: Recalculation) {
  return {
    action: "recalculate",
    entity: "salaries",
    before: { funds: r.fundsBefore },
    after: { funds: r.fundsAfter, changedSalaries: r.changedSalaries },
  };
}

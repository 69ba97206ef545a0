/**
 * The derived figures after a write (docs/decisions/024): the write names what it touched, only the Sold items
 * that can have changed are distributed again, what differs from the stored distribution is stored, and the
 * stored salaries and funds move by the difference. The cost follows the items touched, not the history.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import {
  participantNameKeys,
  sameDistribution,
  storedDistributions,
} from "@shared/salary/stored-distribution.ts";
import type { WriteTools } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { refuseChangesBeyondRange, THIS_CHANGE } from "../market/sale-bounds.ts";
import { loadSplitRules, soldItemIdsBetween } from "./split-rules-repo.ts";
import { loadItems, loadNamedMembers, loadStored, storeChanges } from "./stored-shares.ts";

/** What a write changed that can move a distribution. */
export interface Touched {
  /** Items created, edited, deleted, imported or whose participant text was rewritten. */
  readonly itemIds?: readonly number[];
  /** Members whose name, category or main link changed, or who were deleted: every item they take part in. */
  readonly memberIds?: readonly number[];
  /** Names and aliases (any case) that appeared or disappeared: every item whose text writes one of them. */
  readonly names?: readonly (string | null | undefined)[];
  /**
   * Members whose raid count changed: the items where another character of their player takes part too (a raid
   * count only decides how a player's characters split what they earned together).
   */
  readonly raidCountsOf?: readonly number[];
  /** A split rule change (decision 075): the Sold items whose day is in [from, until), until null: open-ended. */
  readonly days?: { readonly from: string; readonly until: string | null };
}

export interface SalaryChange {
  id: number;
  playerName: string;
  from: string;
  to: string;
}

export interface Funds {
  reservedGuildFunds: string;
  adminFund: string;
}

export interface Redistribution {
  /** Items whose stored distribution changed. */
  changedItemIds: number[];
  changedSalaries: SalaryChange[];
  fundsBefore: Funds;
  fundsAfter: Funds;
}

/**
 * Serialises every write that feeds the derived figures. Taken first in the transaction, so under READ
 * COMMITTED what a redistribution reads includes every write committed before it, and two writes never move the
 * same figures from the same starting point.
 */
export async function lockDerivedFigures(tx: Queryable): Promise<void> {
  await tx.query("SELECT id FROM guild_funds WHERE id = 1 FOR UPDATE");
}

/** The ids of the items a write touched, directly or through the members and names it changed. */
export async function affectedItemIds(q: Queryable, touched: Touched): Promise<number[]> {
  const itemIds = [...new Set(touched.itemIds ?? [])];
  const memberIds = [...new Set(touched.memberIds ?? [])];
  const names = [
    ...new Set((touched.names ?? []).flatMap((name) => (name ? [name.trim().toLowerCase()] : []))),
  ];
  const raidCountsOf = [...new Set(touched.raidCountsOf ?? [])];
  if (touched.days) itemIds.push(...(await soldItemIdsBetween(q, touched.days.from, touched.days.until)));
  if (memberIds.length + names.length + raidCountsOf.length === 0) return [...new Set(itemIds)];
  const rows = await q.query<{ itemId: number }>(
    `SELECT unnest($1::int[]) AS "itemId"
     UNION SELECT item_id FROM salary_shares WHERE member_id = ANY($2::int[])
     UNION SELECT item_id FROM salary_items WHERE name_keys && $3::text[]
     UNION SELECT item_id FROM salary_items
            WHERE shared_players && ARRAY(SELECT coalesce(main_member_id, id) FROM guild_members
                                           WHERE id = ANY($4::int[]))`,
    [itemIds, memberIds, names, raidCountsOf],
  );
  return rows.map((row) => row.itemId);
}

/**
 * Distributes the touched items again and stores what changed. Call after lockDerivedFigures. A change that would
 * take a salary, an off-roster earner's earnings or a fund's income beyond the money range is refused first (400,
 * docs/decisions/058); `doing` starts that message ("This change to Aldric").
 */
export async function redistribute(
  tx: Queryable,
  touched: Touched,
  doing: string = THIS_CHANGE,
): Promise<Redistribution> {
  const itemIds = await affectedItemIds(tx, touched);
  const items = await loadItems(tx, itemIds);
  const stored = await loadStored(tx, itemIds);
  const sold = items.filter((item) => item.status === "Sold");
  const keys = [...new Set(sold.flatMap((item) => participantNameKeys(item.participatedMembers)))];
  const roster = await loadNamedMembers(tx, keys);
  const next = storedDistributions(sold, roster, await loadSplitRules(tx));

  const changedItemIds = itemIds.filter(
    (id) => !sameDistribution(stored.get(id) ?? null, next.get(id) ?? null),
  );
  const changes = changedItemIds.map((id) => ({ before: stored.get(id), after: next.get(id) }));
  await refuseChangesBeyondRange(tx, changes, doing);
  const deltas = await storeChanges(tx, changes);
  const changedSalaries = await moveSalaries(tx, deltas.salaries);
  const funds = await moveFunds(tx, deltas.guildFundCents, deltas.adminFundCents);
  return { changedItemIds, changedSalaries, ...funds };
}

/** Moves each member's stored salary by its difference; answers the salaries that moved. */
async function moveSalaries(tx: Queryable, deltas: ReadonlyMap<number, number>): Promise<SalaryChange[]> {
  const moves = [...deltas].filter(([, cents]) => cents !== 0);
  if (moves.length === 0) return [];
  const rows = await tx.query<{ id: number; playerName: string; salary: string }>(
    `UPDATE guild_members AS m SET salary = m.salary + d.delta
       FROM jsonb_to_recordset($1::jsonb) AS d(id int, delta numeric)
      WHERE m.id = d.id
     RETURNING m.id, m.player_name AS "playerName", m.salary`,
    [JSON.stringify(moves.map(([id, cents]) => ({ id, delta: moneyText(cents) })))],
  );
  return rows
    .map((row) => ({
      id: row.id,
      playerName: row.playerName,
      from: moneyText(parseMoney(row.salary) - (deltas.get(row.id) ?? 0)),
      to: moneyText(parseMoney(row.salary)),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Moves the funds row by the differences; answers it before and after. */
async function moveFunds(
  tx: Queryable,
  guildFundCents: number,
  adminFundCents: number,
): Promise<{ fundsBefore: Funds; fundsAfter: Funds }> {
  const unchanged = guildFundCents === 0 && adminFundCents === 0;
  const [row] = await tx.query<Funds>(
    unchanged
      ? `SELECT reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund" FROM guild_funds WHERE id = 1`
      : `UPDATE guild_funds SET reserved_guild_funds = reserved_guild_funds + $1::numeric,
                                admin_fund = admin_fund + $2::numeric
          WHERE id = 1 RETURNING reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund"`,
    unchanged ? [] : [moneyText(guildFundCents), moneyText(adminFundCents)],
  );
  const after = {
    reservedGuildFunds: row?.reservedGuildFunds ?? "0.00",
    adminFund: row?.adminFund ?? "0.00",
  };
  return {
    fundsAfter: {
      reservedGuildFunds: moneyText(parseMoney(after.reservedGuildFunds)),
      adminFund: moneyText(parseMoney(after.adminFund)),
    },
    fundsBefore: {
      reservedGuildFunds: moneyText(parseMoney(after.reservedGuildFunds) - guildFundCents),
      adminFund: moneyText(parseMoney(after.adminFund) - adminFundCents),
    },
  };
}

/** Whether anything stored moved (worth an audit entry). */
export function changedFigures(r: Pick<Redistribution, "changedSalaries" | "fundsBefore" | "fundsAfter">) {
  return (
    r.changedSalaries.length > 0 ||
    parseMoney(r.fundsBefore.reservedGuildFunds) !== parseMoney(r.fundsAfter.reservedGuildFunds) ||
    parseMoney(r.fundsBefore.adminFund) !== parseMoney(r.fundsAfter.adminFund)
  );
}

/** The audit entry of moved figures: which salaries and funds moved (as before stored shares). */
export function recalculationAudit(
  r: Pick<Redistribution, "changedSalaries" | "fundsBefore" | "fundsAfter">,
) {
  return {
    action: "recalculate",
    entity: "salaries",
    before: { funds: r.fundsBefore },
    after: { funds: r.fundsAfter, changedSalaries: r.changedSalaries },
  };
}

/** redistribute, and an audit entry when a stored figure moved. */
export async function redistributeAndAudit(
  tx: Queryable,
  audit: WriteTools["audit"],
  touched: Touched,
  doing?: string,
): Promise<Redistribution> {
  const result = await redistribute(tx, touched, doing);
  if (changedFigures(result)) await audit(recalculationAudit(result));
  return result;
}

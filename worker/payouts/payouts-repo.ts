/**
 * Payouts to members (sql/010, docs/decisions/049). A member's balance is their stored salary (what they earned,
 * kept by worker/salary/redistribute.ts) minus the sum of their payouts; both are read in the caller's
 * transaction, so a payout checks the balance it changes.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import type { MemberBalance, Payout } from "@shared/schemas/payouts.ts";
import type { Queryable } from "../db/types.ts";
import { writtenAfter } from "../sync/changes-repo.ts";

const COLUMNS = `p.id, p.member_id AS "memberId", p.member_name AS "memberName", p.amount, p.paid_on AS "paidOn",
  p.method, p.reference, p.recorded_by AS "recordedBy", u.display_name AS "recordedByName",
  p.created_at AS "createdAt"`;

const FROM = "payouts p LEFT JOIN users u ON u.id = p.recorded_by";

/** The audit log's name for a payout row. */
export const PAYOUT_ENTITY = "payout";

/** Newest first: by day paid, then the later recorded. */
const ORDER = "p.paid_on DESC, p.id DESC";

const exact = (amount: string) => moneyText(parseMoney(amount));

const toPayout = (row: Payout): Payout => ({ ...row, amount: exact(row.amount) });

/**
 * The payouts, newest first; with `memberId` one member's; with `changedSince` (a sync cursor, worker/sync)
 * only the rows written since.
 */
export async function listPayouts(
  q: Queryable,
  options: { memberId?: number; changedSince?: string | null } = {},
): Promise<Payout[]> {
  const rows = await q.query<Payout>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE ($1::int IS NULL OR p.member_id = $1)
        AND ($2::pg_snapshot IS NULL OR ${writtenAfter("$2").replaceAll("changed_in", "p.changed_in")})
      ORDER BY ${ORDER}`,
    [options.memberId ?? null, options.changedSince ?? null],
  );
  return rows.map(toPayout);
}

export async function getPayout(q: Queryable, id: number, forUpdate = false): Promise<Payout | undefined> {
  const rows = await q.query<Payout>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE p.id = $1${forUpdate ? " FOR UPDATE OF p" : ""}`,
    [id],
  );
  return rows[0] && toPayout(rows[0]);
}

export interface NewPayout {
  memberId: number;
  memberName: string;
  cents: number;
  paidOn: string;
  method: string;
  reference: string;
  recordedBy: number | null;
}

export async function insertPayout(q: Queryable, input: NewPayout): Promise<Payout> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO payouts (member_id, member_name, amount, paid_on, method, reference, recorded_by)
     VALUES ($1, $2, $3::numeric, $4::date, $5, $6, $7) RETURNING id`,
    [
      input.memberId,
      input.memberName,
      moneyText(input.cents),
      input.paidOn,
      input.method,
      input.reference,
      input.recordedBy,
    ],
  );
  return (await getPayout(q, (row as { id: number }).id)) as Payout;
}

export async function deletePayout(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM payouts WHERE id = $1", [id]);
}

/**
 * earned, paid and balance as exact decimal text, added up by the database: a total paid from before the money
 * range was enforced (decision 058) may be beyond what cents hold, and is answered as it is, never a 500.
 */
const FIGURES = `round(m.salary, 2)::text AS earned, round(coalesce(p.paid, 0), 2)::text AS paid,
    round(m.salary - coalesce(p.paid, 0), 2)::text AS balance`;

const BALANCES = `SELECT m.id AS "memberId", ${FIGURES}
    FROM guild_members m
    LEFT JOIN (SELECT member_id, sum(amount) AS paid FROM payouts WHERE member_id IS NOT NULL GROUP BY member_id) p
      ON p.member_id = m.id`;

/** Every member's balance, by member id: one grouped query. */
export async function listBalances(q: Queryable): Promise<MemberBalance[]> {
  return q.query<MemberBalance>(`${BALANCES} ORDER BY m.id`);
}

/** One member's balance; undefined when there is no such member. */
export async function memberBalance(q: Queryable, memberId: number): Promise<MemberBalance | undefined> {
  const rows = await q.query<MemberBalance>(
    `SELECT m.id AS "memberId", ${FIGURES}
       FROM guild_members m
       LEFT JOIN LATERAL (SELECT sum(amount) AS paid FROM payouts WHERE member_id = m.id) p ON true
      WHERE m.id = $1`,
    [memberId],
  );
  return rows[0];
}

/**
 * Locks the member's row until the transaction ends: two payouts to one member (or a payout and a mark paid)
 * then check the balance one after the other, and a salary moved by a redistribution is read as committed.
 */
export async function lockMember(
  q: Queryable,
  memberId: number,
): Promise<{ id: number; playerName: string } | undefined> {
  const rows = await q.query<{ id: number; playerName: string }>(
    `SELECT id, player_name AS "playerName" FROM guild_members WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  return rows[0];
}

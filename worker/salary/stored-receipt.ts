/**
 * The salary receipt read from the stored distributions (docs/decisions/024) instead of recalculated from every
 * item: the whole receipt (docs/product.md#salary-receipt), its summary (each member's totals, no item lists:
 * what a phone needs to show the page) and one member's receipt with their items.
 */
import { parseMoney } from "@shared/money/money.ts";
import {
  buildSalaryCalculation,
  type ReceiptMember,
  type SalaryCalculation,
} from "@shared/salary/calculate-salaries.ts";
import type { SalaryRosterMember } from "@shared/salary/distribute-item.ts";
import {
  type EarnedItem,
  earnerKey,
  type ItemFunds,
  type MemberEarnings,
  type SalaryTotals,
} from "@shared/salary/salary-totals.ts";
import type { Queryable } from "../db/types.ts";
import { ROSTER_COLUMNS } from "./stored-shares.ts";

interface ShareRow {
  itemId: number;
  memberId: number | null;
  name: string;
  generalShare: string;
  eliteShare: string;
  lootName: string;
  value: string;
}

/** Earnings while they are added up. */
interface Earnings {
  memberId: number | null;
  items: EarnedItem[];
  generalShareCents: number;
  eliteShareCents: number;
  summary?: { itemCount: number; name: string };
}

type ItemTotals = Pick<SalaryTotals, "items" | "itemCount" | "guildFundCents" | "adminFundCents">;

/** Every stored item's funds, and their sums. */
async function loadItemFunds(q: Queryable): Promise<ItemTotals> {
  const rows = await q.query<{ itemId: number; value: string; guildFund: string; adminFund: string }>(
    `SELECT item_id AS "itemId", value, guild_fund AS "guildFund", admin_fund AS "adminFund" FROM salary_items`,
  );
  const items = new Map<number, ItemFunds>();
  let guildFundCents = 0;
  let adminFundCents = 0;
  for (const row of rows) {
    const funds = {
      valueCents: parseMoney(row.value),
      guildFundCents: parseMoney(row.guildFund),
      adminFundCents: parseMoney(row.adminFund),
    };
    items.set(row.itemId, funds);
    guildFundCents += funds.guildFundCents;
    adminFundCents += funds.adminFundCents;
  }
  return { items, guildFundCents, adminFundCents };
}

/** The stored shares, in item and list order, of everyone or of the earners `where` picks. */
async function loadShares(q: Queryable, where = "TRUE", params: unknown[] = []): Promise<ShareRow[]> {
  return q.query<ShareRow>(
    `SELECT s.item_id AS "itemId", s.member_id AS "memberId", s.name, s.general_share AS "generalShare",
            s.elite_share AS "eliteShare", i.loot_name AS "lootName", si.value
       FROM salary_shares AS s
       JOIN salary_items AS si ON si.item_id = s.item_id
       JOIN market_exchange AS i ON i.id = s.item_id
      WHERE ${where}
      ORDER BY s.item_id, s.position`,
    params,
  );
}

async function loadEarningRoster(q: Queryable, memberIds?: readonly number[]): Promise<SalaryRosterMember[]> {
  return memberIds === undefined
    ? q.query(
        `SELECT ${ROSTER_COLUMNS} FROM guild_members WHERE id IN (SELECT member_id FROM salary_earners) ORDER BY id`,
      )
    : q.query(`SELECT ${ROSTER_COLUMNS} FROM guild_members WHERE id = ANY($1::int[]) ORDER BY id`, [
        memberIds,
      ]);
}

function addUp(
  members: Map<string, Earnings>,
  key: string,
  memberId: number | null,
  generalShareCents: number,
  eliteShareCents: number,
): Earnings {
  let earnings = members.get(key);
  if (earnings === undefined) {
    earnings = { memberId, items: [], generalShareCents: 0, eliteShareCents: 0 };
    members.set(key, earnings);
  }
  earnings.generalShareCents += generalShareCents;
  earnings.eliteShareCents += eliteShareCents;
  return earnings;
}

/** Each earner's items and totals from share rows. */
function earningsOf(rows: readonly ShareRow[], roster: readonly SalaryRosterMember[]): Map<string, Earnings> {
  const categoryOf = new Map(roster.map((member) => [member.id, member.category]));
  const members = new Map<string, Earnings>();
  for (const row of rows) {
    const generalShareCents = parseMoney(row.generalShare);
    const eliteShareCents = parseMoney(row.eliteShare);
    const earnings = addUp(
      members,
      earnerKey(row.memberId, row.name),
      row.memberId,
      generalShareCents,
      eliteShareCents,
    );
    earnings.items.push({
      itemId: row.itemId,
      lootName: row.lootName,
      itemValueCents: parseMoney(row.value),
      name: row.name,
      category: (row.memberId === null ? undefined : categoryOf.get(row.memberId)) ?? "Members",
      generalShareCents,
      eliteShareCents,
    });
  }
  return members;
}

function calculation(
  itemTotals: ItemTotals,
  members: ReadonlyMap<string, Earnings>,
  roster: readonly SalaryRosterMember[],
): SalaryCalculation {
  let generalShareCents = 0;
  let eliteShareCents = 0;
  for (const earnings of members.values()) {
    generalShareCents += earnings.generalShareCents;
    eliteShareCents += earnings.eliteShareCents;
  }
  const totals: SalaryTotals = {
    ...itemTotals,
    generalShareCents,
    eliteShareCents,
    members: members as ReadonlyMap<string, MemberEarnings>,
  };
  return buildSalaryCalculation(totals, roster);
}

/** The whole receipt of the stored figures (docs/product.md#salary-receipt; the fix tool shows it too). */
export async function storedCalculation(q: Queryable): Promise<SalaryCalculation> {
  const itemTotals = await loadItemFunds(q);
  const rows = await loadShares(q);
  const roster = await loadEarningRoster(q);
  return calculation(itemTotals, earningsOf(rows, roster), roster);
}

/**
 * The receipt without item lists: every earner's stored totals (salary_earners) with their roster row, and the
 * stored item totals (salary_totals): two statements, one row per earner, whatever the history.
 */
export async function storedSummary(q: Queryable): Promise<SalaryCalculation> {
  const [funds] = await q.query<{ itemCount: number; guildFund: string; adminFund: string }>(
    `SELECT item_count AS "itemCount", guild_fund AS "guildFund", admin_fund AS "adminFund"
       FROM salary_totals WHERE id = 1`,
  );
  const earners = await q.query<
    SalaryRosterMember & {
      key: string;
      memberId: number | null;
      name: string;
      itemCount: number;
      general: string;
      elite: string;
    }
  >(
    `SELECT e.earner_key AS key, e.member_id AS "memberId", e.name, e.item_count AS "itemCount",
            e.general_share AS general, e.elite_share AS elite, m.id, m.player_name AS "playerName",
            m.category::text AS category, m.raids_participated AS "raidsParticipated",
            m.main_member_id AS "mainMemberId", m.player_alias AS "playerAlias"
       FROM salary_earners AS e LEFT JOIN guild_members AS m ON m.id = e.member_id`,
  );
  const members = new Map<string, Earnings>();
  for (const earner of earners) {
    members.set(earner.key, {
      memberId: earner.memberId,
      items: [],
      generalShareCents: parseMoney(earner.general),
      eliteShareCents: parseMoney(earner.elite),
      summary: { itemCount: earner.itemCount, name: earner.name },
    });
  }
  const itemTotals = {
    items: new Map<number, ItemFunds>(),
    itemCount: funds?.itemCount ?? 0,
    guildFundCents: parseMoney(funds?.guildFund ?? "0"),
    adminFundCents: parseMoney(funds?.adminFund ?? "0"),
  };
  const roster = earners.filter((earner) => earner.id !== null);
  return calculation(itemTotals, members, roster);
}

/** One earner's receipt with their items (by roster name or, off the roster, as written); null if none. */
export async function storedMemberReceipt(q: Queryable, name: string): Promise<ReceiptMember | null> {
  const folded = name.trim().toLowerCase();
  const members = await q.query<SalaryRosterMember>(
    `SELECT ${ROSTER_COLUMNS} FROM guild_members
      WHERE lower(player_name) = lower($1) OR player_name ~ '[^ -~]' ORDER BY id`,
    [name.trim()],
  );
  const member = members.find((m) => m.playerName.toLowerCase() === folded);
  // The earner key holds the name folded as name resolution folds it, so it finds exactly this earner.
  const rows = await loadShares(q, "s.earner_key = $1", [earnerKey(member?.id ?? null, name.trim())]);
  if (rows.length === 0) return null;
  const roster = member === undefined ? [] : [member];
  const receipt = calculation(
    { items: new Map(), guildFundCents: 0, adminFundCents: 0 },
    earningsOf(rows, roster),
    roster,
  );
  return receipt.receipt.calculationDetails[0] ?? null;
}

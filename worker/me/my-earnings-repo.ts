/**
 * "My earnings" read from the stored shares (docs/decisions/051): one account's main character, its alts, their
 * shares of Sold items and the payouts to them. Every query is by member id (salary_shares_member_idx,
 * payouts_member_idx), so the cost follows the player's own items, never the guild's history.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import type {
  EarningsCharacter,
  EarningsItem,
  EarningsPayout,
  EarningsRaid,
  EarningsTotals,
  MyEarnings,
} from "@shared/schemas/my-earnings.ts";
import { MY_EARNINGS_MESSAGES, RECENT_RAIDS_LIMIT } from "@shared/schemas/my-earnings.ts";
import type { Queryable } from "../db/types.ts";

interface CharacterRow {
  memberId: number;
  playerName: string;
  isMain: boolean;
  status: EarningsCharacter["status"];
  salary: string;
}

/**
 * The main character of the account's linked character (the character itself, or its main when an admin has
 * since made it an alt) and all that main's alts, main first.
 */
async function loadCharacters(q: Queryable, userId: number): Promise<CharacterRow[]> {
  return q.query<CharacterRow>(
    `WITH main AS (
       SELECT coalesce(m.main_member_id, m.id) AS id
         FROM users u JOIN guild_members m ON m.id = u.member_id
        WHERE u.id = $1
     )
     SELECT g.id AS "memberId", g.player_name AS "playerName", g.id = main.id AS "isMain", g.status, g.salary
       FROM main JOIN guild_members g ON g.id = main.id OR g.main_member_id = main.id
      ORDER BY g.id <> main.id, lower(g.player_name), g.id`,
    [userId],
  );
}

interface ShareRow {
  itemId: number;
  memberId: number;
  date: string | null;
  bossName: string;
  lootName: string;
  generalShare: string;
  eliteShare: string;
}

async function loadShares(q: Queryable, memberIds: readonly number[]): Promise<ShareRow[]> {
  return q.query<ShareRow>(
    `SELECT s.item_id AS "itemId", s.member_id AS "memberId", to_char(i.date_acquired, 'YYYY-MM-DD') AS date,
            i.boss_name AS "bossName", i.loot_name AS "lootName",
            s.general_share AS "generalShare", s.elite_share AS "eliteShare"
       FROM salary_shares AS s
       JOIN market_exchange AS i ON i.id = s.item_id
      WHERE s.member_id = ANY($1::int[])
      ORDER BY i.date_acquired DESC NULLS LAST, s.item_id DESC, s.position`,
    [memberIds],
  );
}

async function loadPayouts(q: Queryable, memberIds: readonly number[]): Promise<EarningsPayout[]> {
  return q.query<EarningsPayout>(
    `SELECT id, member_id AS "memberId", member_name AS "memberName", to_char(paid_on, 'YYYY-MM-DD') AS "paidOn",
            amount, method, reference
       FROM payouts
      WHERE member_id = ANY($1::int[])
      ORDER BY paid_on DESC, id DESC`,
    [memberIds],
  );
}

/** `text` as a LIKE pattern that matches only itself. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The latest raids that name one of the characters (decision 072). The stored list is JSON text of names, so the
 * database picks the records holding a character's quoted name, newest first, and each is then read as the
 * attendance screens read it, names matching regardless of case (a name holding a character's is not it).
 */
async function loadRaids(q: Queryable, names: readonly string[]): Promise<EarningsRaid[]> {
  const ours = new Map(names.map((name) => [name.toLowerCase(), name]));
  const rows = await q.query<{ id: number; bossName: string; dateAttended: string; participants: string }>(
    `SELECT id, boss_name AS "bossName",
            to_char(date_attended AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "dateAttended",
            participated_members AS participants
       FROM attendance_records
      WHERE participated_members ILIKE ANY($1::text[])
      ORDER BY date_attended DESC, id DESC
      LIMIT $2`,
    [names.map((name) => `%${likeLiteral(JSON.stringify(name))}%`), RECENT_RAIDS_LIMIT * 4],
  );
  const raids: EarningsRaid[] = [];
  for (const row of rows) {
    const characters = parseParticipantNames(row.participants).flatMap(
      (name) => ours.get(name.toLowerCase()) ?? [],
    );
    if (characters.length === 0) continue;
    raids.push({ id: row.id, bossName: row.bossName, dateAttended: row.dateAttended, characters });
    if (raids.length === RECENT_RAIDS_LIMIT) break;
  }
  return raids;
}

/**
 * What the characters earned and were paid in all, and the balance, added up by the database as exact decimal text:
 * payouts from before the money range was enforced (docs/decisions/058) may add up to more than cents hold, and
 * are answered as they are, never a 500.
 */
async function loadTotals(
  q: Queryable,
  memberIds: readonly number[],
): Promise<Omit<EarningsTotals, "itemCount">> {
  const [row] = await q.query<Omit<EarningsTotals, "itemCount">>(
    `SELECT round(e.earned, 2)::text AS earned, round(p.paid, 2)::text AS paid,
            round(e.earned - p.paid, 2)::text AS balance
       FROM (SELECT coalesce(sum(salary), 0) AS earned FROM guild_members WHERE id = ANY($1::int[])) AS e,
            (SELECT coalesce(sum(amount), 0) AS paid FROM payouts WHERE member_id = ANY($1::int[])) AS p`,
    [memberIds],
  );
  return row ?? { earned: "0.00", paid: "0.00", balance: "0.00" };
}

/**
 * The answer of GET /_api/me/earnings for an account. Call it in a repeatable-read transaction (the route does),
 * so the salaries, shares and payouts come from one snapshot and the totals agree with the lists.
 */
export async function readMyEarnings(q: Queryable, userId: number): Promise<MyEarnings> {
  const characters = await loadCharacters(q, userId);
  const main = characters.find((c) => c.isMain);
  if (!main) return { linked: false, message: MY_EARNINGS_MESSAGES.notLinked };
  const memberIds = characters.map((c) => c.memberId);
  const shares = await loadShares(q, memberIds);
  const payouts = await loadPayouts(q, memberIds);
  const nameOf = new Map(characters.map((c) => [c.memberId, c.playerName]));
  const items: EarningsItem[] = shares.map((row) => ({
    itemId: row.itemId,
    date: row.date,
    bossName: row.bossName,
    lootName: row.lootName,
    memberId: row.memberId,
    characterName: nameOf.get(row.memberId) ?? "",
    share: moneyText(parseMoney(row.generalShare) + parseMoney(row.eliteShare)),
  }));
  const totals = await loadTotals(q, memberIds);
  const raids = await loadRaids(
    q,
    characters.map((c) => c.playerName),
  );
  return {
    linked: true,
    mainMemberId: main.memberId,
    mainName: main.playerName,
    characters: characters.map(({ salary, ...c }) => ({ ...c, earned: moneyText(parseMoney(salary)) })),
    totals: { ...totals, itemCount: items.length },
    payouts: payouts.map((p) => ({ ...p, amount: moneyText(parseMoney(p.amount)) })),
    items,
    raids,
  };
}

/**
 * The stored distribution of the Sold items (salary_items, salary_shares; docs/decisions/024): reading it,
 * writing it, and the roster members an item's text can name. A write's redistribution (redistribute.ts) and the
 * full rebuild (rebuild.ts) both store through here.
 */
import { moneyText, parseMoney } from "@shared/money/money.ts";
import type { SalaryItem, SalaryRosterMember } from "@shared/salary/distribute-item.ts";
import { earnerKey } from "@shared/salary/salary-totals.ts";
import {
  type StoredDistribution,
  type StoredItemFigures,
  type StoredShare,
  sameItemFigures,
  sameShare,
} from "@shared/salary/stored-distribution.ts";
import type { Queryable } from "../db/types.ts";
import { ITEM_SPLIT_DAY } from "./split-rules-repo.ts";

/** Rows per INSERT: one JSON parameter, far below any message limit of the three drivers. */
const ROWS_PER_STATEMENT = 20_000;

/** A roster member as the salary engine reads it (SalaryRosterMember). */
export const ROSTER_COLUMNS = `id, player_name AS "playerName", category::text AS category,
  raids_participated AS "raidsParticipated", main_member_id AS "mainMemberId", player_alias AS "playerAlias"`;

const ITEM_COLUMNS = `id, loot_name AS "lootName", value, participated_members AS "participatedMembers", status,
  to_char(${ITEM_SPLIT_DAY}, 'YYYY-MM-DD') AS day`;

/** The market items with these ids (any status; missing ids are left out). */
export async function loadItems(q: Queryable, itemIds: readonly number[]): Promise<SalaryItem[]> {
  if (itemIds.length === 0) return [];
  return q.query<SalaryItem>(
    `SELECT ${ITEM_COLUMNS} FROM market_exchange WHERE id = ANY($1::int[]) ORDER BY id`,
    [itemIds],
  );
}

export async function loadSoldItems(q: Queryable): Promise<SalaryItem[]> {
  return q.query<SalaryItem>(`SELECT ${ITEM_COLUMNS} FROM market_exchange WHERE status = 'Sold' ORDER BY id`);
}

export async function loadRoster(q: Queryable): Promise<(SalaryRosterMember & { salary: string })[]> {
  return q.query(`SELECT ${ROSTER_COLUMNS}, salary FROM guild_members ORDER BY id`);
}

/**
 * Every member a text writing these (lower-cased) names can stand for: the members of those names, the main
 * characters of those aliases and their linked characters, in roster (id) order. Resolving against them gives
 * what resolving against the whole roster gives. SQL's lower() folds only ASCII under the C locale, so a name
 * with any other letter reads the whole roster instead.
 */
export async function loadNamedMembers(
  q: Queryable,
  nameKeys: readonly string[],
): Promise<SalaryRosterMember[]> {
  if (nameKeys.length === 0) return [];
  if (nameKeys.some((key) => /[^\x20-\x7e]/.test(key))) return loadRoster(q);
  return q.query<SalaryRosterMember>(
    `WITH named AS (
       SELECT id FROM guild_members
        WHERE lower(player_name) = ANY($1::text[])
           OR (main_member_id IS NULL AND lower(player_alias) = ANY($1::text[]))
     )
     SELECT ${ROSTER_COLUMNS} FROM guild_members
      WHERE id IN (SELECT id FROM named) OR main_member_id IN (SELECT id FROM named)
      ORDER BY id`,
    [nameKeys],
  );
}

interface StoredRow {
  itemId: number;
  value: string;
  guildFund: string;
  adminFund: string;
  nameKeys: string[];
  sharedPlayers: number[];
  /** JSON: [[position, memberId, playerId, name, general, elite], ...] in list order, money as text. */
  shares: string;
}

type ShareTuple = [number, number | null, number | null, string, string, string];

/**
 * The stored distributions of these items, by item id (items with none are absent). One row per item with its
 * shares as JSON: reading 20 rows per item costs PGlite about four times as much.
 */
export async function loadStored(
  q: Queryable,
  itemIds: readonly number[],
): Promise<Map<number, StoredDistribution>> {
  const stored = new Map<number, StoredDistribution>();
  if (itemIds.length === 0) return stored;
  const rows = await q.query<StoredRow>(
    `SELECT si.item_id AS "itemId", si.value, si.guild_fund AS "guildFund", si.admin_fund AS "adminFund",
            si.name_keys AS "nameKeys", si.shared_players AS "sharedPlayers",
            (SELECT coalesce(json_agg(json_build_array(s.position, s.member_id, s.player_id, s.name,
                                                       s.general_share::text, s.elite_share::text)
                                      ORDER BY s.position), '[]')::text
               FROM salary_shares AS s WHERE s.item_id = si.item_id) AS shares
       FROM salary_items AS si WHERE si.item_id = ANY($1::int[])`,
    [itemIds],
  );
  for (const row of rows) {
    const shares = (JSON.parse(row.shares) as ShareTuple[]).map(
      ([position, memberId, playerId, name, general, elite]): StoredShare => ({
        itemId: row.itemId,
        position,
        memberId,
        playerId,
        name,
        generalShareCents: parseMoney(general),
        eliteShareCents: parseMoney(elite),
      }),
    );
    stored.set(row.itemId, {
      item: {
        itemId: row.itemId,
        valueCents: parseMoney(row.value),
        guildFundCents: parseMoney(row.guildFund),
        adminFundCents: parseMoney(row.adminFund),
        nameKeys: row.nameKeys,
        sharedPlayerIds: row.sharedPlayers,
      },
      shares,
    });
  }
  return stored;
}

/** A stored distribution before and after a redistribution (undefined: none). */
export interface DistributionChange {
  before: StoredDistribution | undefined;
  after: StoredDistribution | undefined;
}

/** What the changed distributions add to the stored figures, less what they gave before: one pass. */
export interface FigureDeltas {
  /** Salary difference in cents by member id. */
  salaries: Map<number, number>;
  earners: Map<string, EarnerDelta>;
  itemCount: number;
  guildFundCents: number;
  adminFundCents: number;
}

interface EarnerDelta {
  earner_key: string;
  member_id: number | null;
  name: string;
  first_item_id: number;
  item_count: number;
  general_share: number;
  elite_share: number;
}

function deltasOf(changes: readonly DistributionChange[]): FigureDeltas {
  const deltas: FigureDeltas = {
    salaries: new Map(),
    earners: new Map(),
    itemCount: 0,
    guildFundCents: 0,
    adminFundCents: 0,
  };
  const add = (d: StoredDistribution | undefined, sign: 1 | -1) => {
    if (d === undefined) return;
    deltas.itemCount += sign;
    deltas.guildFundCents += sign * d.item.guildFundCents;
    deltas.adminFundCents += sign * d.item.adminFundCents;
    for (const share of d.shares) {
      const cents = share.generalShareCents + share.eliteShareCents;
      if (share.memberId !== null) {
        deltas.salaries.set(share.memberId, (deltas.salaries.get(share.memberId) ?? 0) + sign * cents);
      }
      const key = earnerKey(share.memberId, share.name);
      const earner = deltas.earners.get(key) ?? {
        earner_key: key,
        member_id: share.memberId,
        name: share.name,
        first_item_id: share.itemId,
        item_count: 0,
        general_share: 0,
        elite_share: 0,
      };
      earner.item_count += sign;
      earner.general_share += sign * share.generalShareCents;
      earner.elite_share += sign * share.eliteShareCents;
      deltas.earners.set(key, earner);
    }
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, 1);
  }
  return deltas;
}

/**
 * Stores what changed, row by row (a category change moves a few elite shares of each item, not all twenty
 * rows), and moves the earner and item totals by the difference. Answers the differences, for the salaries and
 * the funds row.
 */
export async function storeChanges(
  q: Queryable,
  changes: readonly DistributionChange[],
): Promise<FigureDeltas> {
  const goneItems: number[] = [];
  const items: StoredItemFigures[] = [];
  const goneShares: { item_id: number; position: number }[] = [];
  const shares: StoredShare[] = [];
  for (const { before, after } of changes) {
    const id = (after ?? before)?.item.itemId as number;
    if (after === undefined) goneItems.push(id);
    else if (before === undefined || !sameItemFigures(before.item, after.item)) items.push(after.item);
    const next = after?.shares ?? [];
    shares.push(...next.filter((share, position) => !sameShare(share, before?.shares[position])));
    for (const share of before?.shares.slice(next.length) ?? []) {
      goneShares.push({ item_id: id, position: share.position });
    }
  }
  if (goneShares.length > 0) {
    await q.query(
      `DELETE FROM salary_shares AS s USING jsonb_to_recordset($1::jsonb) AS d(item_id int, position int)
        WHERE s.item_id = d.item_id AND s.position = d.position`,
      [JSON.stringify(goneShares)],
    );
  }
  if (goneItems.length > 0)
    await q.query("DELETE FROM salary_items WHERE item_id = ANY($1::int[])", [goneItems]);
  await writeItems(q, items);
  await writeShares(q, shares);
  const deltas = deltasOf(changes);
  await moveEarners(q, deltas.earners);
  await moveTotals(q, deltas);
  return deltas;
}

/** Moves the item count and fund sums. */
async function moveTotals(q: Queryable, deltas: FigureDeltas): Promise<void> {
  if (deltas.itemCount === 0 && deltas.guildFundCents === 0 && deltas.adminFundCents === 0) return;
  await q.query(
    `UPDATE salary_totals SET item_count = item_count + $1, guild_fund = guild_fund + $2::numeric,
                              admin_fund = admin_fund + $3::numeric
      WHERE id = 1`,
    [deltas.itemCount, moneyText(deltas.guildFundCents), moneyText(deltas.adminFundCents)],
  );
}

/** Moves each touched earner's totals by the difference, then sets its name and first item again. */
async function moveEarners(q: Queryable, deltas: ReadonlyMap<string, EarnerDelta>): Promise<void> {
  if (deltas.size === 0) return;
  const moved = [...deltas.values()].map((d) => ({
    ...d,
    general_share: moneyText(d.general_share),
    elite_share: moneyText(d.elite_share),
  }));
  await q.query(
    `INSERT INTO salary_earners AS e (earner_key, member_id, name, first_item_id, item_count, general_share, elite_share)
     SELECT earner_key, member_id, name, first_item_id, item_count, general_share, elite_share
       FROM jsonb_to_recordset($1::jsonb) AS r(earner_key text, member_id int, name text, first_item_id int,
                                               item_count int, general_share numeric, elite_share numeric)
     ON CONFLICT (earner_key) DO UPDATE SET item_count = e.item_count + EXCLUDED.item_count,
       general_share = e.general_share + EXCLUDED.general_share, elite_share = e.elite_share + EXCLUDED.elite_share`,
    [JSON.stringify(moved)],
  );
  const keys = [...deltas.keys()];
  await q.query("DELETE FROM salary_earners WHERE earner_key = ANY($1::text[]) AND item_count = 0", [keys]);
  await q.query(
    `UPDATE salary_earners AS e SET first_item_id = f.item_id, name = f.name
       FROM unnest($1::text[]) AS k(key)
      CROSS JOIN LATERAL (SELECT item_id, name FROM salary_shares WHERE earner_key = k.key
                           ORDER BY item_id LIMIT 1) AS f
      WHERE e.earner_key = k.key AND (e.first_item_id <> f.item_id OR e.name <> f.name)`,
    [keys],
  );
}

/**
 * Every earner's totals and the item totals added up again from the stored rows (the full rebuild). The totals
 * row is written whether or not it is there: a restore empties the table (docs/decisions/055).
 */
export async function rebuildTotals(q: Queryable): Promise<void> {
  await q.query(
    `INSERT INTO salary_totals (id, item_count, guild_fund, admin_fund)
     SELECT 1, count(*)::int, coalesce(sum(guild_fund), 0), coalesce(sum(admin_fund), 0) FROM salary_items
     ON CONFLICT (id) DO UPDATE SET item_count = EXCLUDED.item_count, guild_fund = EXCLUDED.guild_fund,
       admin_fund = EXCLUDED.admin_fund`,
  );
  await q.query("DELETE FROM salary_earners");
  await q.query(
    `INSERT INTO salary_earners (earner_key, member_id, name, first_item_id, item_count, general_share, elite_share)
     SELECT earner_key, min(member_id), (array_agg(name ORDER BY item_id))[1], min(item_id), count(*),
            sum(general_share), sum(elite_share)
       FROM salary_shares GROUP BY earner_key`,
  );
}

/** Stores these distributions (the full rebuild, after emptying the tables). */
export async function insertStored(
  q: Queryable,
  distributions: readonly StoredDistribution[],
): Promise<void> {
  await writeItems(
    q,
    distributions.map((d) => d.item),
  );
  await writeShares(
    q,
    distributions.flatMap((d) => d.shares),
  );
}

async function writeItems(q: Queryable, items: readonly StoredItemFigures[]): Promise<void> {
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    const chunk = items.slice(start, start + ROWS_PER_STATEMENT);
    await q.query(
      `INSERT INTO salary_items (item_id, value, guild_fund, admin_fund, name_keys, shared_players)
       SELECT item_id, value, guild_fund, admin_fund, name_keys, shared_players
         FROM jsonb_to_recordset($1::jsonb)
           AS r(item_id int, value numeric, guild_fund numeric, admin_fund numeric, name_keys text[],
                shared_players int[])
       ON CONFLICT (item_id) DO UPDATE SET value = EXCLUDED.value, guild_fund = EXCLUDED.guild_fund,
         admin_fund = EXCLUDED.admin_fund, name_keys = EXCLUDED.name_keys, shared_players = EXCLUDED.shared_players`,
      [
        JSON.stringify(
          chunk.map((item) => ({
            item_id: item.itemId,
            value: moneyText(item.valueCents),
            guild_fund: moneyText(item.guildFundCents),
            admin_fund: moneyText(item.adminFundCents),
            name_keys: item.nameKeys,
            shared_players: item.sharedPlayerIds,
          })),
        ),
      ],
    );
  }
}

async function writeShares(q: Queryable, shares: readonly StoredShare[]): Promise<void> {
  for (let start = 0; start < shares.length; start += ROWS_PER_STATEMENT) {
    const chunk = shares.slice(start, start + ROWS_PER_STATEMENT);
    await q.query(
      `INSERT INTO salary_shares (item_id, position, member_id, player_id, name, earner_key, general_share,
                                 elite_share)
       SELECT item_id, position, member_id, player_id, name, earner_key, general_share, elite_share
         FROM jsonb_to_recordset($1::jsonb)
           AS r(item_id int, position int, member_id int, player_id int, name text, earner_key text,
                general_share numeric, elite_share numeric)
       ON CONFLICT (item_id, position) DO UPDATE SET member_id = EXCLUDED.member_id,
         player_id = EXCLUDED.player_id, name = EXCLUDED.name, earner_key = EXCLUDED.earner_key,
         general_share = EXCLUDED.general_share, elite_share = EXCLUDED.elite_share`,
      [
        JSON.stringify(
          chunk.map((share) => ({
            item_id: share.itemId,
            position: share.position,
            member_id: share.memberId,
            player_id: share.playerId,
            name: share.name,
            earner_key: earnerKey(share.memberId, share.name),
            general_share: moneyText(share.generalShareCents),
            elite_share: moneyText(share.eliteShareCents),
          })),
        ),
      ],
    );
  }
}

import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { Queryable } from "../db/types.ts";
import { writtenAfter } from "../sync/changes-repo.ts";

export const MARKET_COLUMNS = `id, loot_name AS "lootName", boss_name AS "bossName", value, status,
  participated_members AS "participatedMembers", total_funds AS "totalFunds", date_acquired AS "dateAcquired",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Sold first, then Pending, then newest created (the admin page's order; the public page sorts its own way). */
/** The market; with `changedSince` (a sync cursor, worker/sync) only the rows written since. */
export async function listMarketItems(
  q: Queryable,
  changedSince: string | null = null,
): Promise<MarketExchangeItem[]> {
  return q.query<MarketExchangeItem>(
    `SELECT ${MARKET_COLUMNS} FROM market_exchange WHERE $1::pg_snapshot IS NULL OR ${writtenAfter("$1")}
      ORDER BY CASE status WHEN 'Sold' THEN 0 WHEN 'Pending' THEN 1 ELSE 2 END, created_at DESC, id DESC`,
    [changedSince],
  );
}

export async function getMarketItem(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<MarketExchangeItem | undefined> {
  const rows = await q.query<MarketExchangeItem>(
    `SELECT ${MARKET_COLUMNS} FROM market_exchange WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/** Money as numeric strings ('3200.00'); participatedMembers as the text to store. */
export interface MarketItemRow {
  lootName: string;
  bossName: string;
  value: string;
  status: string;
  participatedMembers: string;
  totalFunds: string;
  dateAcquired: string | null;
}

export async function insertMarketItem(q: Queryable, item: MarketItemRow): Promise<MarketExchangeItem> {
  const rows = await q.query<MarketExchangeItem>(
    `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, total_funds, date_acquired)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${MARKET_COLUMNS}`,
    [
      item.lootName,
      item.bossName,
      item.value,
      item.status,
      item.participatedMembers,
      item.totalFunds,
      item.dateAcquired,
    ],
  );
  return rows[0] as MarketExchangeItem;
}

const PATCH_COLUMNS: Record<keyof MarketItemRow, string> = {
  lootName: "loot_name",
  bossName: "boss_name",
  value: "value",
  status: "status",
  participatedMembers: "participated_members",
  totalFunds: "total_funds",
  dateAcquired: "date_acquired",
};

export async function updateMarketItem(
  q: Queryable,
  id: number,
  patch: Partial<MarketItemRow>,
): Promise<MarketExchangeItem> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof MarketItemRow, string][]) {
    if (patch[key] === undefined) continue;
    params.push(patch[key]);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return (await getMarketItem(q, id)) as MarketExchangeItem;
  const rows = await q.query<MarketExchangeItem>(
    `UPDATE market_exchange SET ${sets.join(", ")} WHERE id = $1 RETURNING ${MARKET_COLUMNS}`,
    params,
  );
  return rows[0] as MarketExchangeItem;
}

export async function deleteMarketItem(q: Queryable, id: number): Promise<MarketExchangeItem | undefined> {
  const rows = await q.query<MarketExchangeItem>(
    `DELETE FROM market_exchange WHERE id = $1 RETURNING ${MARKET_COLUMNS}`,
    [id],
  );
  return rows[0];
}

/** Rows per multi-row INSERT: 7 parameters each, 7,000 per statement (the limit is 65,535). */
export const INSERT_ROWS_PER_STATEMENT = 1000;

/** Inserts many items with multi-row INSERTs; answers how many and the range of their ids. */
export async function insertMarketItems(
  q: Queryable,
  items: readonly MarketItemRow[],
): Promise<{ insertedCount: number; firstId: number | null; lastId: number | null }> {
  let insertedCount = 0;
  let firstId: number | null = null;
  let lastId: number | null = null;
  for (let start = 0; start < items.length; start += INSERT_ROWS_PER_STATEMENT) {
    const chunk = items.slice(start, start + INSERT_ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    const rows = chunk.map((item) => {
      const base = params.length;
      params.push(
        item.lootName,
        item.bossName,
        item.value,
        item.status,
        item.participatedMembers,
        item.totalFunds,
        item.dateAcquired,
      );
      return `($${base + 1}, $${base + 2}, $${base + 3}::numeric, $${base + 4}, $${base + 5}, $${base + 6}::numeric, $${base + 7}::date)`;
    });
    const result = await q.query<{ n: number; first: number | null; last: number | null }>(
      `WITH inserted AS (
         INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, total_funds, date_acquired)
         VALUES ${rows.join(", ")} RETURNING id)
       SELECT count(*)::int AS n, min(id) AS first, max(id) AS last FROM inserted`,
      params,
    );
    const batch = result[0];
    insertedCount += batch?.n ?? 0;
    firstId ??= batch?.first ?? null;
    lastId = batch?.last ?? lastId;
  }
  return { insertedCount, firstId, lastId };
}

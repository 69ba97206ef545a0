/**
 * Market data import (admin): every row is checked first, then all rows go in with multi-row INSERTs in one
 * transaction, followed by one recalculation of the salaries and funds. A bad row inserts nothing. Rows equal
 * to an item already in the market are left out unless the admin confirmed them, and listed in the answer
 * (decision 047), so importing the same file twice adds nothing.
 */
import { IMPORT_CALLS } from "@shared/contract/market-import.ts";
import { moneyText } from "@shared/money/money.ts";
import {
  ALREADY_IN_MARKET,
  type ImportResult,
  type ImportRow,
  type ImportSkippedRow,
} from "@shared/schemas/import.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { insertMarketItems } from "../market/market-repo.ts";
import { lockDerivedFigures, redistributeAndAudit } from "../salary/redistribute.ts";

/** What makes two items the same drop: boss and loot (any case), date and value. */
const itemKey = (boss: string, loot: string, date: string | null, value: string) =>
  JSON.stringify([boss.trim().toLowerCase(), loot.trim().toLowerCase(), date ?? "", value]);

/** The keys of the market's items that share a boss and loot name with the rows. */
async function existingKeys(q: Queryable, rows: readonly ImportRow[]): Promise<Set<string>> {
  const pairs = new Map<string, { b: string; l: string }>();
  for (const row of rows) {
    const pair = { b: row.bossName.trim().toLowerCase(), l: row.lootName.trim().toLowerCase() };
    pairs.set(JSON.stringify(pair), pair);
  }
  const found = await q.query<{ boss: string; loot: string; day: string | null; value: string }>(
    `SELECT boss_name AS boss, loot_name AS loot, date_acquired::text AS day, value::text AS value
       FROM market_exchange
      WHERE (lower(boss_name), lower(loot_name)) IN (SELECT b, l FROM json_to_recordset($1::json) AS k(b text, l text))`,
    [JSON.stringify([...pairs.values()])],
  );
  return new Set(found.map((item) => itemKey(item.boss, item.loot, item.day, item.value)));
}

export const importRoutes = serveCalls(IMPORT_CALLS, {
  // The one write meant to be large (its declaration's body limit).
  importMarketData: (c) => {
    const { marketData, duplicates } = c.req.valid("json");
    return write(c, async ({ tx, audit }): Promise<ImportResult> => {
      await lockDerivedFigures(tx);
      const skipped: ImportSkippedRow[] = [];
      let rows = marketData;
      if (duplicates === "skip") {
        const existing = await existingKeys(tx, marketData);
        rows = marketData.filter((row, index) => {
          const key = itemKey(row.bossName, row.lootName, row.dateAcquired, moneyText(row.value));
          if (!existing.has(key)) return true;
          skipped.push({ row: index + 1, message: ALREADY_IN_MARKET });
          return false;
        });
      }
      const { insertedCount, firstId, lastId } = await insertMarketItems(
        tx,
        rows.map((row) => ({
          lootName: row.lootName,
          bossName: row.bossName,
          value: moneyText(row.value),
          status: row.status,
          participatedMembers: row.participatedMembers,
          totalFunds: moneyText(row.totalFunds),
          dateAcquired: row.dateAcquired,
        })),
      );
      await audit({
        action: "import",
        entity: "market_item",
        after: {
          insertedCount,
          firstId,
          lastId,
          soldCount: rows.filter((row) => row.status === "Sold").length,
          ...(skipped.length > 0 ? { skippedDuplicates: skipped.length } : {}),
        },
      });
      // Every insert into the market takes lockDerivedFigures first, so the ids between are all this import's.
      const itemIds =
        firstId === null || lastId === null
          ? []
          : Array.from({ length: lastId - firstId + 1 }, (_, offset) => firstId + offset);
      await redistributeAndAudit(tx, audit, { itemIds });
      return { insertedCount, skipped };
    });
  },
});

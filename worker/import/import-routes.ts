/**
 * Market data import (admin): every row is checked first, then all rows go in with multi-row INSERTs in one
 * transaction, followed by one recalculation of the salaries and funds. A bad row inserts nothing.
 */
import { Hono } from "hono";
import { moneyText } from "@shared/money/money.ts";
import { type ImportResult, importMarketDataSchema } from "@shared/schemas/import.ts";
import { IMPORT_BODY_LIMIT } from "../app/body-limit.ts";
import type { AppEnv } from "../app/context.ts";
import { jsonBody } from "../app/validate.ts";
import { write } from "../app/write.ts";
import { requireRole } from "../auth/require-role.ts";
import { insertMarketItems } from "../market/market-repo.ts";
import { lockDerivedFigures, redistributeAndAudit } from "../salary/redistribute.ts";

export const importRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  // The one call meant to be large (body-limit.ts).
  .post("/", jsonBody(importMarketDataSchema, IMPORT_BODY_LIMIT), (c) => {
    const { marketData } = c.req.valid("json");
    return write(c, async ({ tx, audit }): Promise<ImportResult> => {
      await lockDerivedFigures(tx);
      const { insertedCount, firstId, lastId } = await insertMarketItems(
        tx,
        marketData.map((row) => ({
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
          soldCount: marketData.filter((row) => row.status === "Sold").length,
        },
      });
      // Every insert into the market takes lockDerivedFigures first, so the ids between are all this import's.
      const itemIds =
        firstId === null || lastId === null
          ? []
          : Array.from({ length: lastId - firstId + 1 }, (_, offset) => firstId + offset);
      await redistributeAndAudit(tx, audit, { itemIds });
      return { insertedCount };
    });
  });

/**
 * The salary receipt (public) and the corrupted-participants repair tool (admin). The receipt is computed
 * from the stored items and roster on each request; the stored salaries and funds always equal it because
 * every write that could change them recalculates them (recalculate.ts).
 */
import { Hono } from "hono";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { isParticipantTextCorrupted } from "@shared/participants/participant-corruption.ts";
import {
  type CorruptedItem,
  type CorruptionAnalysis,
  fixParticipantsSchema,
  recalculatedMessage,
  resetMessage,
} from "@shared/schemas/fix-participants.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { jsonBody } from "../app/validate.ts";
import { write } from "../app/write.ts";
import { requireRole } from "../auth/require-role.ts";
import type { Queryable } from "../db/types.ts";
import { currentCalculation, lockDerivedFigures, recalculateAndAudit } from "./recalculate.ts";

async function findCorruptedItems(q: Queryable, forUpdate = false): Promise<CorruptedItem[]> {
  // Texts that are empty or a plain list of simple names cannot be corrupted; the detector decides the rest.
  const rows = await q.query<CorruptedItem>(
    `SELECT id, loot_name AS "lootName", value, participated_members AS "participatedMembers"
       FROM market_exchange ORDER BY id${forUpdate ? " FOR UPDATE" : ""}`,
  );
  return rows.filter((row) => isParticipantTextCorrupted(row.participatedMembers));
}

function analysis(items: CorruptedItem[]): CorruptionAnalysis {
  return {
    corruptedItemsCount: items.length,
    totalAffectedValue: moneyText(items.reduce((sum, item) => sum + parseMoney(item.value), 0)),
    corruptedItems: items,
  };
}

export const publicSalaryRoutes = new Hono<AppEnv>().get("/", async (c) => {
  // One snapshot for the roster and the items.
  const calculation = await c.get("db").transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return currentCalculation(tx);
  });
  return sendData(c, calculation.receipt);
});

export const fixParticipantsRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .post("/", jsonBody(fixParticipantsSchema), async (c) => {
    const input = c.req.valid("json");
    if (input.dryRun) return sendData(c, analysis(await findCorruptedItems(c.get("db"))));
    if (input.fixAction === "reset_participants") {
      return write(c, async ({ tx, audit }) => {
        await lockDerivedFigures(tx);
        const corrupted = await findCorruptedItems(tx, true);
        const resetItemIds = corrupted.map((item) => item.id);
        if (resetItemIds.length > 0) {
          await tx.query(
            `UPDATE market_exchange SET participated_members = ''
              WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)::int)`,
            [JSON.stringify(resetItemIds)],
          );
          await audit({
            action: "reset_participants",
            entity: "market_item",
            before: corrupted.map(({ id, participatedMembers }) => ({ id, participatedMembers })),
            after: { resetItemIds, participatedMembers: "" },
          });
        }
        const { calculation } = await recalculateAndAudit(tx, audit);
        return { message: resetMessage(resetItemIds.length), resetItemIds, ...calculation.receipt };
      });
    }
    return write(c, async ({ tx, audit }) => {
      const { calculation, changedSalaries } = await recalculateAndAudit(tx, audit, { fromScratch: true });
      await audit({
        action: "recalculate_all",
        entity: "salaries",
        after: { changedSalaries: changedSalaries.length, funds: calculation.receipt.summaryTotals },
      });
      return {
        message: recalculatedMessage(calculation.rosterSalaries.length, calculation.receipt.processedItems),
        ...calculation.receipt,
      };
    });
  });

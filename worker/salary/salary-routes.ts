/**
 * The salary receipt (public) and the corrupted-participants repair tool (admin). The receipt is read from the
 * stored distributions (stored-receipt.ts), which every write keeps up to date for the items it touches
 * (redistribute.ts); "Recalculate All Salaries" rebuilds them from scratch and reports what differed (rebuild.ts).
 */
import type { Context } from "hono";
import { FIX_PARTICIPANTS_CALLS } from "@shared/contract/fix-participants.ts";
import { SALARY_CALLS } from "@shared/contract/salary.ts";
import { isParticipantTextCorrupted } from "@shared/participants/participant-corruption.ts";
import {
  type CorruptedItem,
  type CorruptionAnalysis,
  recalculatedMessage,
  resetMessage,
} from "@shared/schemas/fix-participants.ts";
import { receiptMemberNotFound } from "@shared/schemas/salary-receipt.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { rebuildAndAudit } from "./rebuild.ts";
import { lockDerivedFigures, redistributeAndAudit } from "./redistribute.ts";
import { storedCalculation, storedMemberReceipt, storedSummary } from "./stored-receipt.ts";

async function findCorruptedItems(q: Queryable, forUpdate = false): Promise<CorruptedItem[]> {
  // Texts that are empty or a plain list of simple names cannot be corrupted; the detector decides the rest.
  const rows = await q.query<CorruptedItem>(
    `SELECT id, loot_name AS "lootName", value, participated_members AS "participatedMembers"
       FROM market_exchange ORDER BY id${forUpdate ? " FOR UPDATE" : ""}`,
  );
  return rows.filter((row) => isParticipantTextCorrupted(row.participatedMembers));
}

/**
 * The corrupted items and what they are worth in all, added up by the database as exact decimal text: each value
 * is within the money range, but Pending items feed no bounded total (docs/decisions/058), so their sum may be
 * beyond what cents hold.
 */
async function analysis(q: Queryable, items: CorruptedItem[]): Promise<CorruptionAnalysis> {
  const [row] = await q.query<{ total: string }>(
    "SELECT round(coalesce(sum(v), 0), 2)::text AS total FROM unnest($1::numeric[]) AS v",
    [items.map((item) => item.value)],
  );
  return {
    corruptedItemsCount: items.length,
    totalAffectedValue: row?.total ?? "0.00",
    corruptedItems: items,
  };
}

/** Roster, market and attendance reads for one snapshot (the roster and the items must agree). */
function snapshot<T>(c: Context<AppEnv>, read: (tx: Queryable) => Promise<T>): Promise<T> {
  return c.get("db").transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
    return read(tx);
  });
}

export const publicSalaryRoutes = serveCalls(SALARY_CALLS, {
  receipt: async (c) => sendData(c, (await snapshot(c, storedCalculation)).receipt),
  summary: async (c) => sendData(c, (await snapshot(c, storedSummary)).receipt),
  member: async (c) => {
    const { name } = c.req.valid("query");
    const member = await snapshot(c, (tx) => storedMemberReceipt(tx, name));
    if (member === null) throw new ApiError(404, receiptMemberNotFound(name));
    return sendData(c, { member });
  },
});

export const fixParticipantsRoutes = serveCalls(FIX_PARTICIPANTS_CALLS, {
  fixParticipants: async (c) => {
    const input = c.req.valid("json");
    if (input.dryRun) {
      const db = c.get("db");
      return sendData(c, await analysis(db, await findCorruptedItems(db)));
    }
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
        await redistributeAndAudit(
          tx,
          audit,
          { itemIds: resetItemIds },
          "Resetting the corrupted participant lists",
        );
        const { receipt } = await storedCalculation(tx);
        return { message: resetMessage(resetItemIds.length), resetItemIds, ...receipt };
      });
    }
    return write(c, async ({ tx, audit }) => {
      const { calculation, changedSalaries, differingItemIds } = await rebuildAndAudit(tx, audit);
      await audit({
        action: "recalculate_all",
        entity: "salaries",
        after: {
          changedSalaries: changedSalaries.length,
          differingItems: differingItemIds.length,
          funds: calculation.receipt.summaryTotals,
        },
      });
      return {
        message: recalculatedMessage(calculation.rosterSalaries.length, calculation.receipt.processedItems),
        differences: { itemIds: differingItemIds, salaries: changedSalaries },
        ...calculation.receipt,
      };
    });
  },
});

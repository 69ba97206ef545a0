/**
 * /_api/guild-funds, /_api/fund-spending and /_api/funds/ledger (docs/decisions/050), admins only. Spending from the reserved guild
 * fund or the admin fund is entered; income stays derived from the Sold items. Spending more than a fund holds
 * needs `confirmOverBalance`; the check runs after lockDerivedFigures, so no sale, edit or other spending moves
 * the fund between the check and the insert.
 */
import { FUND_CALLS } from "@shared/contract/funds.ts";
import { moneyText, readMoney } from "@shared/money/money.ts";
import { roomLeft } from "@shared/money/money-range.ts";
import {
  type CreateSpendingAnswer,
  overFundMessage,
  SPENDING_NOT_FOUND,
  spendingGoneMessage,
  spentTotalBeyondRangeMessage,
} from "@shared/schemas/fund-spending.ts";
import { ApiError } from "../app/api-error.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { lockDerivedFigures } from "../salary/redistribute.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { readLedger } from "./fund-ledger.ts";
import {
  deleteSpending,
  fundBalance,
  getSpending,
  insertSpending,
  listSpending,
} from "./fund-spending-repo.ts";
import { getGuildFunds } from "./funds-repo.ts";

const ENTITY = "fund_spending";

/** The 404 of a removal of spending removed meanwhile, naming it by amount and purpose (decision 058). */
async function spendingGone(tx: Queryable, id: number): Promise<ApiError> {
  const gone = await goneRow(tx, ENTITY, id);
  const purpose = textOf(gone, "purpose");
  const amount = textOf(gone, "amount");
  if (purpose === null || amount === null) return new ApiError(404, SPENDING_NOT_FOUND);
  return new ApiError(404, spendingGoneMessage(purpose, amount, gone?.by ?? null));
}

export const fundsRoutes = serveCalls(FUND_CALLS, {
  // Derived from the Sold items (kept by worker/salary/redistribute.ts).
  guildFunds: async (c) => sendData(c, { guildFunds: await getGuildFunds(c.get("db")) }),
  spending: async (c) => {
    const db = c.get("db");
    return sendData(c, {
      spending: await listSpending(db),
      balances: [await fundBalance(db, "guild"), await fundBalance(db, "admin")],
    });
  },
  createSpending: (c) => {
    const input = c.req.valid("json");
    return write(
      c,
      async ({ tx, audit }): Promise<CreateSpendingAnswer> => {
        await lockDerivedFigures(tx);
        const before = await fundBalance(tx, input.fund);
        // What a fund spent in all stays within the money range (decision 058), confirmed or not.
        if (input.amount > roomLeft(readMoney(before.spent))) {
          throw new ApiError(400, spentTotalBeyondRangeMessage(input.fund, input.amount, before.spent));
        }
        const amount = moneyText(input.amount);
        if (input.amount > (readMoney(before.balance) ?? 0) && input.confirmOverBalance !== true) {
          throw new ApiError(409, overFundMessage(input.fund, amount, before.balance), { balance: before });
        }
        const spending = await insertSpending(tx, {
          fund: input.fund,
          cents: input.amount,
          purpose: input.purpose,
          spentOn: input.spentOn,
          recordedBy: c.get("user")?.id ?? null,
        });
        await audit({ action: "create", entity: ENTITY, entityId: spending.id, after: spending });
        return { spending, balance: await fundBalance(tx, input.fund) };
      },
      201,
    );
  },
  deleteSpending: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await getSpending(tx, id, true);
      if (!before) throw await spendingGone(tx, id);
      await deleteSpending(tx, id);
      await audit({ action: "delete", entity: ENTITY, entityId: id, before });
      return { success: true, id, balance: await fundBalance(tx, before.fund) };
    });
  },
  // One fund's ledger, a page at a time, read from one snapshot.
  ledger: async (c) => {
    const { fund, page } = c.req.valid("query");
    const configured = c.get("config").timeZone;
    const ledger = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return readLedger(tx, fund, page, await guildTimeZone(tx, configured));
    });
    return sendData(c, ledger);
  },
});

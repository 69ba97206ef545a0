/**
 * /_api/payouts (docs/decisions/049), admins only: the payouts, recording one, voiding a mistaken one, every
 * member's balance and the CSV export. A payout above the member's balance needs `confirmOverBalance`; the check
 * reads the balance in the write's own transaction, with the member's row locked.
 */
import Papa from "papaparse";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import { moneyText, readMoney } from "@shared/money/money.ts";
import { roomLeft } from "@shared/money/money-range.ts";
import {
  type CreatePayoutAnswer,
  type MemberBalance,
  overBalanceMessage,
  PAYOUT_CSV_COLUMNS,
  PAYOUT_NOT_FOUND,
  paidTotalBeyondRangeMessage,
  payeeGoneMessage,
  payoutGoneMessage,
} from "@shared/schemas/payouts.ts";
import { ApiError } from "../app/api-error.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { dayIn } from "./payout-day.ts";
import {
  deletePayout,
  getPayout,
  insertPayout,
  listBalances,
  listPayouts,
  lockMember,
  memberBalance,
  PAYOUT_ENTITY,
} from "./payouts-repo.ts";

/** The 404 of a payout to a member deleted meanwhile, naming them (decision 058). */
async function payeeGone(tx: Queryable, memberId: number): Promise<ApiError> {
  const gone = await goneRow(tx, "guild_member", memberId);
  return new ApiError(404, payeeGoneMessage(textOf(gone, "playerName"), gone?.by ?? null));
}

/** The 404 of a void of a payout voided meanwhile, naming it by member and amount (decision 058). */
async function payoutGone(tx: Queryable, id: number): Promise<ApiError> {
  const gone = await goneRow(tx, PAYOUT_ENTITY, id);
  const memberName = textOf(gone, "memberName");
  const amount = textOf(gone, "amount");
  if (memberName === null || amount === null) return new ApiError(404, PAYOUT_NOT_FOUND);
  return new ApiError(404, payoutGoneMessage(memberName, amount, gone?.by ?? null));
}

export const payoutsRoutes = serveCalls(PAYOUT_CALLS, {
  list: async (c) => {
    const { memberId } = c.req.valid("query");
    return sendData(c, { payouts: await listPayouts(c.get("db"), { memberId }) });
  },
  balances: async (c) => sendData(c, { balances: await listBalances(c.get("db")) }),
  exportCsv: async (c) => {
    const payouts = await listPayouts(c.get("db"));
    const csv = Papa.unparse(
      {
        fields: [...PAYOUT_CSV_COLUMNS],
        data: payouts.map((p) => [
          p.paidOn,
          p.memberName,
          p.amount,
          p.method,
          p.reference,
          p.recordedByName ?? "",
        ]),
      },
      // A name or reference such as '=HYPERLINK(...)' must stay text when the file is opened in a spreadsheet.
      { escapeFormulae: true, newline: "\r\n" },
    );
    const day = dayIn(await guildTimeZone(c.get("db"), c.get("config").timeZone), c.get("clock")());
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payouts-${day}.csv"`,
    });
  },
  create: (c) => {
    const input = c.req.valid("json");
    return write(
      c,
      async ({ tx, audit }): Promise<CreatePayoutAnswer> => {
        const member = await lockMember(tx, input.memberId);
        if (!member) throw await payeeGone(tx, input.memberId);
        const before = (await memberBalance(tx, member.id)) as MemberBalance;
        // What the member was paid in all stays within the money range (decision 058), confirmed or not.
        if (input.amount > roomLeft(readMoney(before.paid))) {
          throw new ApiError(400, paidTotalBeyondRangeMessage(member.playerName, input.amount, before.paid));
        }
        const amount = moneyText(input.amount);
        // Within the range the balance is too: paid is at most the limit less this amount.
        if (input.amount > (readMoney(before.balance) ?? 0) && input.confirmOverBalance !== true) {
          throw new ApiError(409, overBalanceMessage(member.playerName, amount, before.balance), {
            balance: before,
          });
        }
        const payout = await insertPayout(tx, {
          memberId: member.id,
          memberName: member.playerName,
          cents: input.amount,
          paidOn: input.paidOn,
          method: input.method,
          reference: input.reference,
          recordedBy: c.get("user")?.id ?? null,
        });
        await audit({ action: "create", entity: PAYOUT_ENTITY, entityId: payout.id, after: payout });
        return { payout, balance: (await memberBalance(tx, member.id)) as MemberBalance };
      },
      201,
    );
  },
  remove: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await getPayout(tx, id, true);
      if (!before) throw await payoutGone(tx, id);
      await deletePayout(tx, id);
      await audit({ action: "delete", entity: PAYOUT_ENTITY, entityId: id, before });
      const balance = before.memberId === null ? null : ((await memberBalance(tx, before.memberId)) ?? null);
      return { success: true, id, balance };
    });
  },
});

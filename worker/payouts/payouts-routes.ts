/**
 * /_api/payouts (docs/decisions/049), admins only: the payouts, recording one, voiding a mistaken one, every
 * member's balance and the CSV export. A payout above the member's balance needs `confirmOverBalance`; the check
 * reads the balance in the write's own transaction, with the member's row locked.
 */
import { Hono } from "hono";
import Papa from "papaparse";
import { moneyText, readMoney } from "@shared/money/money.ts";
import { roomLeft } from "@shared/money/money-range.ts";
import {
  type CreatePayoutAnswer,
  createPayoutSchema,
  type MemberBalance,
  overBalanceMessage,
  PAYOUT_CSV_COLUMNS,
  PAYOUT_NOT_FOUND,
  paidTotalBeyondRangeMessage,
  payeeGoneMessage,
  payoutGoneMessage,
  payoutIdSchema,
  payoutListQuerySchema,
} from "@shared/schemas/payouts.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { sendData } from "../app/respond.ts";
import { jsonBody, query } from "../app/validate.ts";
import { write } from "../app/write.ts";
import { requireRole } from "../auth/require-role.ts";
import type { Queryable } from "../db/types.ts";
import {
  deletePayout,
  getPayout,
  insertPayout,
  listBalances,
  listPayouts,
  lockMember,
  memberBalance,
} from "./payouts-repo.ts";

export const PAYOUT_ENTITY = "payout";

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

/** The calendar day (YYYY-MM-DD) of `now` in the guild's time zone (GUILD_TIMEZONE), or UTC without one. */
export function dayIn(timeZone: string | null, now: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export const payoutsRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", query(payoutListQuerySchema), async (c) => {
    const { memberId } = c.req.valid("query");
    return sendData(c, { payouts: await listPayouts(c.get("db"), { memberId }) });
  })
  .get("/balances", async (c) => sendData(c, { balances: await listBalances(c.get("db")) }))
  .get("/export.csv", async (c) => {
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
    const day = dayIn(c.get("config").timeZone, c.get("clock")());
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="payouts-${day}.csv"`,
    });
  })
  .post("/", jsonBody(createPayoutSchema), (c) => {
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
  })
  .post("/delete", jsonBody(payoutIdSchema), (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      const before = await getPayout(tx, id, true);
      if (!before) throw await payoutGone(tx, id);
      await deletePayout(tx, id);
      await audit({ action: "delete", entity: PAYOUT_ENTITY, entityId: id, before });
      const balance = before.memberId === null ? null : ((await memberBalance(tx, before.memberId)) ?? null);
      return { success: true, id, balance };
    });
  });

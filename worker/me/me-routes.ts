/**
 * /_api/me: what a signed-in account (any role) may read about itself. "My earnings" (docs/decisions/051): the
 * shares, payouts and balance of the account's main character and its alts. Anonymous callers get 401.
 */
import { ME_CALLS } from "@shared/contract/me.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { readMyEarnings } from "./my-earnings-repo.ts";

export const meRoutes = serveCalls(ME_CALLS, {
  earnings: async (c) => {
    const userId = (c.get("user") as { id: number }).id;
    const answer = await c.get("db").transaction(async (tx) => {
      await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return readMyEarnings(tx, userId);
    });
    return sendData(c, answer);
  },
});

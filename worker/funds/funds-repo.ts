/** The guild-funds row: derived from the Sold items, kept by worker/salary/redistribute.ts. */
import type { GuildFunds } from "@shared/schemas/market.ts";
import type { Queryable } from "../db/types.ts";

export async function getGuildFunds(q: Queryable): Promise<GuildFunds | null> {
  const rows = await q.query<GuildFunds>(
    `SELECT id, reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund", updated_at AS "updatedAt"
       FROM guild_funds WHERE id = 1`,
  );
  return rows[0] ?? null;
}

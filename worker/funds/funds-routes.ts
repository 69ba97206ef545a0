/** The guild-funds row (derived from the Sold items; kept by worker/salary/redistribute.ts). Admin only. */
import { Hono } from "hono";
import type { GuildFunds } from "@shared/schemas/market.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { requireRole } from "../auth/require-role.ts";
import type { Queryable } from "../db/types.ts";

export async function getGuildFunds(q: Queryable): Promise<GuildFunds | null> {
  const rows = await q.query<GuildFunds>(
    `SELECT id, reserved_guild_funds AS "reservedGuildFunds", admin_fund AS "adminFund", updated_at AS "updatedAt"
       FROM guild_funds WHERE id = 1`,
  );
  return rows[0] ?? null;
}

export const fundsRoutes = new Hono<AppEnv>()
  .use(requireRole("admin"))
  .get("/", async (c) => sendData(c, { guildFunds: await getGuildFunds(c.get("db")) }));

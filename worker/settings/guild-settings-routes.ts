/**
 * The guild's settings (decision 059): anyone reads them (GET /_api/public/guild-settings, a cached read the web
 * app keeps offline), admins change them (PUT /_api/admin/guild-settings, audited like every admin write).
 */
import type { Context } from "hono";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import { type GuildSettings, timeZoneUnknownToDatabase } from "@shared/schemas/guild-settings.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { guildSettingsAnswer } from "./guild-name.ts";
import { saveAfterMaintenance, saveTimeZone } from "./guild-settings-repo.ts";
import { readGuildSettings } from "./guild-time-zone.ts";

const ENTITY = "guild_settings";

/**
 * Whether PostgreSQL knows the zone too: the fund ledger reads days in it there (fund-ledger.ts). Its zone list
 * comes from another copy of the tz database than the runtime's Intl, and may lack a newer name.
 */
async function databaseKnows(q: Queryable, timeZone: string): Promise<boolean> {
  try {
    await q.query("SELECT now() AT TIME ZONE $1::text", [timeZone]);
    return true;
  } catch (err) {
    if (String((err as { code?: unknown }).code ?? "").startsWith("22")) return false;
    throw err;
  }
}

/** A change to the settings row: the settings before and after it in one audit entry, the new ones answered. */
function saveSettings(c: Context<AppEnv>, change: (tx: Queryable) => Promise<void>) {
  const config = c.get("config");
  return write(c, async ({ tx, audit }) => {
    const before = await readGuildSettings(tx, config.timeZone);
    await change(tx);
    const after = await readGuildSettings(tx, config.timeZone);
    await audit({ action: "update", entity: ENTITY, before, after });
    return guildSettingsAnswer(tx, config);
  });
}

export const guildSettingsRoutes = serveCalls(GUILD_SETTINGS_CALLS, {
  read: async (c) => sendData<GuildSettings>(c, await guildSettingsAnswer(c.get("db"), c.get("config"))),
  save: async (c) => {
    const { timeZone } = c.req.valid("json");
    if (!(await databaseKnows(c.get("db"), timeZone)))
      throw new ApiError(400, timeZoneUnknownToDatabase(timeZone));
    return saveSettings(c, (tx) => saveTimeZone(tx, timeZone));
  },
  // What a server maintenance does to interval bosses (decision 076): chosen once, audited like the zone.
  saveAfterMaintenance: (c) => {
    const { afterMaintenance } = c.req.valid("json");
    return saveSettings(c, (tx) => saveAfterMaintenance(tx, afterMaintenance));
  },
});

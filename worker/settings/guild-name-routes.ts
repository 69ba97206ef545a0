/**
 * The guild's name (decision 078): PUT /_api/admin/guild-settings/name, admins only, through write() so it is
 * audited. The guild-settings data version moves with the row, so every open app pulls the settings (and with
 * them the header's name) through the live feed.
 */
import { GUILD_NAME_CALLS } from "@shared/contract/guild-name.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { guildSettingsAnswer, readGuildName, saveGuildName } from "./guild-name.ts";

export const guildNameRoutes = serveCalls(GUILD_NAME_CALLS, {
  saveName: async (c) => {
    const { guildName } = c.req.valid("json");
    const config = c.get("config");
    return write(c, async ({ tx, audit }) => {
      const before = await readGuildName(tx, config.brand);
      await saveGuildName(tx, guildName);
      const after = await readGuildName(tx, config.brand);
      if (before.guildName !== after.guildName || before.guildNameSource !== after.guildNameSource)
        await audit({ action: "update", entity: "guild_settings", before, after });
      return guildSettingsAnswer(tx, config);
    });
  },
});

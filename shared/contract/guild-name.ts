/** The guild's name (decision 078): admins change it; everyone reads it in the guild settings and the config. */
import { guildNameUpdateSchema } from "../schemas/guild-name.ts";
import type { GuildSettings } from "../schemas/guild-settings.ts";
import { answer, call } from "./call.ts";

export const GUILD_NAME_CALLS = {
  saveName: call({
    method: "PUT",
    path: "/admin/guild-settings/name",
    role: "admin",
    summary:
      "Names the guild (null or empty: GUILD_BRAND again); every open app follows through the live feed; audited.",
    body: guildNameUpdateSchema,
    answer: answer<GuildSettings>(),
  }),
};

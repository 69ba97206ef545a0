/** The guild's settings (decision 059): anyone reads them, admins change them. */
import { type GuildSettings, guildSettingsUpdateSchema } from "../schemas/guild-settings.ts";
import { afterMaintenanceSchema } from "../schemas/timer-tools.ts";
import { answer, call } from "./call.ts";

export const GUILD_SETTINGS_CALLS = {
  read: call({
    method: "GET",
    path: "/public/guild-settings",
    role: "public",
    summary:
      "The guild's time zone in force and where it comes from (a cached read the app keeps offline; ETag).",
    answer: answer<GuildSettings>(),
  }),
  save: call({
    method: "PUT",
    path: "/admin/guild-settings",
    role: "admin",
    summary: "Chooses the guild's time zone (an IANA name both the runtime and PostgreSQL know); audited.",
    body: guildSettingsUpdateSchema,
    answer: answer<GuildSettings>(),
  }),
  saveAfterMaintenance: call({
    method: "PUT",
    path: "/admin/guild-settings/after-maintenance",
    role: "admin",
    summary:
      "Chooses what a server maintenance does to interval bosses: 'ready' from the back time or 'restart' then; audited.",
    body: afterMaintenanceSchema,
    answer: answer<GuildSettings>(),
  }),
};

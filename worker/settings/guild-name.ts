/**
 * The guild's name (decision 078) as every part of the server reads it: the admin's choice in guild_settings
 * (sql/021); until there is one, GUILD_BRAND (AppConfig.brand). The public config's `brand`, the guild settings'
 * answer, a backup's `guild`, the name a restore's confirmation asks for and the SQL copy's heading all read it here.
 */

import { splitRuleText } from "@shared/salary/split-rules.ts";
import { type GuildName, resolveGuildName } from "@shared/schemas/guild-name.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import type { Queryable } from "../db/types.ts";
import { loadSplitRules } from "../salary/split-rules-repo.ts";
import { readGuildSettings } from "./guild-time-zone.ts";

/** The name an admin chose, or null (none chosen, or a restore left the table without its row). */
export async function readChosenGuildName(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ guildName: string | null }>(
    `SELECT guild_name AS "guildName" FROM guild_settings WHERE id = 1`,
  );
  return row?.guildName ?? null;
}

/** Stores the chosen name (null: back to GUILD_BRAND); the row is made if a restore left the table empty. */
export async function saveGuildName(q: Queryable, guildName: string | null): Promise<void> {
  await q.query(
    `INSERT INTO guild_settings (id, guild_name) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET guild_name = EXCLUDED.guild_name`,
    [guildName],
  );
}

/** The name in force and where it comes from. `configured`: GUILD_BRAND. */
export async function readGuildName(q: Queryable, configured: string): Promise<GuildName> {
  return resolveGuildName(await readChosenGuildName(q), configured);
}

/** The name in force, for texts. */
export async function guildNameInForce(q: Queryable, configured: string): Promise<string> {
  return (await readGuildName(q, configured)).guildName;
}

/** GET /_api/public/guild-settings's answer: the zone and the name in force, and the split rules (decision 075). */
export async function guildSettingsAnswer(
  q: Queryable,
  config: { timeZone: string | null | undefined; brand: string },
): Promise<GuildSettings> {
  const rules = await loadSplitRules(q);
  return {
    ...(await readGuildSettings(q, config.timeZone)),
    ...(await readGuildName(q, config.brand)),
    splitRules: rules.flatMap((rule) =>
      rule.effectiveFrom === null ? [] : [splitRuleText({ ...rule, effectiveFrom: rule.effectiveFrom })],
    ),
  };
}

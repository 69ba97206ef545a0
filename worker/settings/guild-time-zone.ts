/**
 * The guild's one time zone (decision 059), as every part of the server reads it: the boss schedules behind spawn
 * alerts and Discord, the guild's days (payouts, the fund ledger), the public settings every screen shows. The
 * admin's choice in the database; until there is one, GUILD_TIMEZONE; else the runtime's own zone.
 */
import { resolveTimeZone } from "@shared/format/zoned-time.ts";
import { type GuildTimeZone, resolveGuildTimeZone } from "@shared/schemas/guild-settings.ts";
import type { TimerToolSettings } from "@shared/schemas/timer-tools.ts";
import type { Queryable } from "../db/types.ts";
import { readAfterMaintenance, readChosenTimeZone } from "./guild-settings-repo.ts";

/** The runtime's own zone: the machine's under `npm start` (TZ, the system's setting), UTC in workerd. */
export function runtimeTimeZone(): string {
  return resolveTimeZone(null);
}

/** The zone in force and where it comes from. `configured`: GUILD_TIMEZONE (AppConfig.timeZone), null when unset. */
export async function readGuildSettings(
  q: Queryable,
  configured: string | null | undefined,
): Promise<GuildTimeZone & TimerToolSettings> {
  const zone = resolveGuildTimeZone(await readChosenTimeZone(q), configured, runtimeTimeZone());
  return { ...zone, afterMaintenance: await readAfterMaintenance(q) };
}

/** The zone fixed schedules and the guild's days are read in. */
export async function guildTimeZone(q: Queryable, configured: string | null | undefined): Promise<string> {
  return zoneInForce(await readChosenTimeZone(q), configured);
}

/** The zone in force from the admin's stored choice (null: none) and GUILD_TIMEZONE. */
export function zoneInForce(chosen: string | null, configured: string | null | undefined): string {
  return resolveGuildTimeZone(chosen, configured, runtimeTimeZone()).timeZone;
}

/** What `npm start` says about the zone when it starts. */
export function timeZoneStartLine({ timeZone, timeZoneSource }: GuildTimeZone): string {
  if (timeZoneSource === "guild-settings")
    return `Guild time zone: ${timeZone} (chosen in Admin › Guild Settings)`;
  const from = timeZoneSource === "GUILD_TIMEZONE" ? "GUILD_TIMEZONE" : "this machine's";
  return `Guild time zone: ${timeZone} (${from}; choose it in Admin › Guild Settings)`;
}

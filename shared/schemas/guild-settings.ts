/**
 * The guild's settings (decision 059), chosen by an admin on Admin › Guild settings and stored in the database
 * (sql/012-guild-settings.sql). The time zone first; later settings join the same body and answer.
 *
 * - GET /_api/public/guild-settings (anyone)   -> GuildSettings   what every screen reads (a cached read)
 * - PUT /_api/admin/guild-settings  (admins)   { timeZone } -> GuildSettings
 */
import * as z from "zod";
import type { SplitRuleText } from "../salary/split-rules.ts";
import type { GuildName } from "./guild-name.ts";
import type { TimerToolSettings } from "./timer-tools.ts";

/** Where the zone in force comes from: an admin's choice, GUILD_TIMEZONE until then, else the server's own. */
export type TimeZoneSource = "guild-settings" | "GUILD_TIMEZONE" | "server";

export interface GuildTimeZone {
  /** The IANA zone fixed boss schedules and spawn alerts are read in, for everyone alike. */
  timeZone: string;
  timeZoneSource: TimeZoneSource;
}

/**
 * The zone, the guild's name (guild-name.ts, decision 078), what a server maintenance does to interval bosses
 * (`afterMaintenance`, decision 076) and the split rules in force.
 */
export interface GuildSettings extends GuildTimeZone, GuildName, TimerToolSettings {
  /**
   * The split rules, oldest first (decision 075); empty: the default 10/5/25/60 for every item. An app that synced the
   * settings before the rules existed has none stored: read them with splitRuleBookOf.
   */
  splitRules: SplitRuleText[];
}

export const TIME_ZONE_INVALID =
  "Time zone must be an IANA time zone name from the list, such as Europe/Berlin or Asia/Manila.";
export const TIME_ZONE_REQUIRED = "Choose the guild's time zone.";
export const timeZoneUnknownToDatabase = (zone: string) =>
  `The database does not know the time zone ${zone}; choose another name for the same zone.`;

/** The shape sql/012 allows: letters first, then letters, digits, _ + - in /-separated parts, 64 at most. */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
export const MAX_TIME_ZONE_LENGTH = 64;

/**
 * The zone's name as this runtime's Intl writes it ("utc" → "UTC", "asia/manila" → "Asia/Manila"), or null when
 * it is not an IANA zone name this runtime knows. Offsets ("+08:00") are not names and are refused.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > MAX_TIME_ZONE_LENGTH || !ZONE_SHAPE.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return resolved && ZONE_SHAPE.test(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

export const timeZoneField = z
  .string({ error: (issue) => (issue.input === undefined ? TIME_ZONE_REQUIRED : TIME_ZONE_INVALID) })
  .trim()
  .min(1, { error: TIME_ZONE_REQUIRED })
  .transform((name, ctx) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) {
      ctx.issues.push({ code: "custom", message: TIME_ZONE_INVALID, input: name });
      return z.NEVER;
    }
    return canonical;
  });

export const guildSettingsUpdateSchema = z.strictObject(
  { timeZone: timeZoneField },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
  },
);
export type GuildSettingsUpdate = z.input<typeof guildSettingsUpdateSchema>;

/**
 * The zone in force (decision 059): the admin's choice; until there is one, GUILD_TIMEZONE; else the runtime's own
 * zone (the machine's under `npm start`, UTC on Workers).
 */
export function resolveGuildTimeZone(
  chosen: string | null | undefined,
  configured: string | null | undefined,
  runtimeZone: string,
): GuildTimeZone {
  if (chosen) return { timeZone: chosen, timeZoneSource: "guild-settings" };
  if (configured) return { timeZone: configured, timeZoneSource: "GUILD_TIMEZONE" };
  return { timeZone: runtimeZone, timeZoneSource: "server" };
}

/**
 * The guild's name as a setting (decision 078): '{brand}' in every text, the header, the page titles, a backup's
 * `guild` and the name a restore's confirmation asks for. Stored in guild_settings.guild_name (sql/021); null: the
 * server's GUILD_BRAND, as before there was a setting.
 *
 * - PUT /_api/admin/guild-settings/name (admins) { guildName: string | null } -> GuildName
 * - GET /_api/public/config answers the name in force as `brand`; GET /_api/public/guild-settings as `guildName`.
 */
import * as z from "zod";

/** GUILD_BRAND's bound (worker/config/env.ts), and sql/021's. */
export const GUILD_NAME_MAX_LENGTH = 60;

export const GUILD_NAME_MESSAGES = {
  tooLong: `Guild name cannot exceed ${GUILD_NAME_MAX_LENGTH} characters.`,
  control: "Guild name must be one line of plain text, without control characters.",
  type: "Guild name must be text, or empty to use the server's name.",
} as const;

/**
 * What a name may not hold: control characters (line breaks, tabs, NUL), line and paragraph separators, the
 * direction overrides that make a name read as another, and lone surrogates (no character at all).
 */
const NOT_IN_A_NAME = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function guildNameProblem(name: string): string | undefined {
  if (NOT_IN_A_NAME.test(name)) return GUILD_NAME_MESSAGES.control;
  if ([...name].length > GUILD_NAME_MAX_LENGTH) return GUILD_NAME_MESSAGES.tooLong;
  return undefined;
}

/** A name as typed; spaces around it go, and empty (or null) means "use the server's name". */
export const guildNameField = z
  .string({ error: GUILD_NAME_MESSAGES.type })
  .max(GUILD_NAME_MAX_LENGTH * 8, { error: GUILD_NAME_MESSAGES.tooLong })
  .transform((name, ctx) => {
    const trimmed = name.trim();
    const problem = guildNameProblem(trimmed);
    if (problem !== undefined) {
      ctx.issues.push({ code: "custom", message: problem, input: name });
      return z.NEVER;
    }
    return trimmed === "" ? null : trimmed;
  })
  .nullable();

export const guildNameUpdateSchema = z.strictObject(
  { guildName: guildNameField },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
  },
);
export type GuildNameUpdate = z.input<typeof guildNameUpdateSchema>;

/** Where the name in force comes from: an admin's choice, else GUILD_BRAND. */
export type GuildNameSource = "guild-settings" | "GUILD_BRAND";

export interface GuildName {
  /** The name in force: the chosen one, else GUILD_BRAND. */
  guildName: string;
  guildNameSource: GuildNameSource;
}

/** The name in force (decision 078). */
export function resolveGuildName(chosen: string | null | undefined, configured: string): GuildName {
  return chosen
    ? { guildName: chosen, guildNameSource: "guild-settings" }
    : { guildName: configured, guildNameSource: "GUILD_BRAND" };
}

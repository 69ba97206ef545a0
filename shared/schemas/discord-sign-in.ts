/**
 * Sign in with Discord (decision 070): the settings an admin keeps on Admin › Guild settings, their messages, and
 * what the calls answer. The login page's refusal texts are in shared/auth/discord-sign-in-refusals.ts (no zod).
 *
 * - GET /_api/public/sign-in-options            (anyone)  -> SignInOptions
 * - GET /_api/auth/discord/start?next=/path     (anyone)  -> 302 to Discord
 * - GET /_api/auth/discord/callback?code&state  (anyone)  -> 302 to the page, or /login?error=<code>
 * - GET /_api/admin/discord-sign-in             (admins)  -> DiscordSignInSettings (never the secret)
 * - PUT /_api/admin/discord-sign-in             (admins)  DiscordSignInUpdate -> DiscordSignInSettings
 */
import * as z from "zod";
import { ACCOUNT_ROLES, type AccountRole } from "../contract/roles.ts";

/** Discord's ids (snowflakes) are 17 to 20 digits today. */
export const SNOWFLAKE = /^[1-9][0-9]{16,19}$/;
export const MAX_ROLE_MAPPINGS = 50;
export const ROLE_LABEL_MAX_LENGTH = 100;
/** Discord's client secrets are 32 characters; a little room for a longer one, never a paragraph. */
export const CLIENT_SECRET_MAX_LENGTH = 200;

export const DISCORD_SIGN_IN_MESSAGES = {
  clientId:
    "Client ID must be the application's id from the Discord Developer Portal: 17 to 20 digits (OAuth2 › Client ID).",
  clientSecret: `Client secret must be the secret from the Discord Developer Portal (OAuth2 › Reset Secret), at most ${CLIENT_SECRET_MAX_LENGTH} characters, without spaces.`,
  guildId:
    "Server ID must be your Discord server's id: 17 to 20 digits (Developer Mode on, then right-click the server › Copy Server ID).",
  roleId:
    "Each Discord role ID must be 17 to 20 digits (Developer Mode on, then Server Settings › Roles › … › Copy Role ID).",
  portalRole: "Each Discord role gives one portal role: admin, officer or user (raider).",
  roleLabel: `A role's label is at most ${ROLE_LABEL_MAX_LENGTH} characters.`,
  tooManyRoles: `At most ${MAX_ROLE_MAPPINGS} Discord roles can be mapped.`,
  duplicateRole: "Each Discord role can be mapped once: remove the repeated role ID.",
  next: "next must be a path on this site.",
  query: "This is not a Discord sign-in link.",
  /** A backup with two accounts of one Discord user (restore). */
  accountTwice: "Another account already belongs to this Discord user.",
  discordId: "must be a Discord id of 17 to 20 digits.",
} as const;

const unknownKeys = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
};

const snowflake = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => SNOWFLAKE.test(value), { error: message });
/** An id, or "" for none yet. */
const snowflakeOrEmpty = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === "" || SNOWFLAKE.test(value), { error: message });

export const roleMappingSchema = z.strictObject(
  {
    roleId: snowflake(DISCORD_SIGN_IN_MESSAGES.roleId),
    role: z.enum(ACCOUNT_ROLES, { error: DISCORD_SIGN_IN_MESSAGES.portalRole }),
    label: z
      .string({ error: DISCORD_SIGN_IN_MESSAGES.roleLabel })
      .trim()
      .max(ROLE_LABEL_MAX_LENGTH, { error: DISCORD_SIGN_IN_MESSAGES.roleLabel })
      .default(""),
  },
  unknownKeys,
);
export type RoleMapping = z.output<typeof roleMappingSchema>;

export const discordSignInUpdateSchema = z.strictObject(
  {
    clientId: snowflakeOrEmpty(DISCORD_SIGN_IN_MESSAGES.clientId),
    /** Absent: keep the stored secret. "": remove it. Anything else: the new secret. */
    clientSecret: z
      .string({ error: DISCORD_SIGN_IN_MESSAGES.clientSecret })
      .trim()
      .max(CLIENT_SECRET_MAX_LENGTH, { error: DISCORD_SIGN_IN_MESSAGES.clientSecret })
      .refine((value) => !/\s/.test(value), { error: DISCORD_SIGN_IN_MESSAGES.clientSecret })
      .optional(),
    guildId: snowflakeOrEmpty(DISCORD_SIGN_IN_MESSAGES.guildId),
    roles: z
      .array(roleMappingSchema, { error: DISCORD_SIGN_IN_MESSAGES.tooManyRoles })
      .max(MAX_ROLE_MAPPINGS, { error: DISCORD_SIGN_IN_MESSAGES.tooManyRoles })
      .refine((roles) => new Set(roles.map((r) => r.roleId)).size === roles.length, {
        error: DISCORD_SIGN_IN_MESSAGES.duplicateRole,
      }),
  },
  unknownKeys,
);
export type DiscordSignInUpdate = z.input<typeof discordSignInUpdateSchema>;

/** Where the secret in force comes from: the server's DISCORD_CLIENT_SECRET wins over the one saved here. */
export type ClientSecretSource = "environment" | "settings" | null;

export interface DiscordSignInSettings {
  clientId: string;
  /** Whether a secret is in force; the secret itself never leaves the server. */
  clientSecretSet: boolean;
  clientSecretSource: ClientSecretSource;
  guildId: string;
  roles: RoleMapping[];
  /** What to paste into the Discord Developer Portal (OAuth2 › Redirects). */
  redirectUrl: string;
  /** Everything is there for a sign-in: the login page offers 'Continue with Discord'. */
  ready: boolean;
}

export interface SignInOptions {
  discord: boolean;
}

/** A query value's bound: Discord's codes and states are far shorter, and a page to return to is at most this. */
const QUERY_TEXT_MAX_LENGTH = 2000;
const queryText = z.string().max(QUERY_TEXT_MAX_LENGTH, { error: DISCORD_SIGN_IN_MESSAGES.query }).optional();

export const signInStartQuerySchema = z.object({
  next: z.string().max(QUERY_TEXT_MAX_LENGTH, { error: DISCORD_SIGN_IN_MESSAGES.next }).optional(),
});
/** What Discord sends back; anything else it adds is ignored. */
export const signInCallbackQuerySchema = z.object({
  code: queryText,
  state: queryText,
  error: queryText,
});

/** The portal role the highest of `roleIds` gives, or null when none of them is mapped. */
export function portalRoleOf(
  roleIds: readonly string[],
  mappings: readonly RoleMapping[],
): AccountRole | null {
  const given = new Set(mappings.filter((m) => roleIds.includes(m.roleId)).map((m) => m.role));
  return ACCOUNT_ROLES.find((role) => given.has(role)) ?? null;
}

/**
 * Why a Discord sign-in did not sign anyone in (decision 070): the callback sends the browser to
 * `/login?error=<code>` and the login page shows the text of that code. Kept apart from the zod schemas
 * (discord-sign-in.ts) so the login page does not download zod to show a sentence.
 */

/** Where the login page's 'Continue with Discord' goes: the server's first step. */
export const DISCORD_SIGN_IN_START_PATH = "/_api/auth/discord/start";

export const DISCORD_REFUSALS = {
  /** The guild has not set Discord sign-in up (client id, secret, server id, a mapped role). */
  discord_not_configured:
    "Discord sign-in is not set up for this guild yet. Log in with your email and password, or ask an admin.",
  /** A state the server did not give, gave to someone else, already used, or gave more than 10 minutes ago. */
  discord_state:
    "This Discord sign-in has expired or was already used. Press 'Continue with Discord' to start again.",
  /** The state was given to another browser (or its cookie is gone). */
  discord_browser:
    "This Discord sign-in was started in another browser. Press 'Continue with Discord' in this one to start again.",
  /** The person pressed Cancel on Discord's page. */
  discord_cancelled: "Discord sign-in was cancelled. Press 'Continue with Discord' to try again.",
  /** Discord refused the code (used twice, expired) or the application's credentials. */
  discord_code:
    "Discord did not accept this sign-in (the code was already used or has expired). Press 'Continue with Discord' to start again.",
  /** Discord could not be reached, or answered something unexpected. */
  discord_unavailable: "Discord could not be reached to sign you in. Try again in a minute.",
  /** Not in the guild's Discord server. */
  discord_not_member:
    "Your Discord account is not a member of the guild's Discord server. Join the server, then try again.",
  /** In the server, but no role of theirs is mapped to a portal role. */
  discord_no_role:
    "Your Discord roles do not give you access to this portal. Ask an officer for a guild role on Discord.",
  /** The account was disabled by an admin in Accounts. */
  discord_disabled: "This account is disabled. Ask an admin of the guild.",
} as const;

export type DiscordRefusal = keyof typeof DISCORD_REFUSALS;

/** The text of a `?error=` code, or null for anything else (a code from an older or a forged link). */
export function discordRefusalText(code: string | undefined | null): string | null {
  if (!code || !Object.hasOwn(DISCORD_REFUSALS, code)) return null;
  return DISCORD_REFUSALS[code as DiscordRefusal];
}

/**
 * Accounts made by a Discord sign-in have no email (Discord gives none with the portal's scopes): their email column
 * holds `<discord id>@discord.invalid`, in RFC 2606's `.invalid`, which never delivers (decision 070). The Accounts
 * screen shows such an account as a Discord one.
 */
export const DISCORD_EMAIL_DOMAIN = "discord.invalid";

export const discordPlaceholderEmail = (discordId: string): string => `${discordId}@${DISCORD_EMAIL_DOMAIN}`;

/** The Discord id of a placeholder email, or null for a real address. */
export function discordIdOfEmail(email: string): string | null {
  const match = /^([1-9][0-9]{16,19})@discord\.invalid$/.exec(email);
  return match?.[1] ?? null;
}

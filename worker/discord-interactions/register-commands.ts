/**
 * `npm run discord:register` (decision 096): puts the portal's slash commands (shared/discord/slash-commands.ts) on
 * the guild's Discord server, replacing what was registered before (Discord's bulk overwrite of guild commands,
 * which take effect at once, unlike global ones). Through the outbound guard, like every call the server makes.
 */
import { SLASH_COMMANDS } from "@shared/discord/slash-commands.ts";
import { guardedFetch, type Outbound } from "../outbound/guarded-fetch.ts";

export interface Registration {
  /** https://discord.com, or a test's fake. */
  origin: string;
  applicationId: string;
  guildId: string;
  botToken: string;
  outbound: Outbound;
}

/** The definitions as Discord's API takes them: the README's "who" column is the portal's, not Discord's. */
export const commandDefinitions = () => SLASH_COMMANDS.map(({ who: _who, ...definition }) => definition);

/** Registers the commands; answers their names as Discord stored them, or throws with Discord's answer. */
export async function registerCommands(registration: Registration): Promise<string[]> {
  const { origin, applicationId, guildId, botToken, outbound } = registration;
  const response = await guardedFetch(
    `${origin}/api/v10/applications/${applicationId}/guilds/${guildId}/commands`,
    {
      method: "PUT",
      headers: { authorization: `Bot ${botToken}`, "content-type": "application/json" },
      body: JSON.stringify(commandDefinitions()),
    },
    outbound,
  );
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`Discord refused the commands (HTTP ${response.status}): ${text}`);
  return (JSON.parse(text) as { name: string }[]).map((command) => command.name);
}

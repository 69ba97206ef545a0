/**
 * npm run discord:register: registers the portal's slash commands on the guild's Discord server (decision 096).
 *   DISCORD_APPLICATION_ID  the application's id (Developer Portal › General Information)
 *   DISCORD_BOT_TOKEN       its bot's token (Developer Portal › Bot › Reset Token)
 *   DISCORD_GUILD_ID        the guild's Discord server id (right-click the server › Copy Server ID)
 * DISCORD_OAUTH_TEST_ORIGIN points it at a fake Discord on this machine, as it does the server (tests only).
 */
import { registerCommands } from "../worker/discord-interactions/register-commands.ts";
import { DISCORD_ORIGIN } from "../worker/discord-sign-in/discord-api.ts";
import { outboundFrom } from "../worker/outbound/guarded-fetch.ts";
import { nodeTransport } from "../worker/outbound/node-transport.ts";
import { loopbackOrigin } from "../worker/outbound/test-origins.ts";

const SNOWFLAKE = /^[1-9]\d{16,19}$/;

function required(name: string, check: (value: string) => boolean, what: string): string {
  const value = process.env[name]?.trim() ?? "";
  if (!check(value)) {
    console.error(
      `${name} ${value === "" ? "is required" : `must be ${what}`} (see the README: Discord slash commands).`,
    );
    process.exit(2);
  }
  return value;
}

const applicationId = required(
  "DISCORD_APPLICATION_ID",
  (v) => SNOWFLAKE.test(v),
  "a Discord id (17-20 digits)",
);
const guildId = required("DISCORD_GUILD_ID", (v) => SNOWFLAKE.test(v), "a Discord id (17-20 digits)");
const botToken = required(
  "DISCORD_BOT_TOKEN",
  (v) => v.length > 0 && !/\s/.test(v),
  "the token without spaces",
);
const testOrigin = process.env.DISCORD_OAUTH_TEST_ORIGIN
  ? loopbackOrigin(process.env.DISCORD_OAUTH_TEST_ORIGIN)
  : null;

try {
  const names = await registerCommands({
    origin: testOrigin ?? DISCORD_ORIGIN,
    applicationId,
    guildId,
    botToken,
    outbound: outboundFrom({ DISCORD_OAUTH_TEST_ORIGIN: testOrigin ?? undefined }, nodeTransport()),
  });
  console.log(
    `Registered ${names.length} commands on server ${guildId}: ${names.map((n) => `/${n}`).join(", ")}`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

/**
 * For tests: Discord's side of slash commands (decision 096). A test key pair plays the application's (its public
 * key is the server's DISCORD_PUBLIC_KEY), and interactions are signed with it as Discord signs them: Ed25519 over
 * the timestamp and the raw body. WebCrypto only, so it runs on Node and in workerd alike. The follow-ups the
 * server posts later are received by the fake Discord (fake-discord.ts) and read back over HTTP.
 */
import type { RequestTarget } from "../../test/api-client.ts";

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

export interface SignedInteraction {
  status: number;
  /** The answer Discord would read (JSON), or the error body. */
  data: Record<string, unknown> & {
    type?: number;
    data?: { content?: string; flags?: number; components?: unknown[]; choices?: { name: string }[] };
    error?: string;
  };
}

export interface DiscordApplication {
  /** The public key in hex, as the Developer Portal shows it. */
  publicKey: string;
  applicationId: string;
  /** Signs and posts an interaction; `at` (epoch ms) dates it, `forge` signs with another key. */
  send(
    target: RequestTarget,
    origin: string,
    interaction: Record<string, unknown>,
    options?: { at?: number; forge?: boolean; unsigned?: boolean },
  ): Promise<SignedInteraction>;
}

let seq = BigInt(Date.now()) * 4_194_304n + BigInt(Math.floor(Math.random() * 4_000_000));
/** A new interaction id (a snowflake) no other of this run has. */
export const newInteractionId = (): string => String(++seq);

async function keyPair(): Promise<CryptoKeyPair> {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
}

export async function fakeDiscordApplication(): Promise<DiscordApplication> {
  const own = await keyPair();
  const other = await keyPair();
  const publicKey = hex(await crypto.subtle.exportKey("raw", own.publicKey));
  const applicationId = newInteractionId();
  return {
    publicKey,
    applicationId,
    send: async (target, origin, interaction, options = {}) => {
      const body = JSON.stringify({ application_id: applicationId, ...interaction });
      const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
      const key = options.forge ? other.privateKey : own.privateKey;
      const signature = hex(
        await crypto.subtle.sign("Ed25519", key, new TextEncoder().encode(timestamp + body)),
      );
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (!options.unsigned) {
        headers["x-signature-ed25519"] = signature;
        headers["x-signature-timestamp"] = timestamp;
      }
      const res = await target.request(`${origin}/_api/discord/interactions`, {
        method: "POST",
        headers,
        body,
      });
      const text = await res.text();
      let data: SignedInteraction["data"];
      try {
        data = JSON.parse(text);
      } catch {
        data = { error: text };
      }
      return { status: res.status, data };
    },
  };
}

/** A slash command as Discord sends it from a server: the member who typed it and the options. */
export function slashCommand(
  discordUserId: string,
  name: string,
  options: Record<string, string | number> = {},
  extra: { token?: string } = {},
): Record<string, unknown> {
  return {
    id: newInteractionId(),
    type: 2,
    token: extra.token ?? `token-${newInteractionId()}`,
    member: { user: { id: discordUserId, username: `user${discordUserId.slice(-4)}` } },
    data: {
      name,
      options: Object.entries(options).map(([optionName, value]) => ({ name: optionName, value })),
    },
  };
}

/** A press of a message's button. */
export function buttonPress(discordUserId: string, customId: string): Record<string, unknown> {
  return {
    id: newInteractionId(),
    type: 3,
    token: `token-${newInteractionId()}`,
    member: { user: { id: discordUserId } },
    data: { custom_id: customId, component_type: 2 },
  };
}

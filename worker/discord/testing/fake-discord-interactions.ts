/**
 * For tests: sending interactions as Discord does (decision 096). The fake Discord (fake-discord-commands.ts) holds
 * the application's key pair and signs each interaction over the timestamp and the raw body; its public key is the
 * portal's DISCORD_PUBLIC_KEY. Over HTTP, so a test in workerd or against `npm start` does what a Node test does.
 */
import type { RequestTarget } from "../../test/api-client.ts";

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
  /** The request Discord would send: the interaction signed (`at`, `forge`, `unsigned` as for send). */
  sign(
    interaction: Record<string, unknown>,
    options?: { at?: number; forge?: boolean; unsigned?: boolean },
  ): Promise<RequestInit & { headers: Record<string, string>; body: string }>;
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

async function askFake<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (res.status !== 200) throw new Error(`fake Discord ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The application the fake Discord at `fakeDiscordUrl` plays. */
export async function fakeDiscordApplication(fakeDiscordUrl: string): Promise<DiscordApplication> {
  const { publicKey } = await askFake<{ publicKey: string }>(`${fakeDiscordUrl}/__interactions/public-key`);
  const applicationId = newInteractionId();
  const application: DiscordApplication = {
    publicKey,
    sign: async (interaction, options = {}) => {
      const body = JSON.stringify({ application_id: applicationId, ...interaction });
      const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
      const { signature } = await askFake<{ signature: string }>(`${fakeDiscordUrl}/__interactions/sign`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timestamp, body, forge: options.forge ?? false }),
      });
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (!options.unsigned) {
        headers["x-signature-ed25519"] = signature;
        headers["x-signature-timestamp"] = timestamp;
      }
      return { method: "POST", headers, body };
    },
    send: async (target, origin, interaction, options = {}) => {
      const request = await application.sign(interaction, options);
      const res = await target.request(`${origin}/_api/discord/interactions`, request);
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
  return application;
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

/**
 * The Discord sign-in settings in force (decision 070): the row an admin keeps, the secret from
 * DISCORD_CLIENT_SECRET when the server has one (it wins) or else the saved one decrypted, and Discord's origin.
 */

import type { Context } from "hono";
import { DISCORD_SIGN_IN_CALLS } from "@shared/contract/discord-sign-in.ts";
import type { ClientSecretSource } from "@shared/schemas/discord-sign-in.ts";
import type { AppConfig, AppEnv, DiscordSignInConfig } from "../app/context.ts";
import { isHttps } from "../auth/session-cookie.ts";
import type { Queryable } from "../db/types.ts";
import { loopbackOrigin } from "../outbound/test-origins.ts";
import { openClientSecret } from "./client-secret-box.ts";
import { DISCORD_ORIGIN } from "./discord-api.ts";
import { readSignInSettings, type StoredSignInSettings } from "./discord-sign-in-repo.ts";

export interface SignInInForce extends Omit<StoredSignInSettings, "clientSecretBox"> {
  /** The secret to send Discord; null when there is none, or the saved one cannot be read with this pepper. */
  clientSecret: string | null;
  clientSecretSource: ClientSecretSource;
  /** Client id, secret, server and at least one mapped role: someone can sign in. */
  ready: boolean;
  origin: string;
}

/** The Discord sign-in part of a server's config from its parsed environment (Node and Workers alike). */
export function discordSignInConfigFrom(env: {
  DISCORD_CLIENT_SECRET?: string | undefined;
  DISCORD_OAUTH_TEST_ORIGIN?: string | undefined;
}): DiscordSignInConfig {
  const testOrigin =
    env.DISCORD_OAUTH_TEST_ORIGIN === undefined ? null : loopbackOrigin(env.DISCORD_OAUTH_TEST_ORIGIN);
  return { clientSecret: env.DISCORD_CLIENT_SECRET ?? null, origin: testOrigin ?? DISCORD_ORIGIN };
}

export const discordOriginOf = (config: AppConfig): string => config.discordSignIn?.origin ?? DISCORD_ORIGIN;

export async function signInInForce(q: Queryable, config: AppConfig): Promise<SignInInForce> {
  const { clientSecretBox, ...stored } = await readSignInSettings(q);
  const fromEnvironment = config.discordSignIn?.clientSecret || null;
  const clientSecret =
    fromEnvironment ??
    (clientSecretBox === null ? null : await openClientSecret(clientSecretBox, config.pepper));
  const clientSecretSource: ClientSecretSource =
    fromEnvironment !== null ? "environment" : clientSecretBox !== null ? "settings" : null;
  return {
    ...stored,
    clientSecret,
    clientSecretSource,
    ready:
      stored.clientId !== "" && clientSecret !== null && stored.guildId !== "" && stored.roles.length > 0,
    origin: discordOriginOf(config),
  };
}

/** Where Discord sends the browser back: this server's origin as the browser reached it. */
export function redirectUrlOf(c: Context<AppEnv>): string {
  const { host } = new URL(c.req.url);
  return `${isHttps(c) ? "https" : "http"}://${host}/_api${DISCORD_SIGN_IN_CALLS.callback.path}`;
}

/**
 * Admin › Guild settings › Discord sign-in (decision 070): admins read and save the application's client id and
 * secret, the guild's server and the role mapping. The secret is stored encrypted (client-secret-box.ts) and never
 * answered: the settings say only whether one is in force. Every save is audited, without the secret.
 */
import type { Context } from "hono";
import { DISCORD_SIGN_IN_SETTINGS_CALLS } from "@shared/contract/discord-sign-in.ts";
import type { DiscordSignInSettings } from "@shared/schemas/discord-sign-in.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { sealClientSecret } from "./client-secret-box.ts";
import { readSignInSettings, saveSignInSettings } from "./discord-sign-in-repo.ts";
import { redirectUrlOf, signInInForce } from "./sign-in-settings.ts";

export const SETTINGS_ENTITY = "discord_sign_in";

async function settingsAnswer(c: Context<AppEnv>, q: Queryable): Promise<DiscordSignInSettings> {
  const inForce = await signInInForce(q, c.get("config"));
  return {
    clientId: inForce.clientId,
    clientSecretSet: inForce.clientSecret !== null,
    clientSecretSource: inForce.clientSecret === null ? null : inForce.clientSecretSource,
    guildId: inForce.guildId,
    roles: inForce.roles,
    redirectUrl: redirectUrlOf(c),
    ready: inForce.ready,
  };
}

/** What the audit log keeps of a save: everything but the secret, of which only whether one is stored. */
async function auditView(q: Queryable) {
  const { clientSecretBox, ...stored } = await readSignInSettings(q);
  return { ...stored, clientSecretStored: clientSecretBox !== null };
}

export const discordSignInSettingsRoutes = serveCalls(DISCORD_SIGN_IN_SETTINGS_CALLS, {
  read: async (c) => sendData(c, await settingsAnswer(c, c.get("db"))),
  save: async (c) => {
    const { clientSecret, ...settings } = c.req.valid("json");
    const { pepper } = c.get("config");
    const clientSecretBox =
      clientSecret === undefined
        ? undefined
        : clientSecret === ""
          ? null
          : await sealClientSecret(clientSecret, pepper);
    return write(c, async ({ tx, audit }) => {
      const before = await auditView(tx);
      await saveSignInSettings(tx, { ...settings, clientSecretBox });
      const after = await auditView(tx);
      await audit({
        action: "update",
        entity: SETTINGS_ENTITY,
        before,
        after: clientSecret ? { ...after, clientSecretReplaced: true } : after,
      });
      return settingsAnswer(c, tx);
    });
  },
});

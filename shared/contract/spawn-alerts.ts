/** Spawn alerts: Web Push on a device (decision 042) and Discord for the guild (043). */

import { type BossAlert, saveBossAlertsSchema } from "../schemas/boss-alerts.ts";
import {
  type DiscordSettings,
  discordSettingsBodySchema,
  pushEndpointSchema,
  type SpawnAlertSettings,
  subscribeSpawnAlertsSchema,
} from "../schemas/spawn-alerts.ts";
import { answer, call } from "./call.ts";

export const SPAWN_ALERT_CALLS = {
  publicKey: call({
    method: "GET",
    path: "/spawn-alerts/public-key",
    role: "public",
    summary: "The server's VAPID public key; 503 when push is off.",
    answer: answer<{ publicKey: string }>(),
  }),
  subscribe: call({
    method: "POST",
    path: "/spawn-alerts/subscription",
    role: "public",
    summary: "Turns alerts on for a device's push endpoint, or changes which bosses and how early.",
    body: subscribeSpawnAlertsSchema,
    answer: answer<{ alerts: SpawnAlertSettings }>(),
  }),
  status: call({
    method: "POST",
    path: "/spawn-alerts/subscription/status",
    role: "public",
    summary: "What the server keeps for a push endpoint, or null.",
    body: pushEndpointSchema,
    answer: answer<{ alerts: SpawnAlertSettings | null }>(),
  }),
  unsubscribe: call({
    method: "POST",
    path: "/spawn-alerts/unsubscribe",
    role: "public",
    summary: "Turns a device's alerts off.",
    body: pushEndpointSchema,
    answer: answer<{ message: string }>(),
  }),
};

export const DISCORD_CALLS = {
  settings: call({
    method: "GET",
    path: "/discord-settings",
    role: "admin",
    summary: "The Discord webhook and what it posts (the only answer that holds the webhook URL).",
    answer: answer<{ discord: DiscordSettings }>(),
  }),
  save: call({
    method: "PUT",
    path: "/discord-settings",
    role: "admin",
    summary: "Saves the Discord settings; the webhook must be Discord's, on the public internet.",
    body: discordSettingsBodySchema,
    answer: answer<{ discord: DiscordSettings }>(),
  }),
  test: call({
    method: "POST",
    path: "/discord-settings/test",
    role: "admin",
    summary: "Posts a test message at once and answers how it went (503 with Discord's error).",
    answer: answer<{ message: string }>(),
  }),
  bossAlerts: call({
    method: "GET",
    path: "/discord-settings/boss-alerts",
    role: "admin",
    summary: "Each boss's spawn alert lead time and the Discord role it mentions (decision 077).",
    answer: answer<{ bosses: BossAlert[] }>(),
  }),
  saveBossAlerts: call({
    method: "PUT",
    path: "/discord-settings/boss-alerts",
    role: "admin",
    summary:
      "Sets the lead time and role of the bosses given (null: the default, no mention); audited per boss.",
    body: saveBossAlertsSchema,
    answer: answer<{ bosses: BossAlert[] }>(),
  }),
};

/**
 * Spawn alerts (issue 15): the request bodies and answers of the Web Push subscription calls and of the Discord
 * settings, shared by the server, the boss page and the settings screen. Decisions 042 (Web Push) and 043
 * (Discord) record the choices.
 *
 * Web Push (anyone, signed in or not, e.g. a visitor who installed the app):
 * - GET  /_api/spawn-alerts/public-key      -> { publicKey }   the VAPID public key, base64url (applicationServerKey)
 * - POST /_api/spawn-alerts/subscription    { subscription, bosses, leadMinutes } -> { alerts: SpawnAlertSettings }
 *        creates or replaces the settings of that push endpoint
 * - POST /_api/spawn-alerts/subscription/status { endpoint } -> { alerts: SpawnAlertSettings | null }
 * - POST /_api/spawn-alerts/unsubscribe     { endpoint }        -> { message }
 *
 * Discord (admins):
 * - GET  /_api/discord-settings  -> { discord: DiscordSettings }
 * - PUT  /_api/discord-settings  { webhookUrl, leadMinutes, spawnAlerts, timerStarts, lootSales } -> { discord }
 * - POST /_api/discord-settings/test -> { message } (posts a test message now)
 */
import * as z from "zod";
import type { AlertLeadMinutes } from "../bosses/alert-lead-minutes.ts";

/** The most bosses one subscription may name (the grid has a few dozen). */
export const MAX_ALERT_BOSSES = 200;
export const MAX_PUSH_ENDPOINT_LENGTH = 1_000;

export const PUSH_ENDPOINT_INVALID = "The push endpoint must be an https URL.";
export const PUSH_KEYS_INVALID = "The push subscription's keys are missing or malformed.";
export const LEAD_MINUTES_INVALID = "Alert lead time must be 5, 10 or 15 minutes.";
export const ALERT_BOSSES_INVALID = 'Choose "all" or a list of boss names.';
export const DISCORD_WEBHOOK_INVALID =
  "Paste a Discord webhook URL (https://discord.com/api/webhooks/…), or leave it empty to turn Discord off.";
/**
 * The server calls only the public internet (decision 053): its refusal of an endpoint or webhook on the wrong
 * port, on this machine, a private network, a metadata service…, with the reason (e.g. "10.0.0.1 is a private
 * address (RFC 1918)").
 */
export const pushEndpointNotPublic = (reason: string) =>
  `The push endpoint must be a public https URL on the internet: ${reason}.`;
export const discordWebhookNotPublic = (reason: string) =>
  `The Discord webhook URL must be a public https URL on the internet: ${reason}.`;

const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

const endpointField = z
  .string({ error: PUSH_ENDPOINT_INVALID })
  .max(MAX_PUSH_ENDPOINT_LENGTH, { error: PUSH_ENDPOINT_INVALID })
  .refine(
    (value) => {
      try {
        // The address itself is the server's check (worker/outbound, decision 053), which lets a test's push
        // service on this machine use http.
        return ["https:", "http:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: PUSH_ENDPOINT_INVALID },
  );

const base64url = (max: number) =>
  z
    .string({ error: PUSH_KEYS_INVALID })
    .min(1, { error: PUSH_KEYS_INVALID })
    .max(max, { error: PUSH_KEYS_INVALID })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: PUSH_KEYS_INVALID });

/** A browser's PushSubscription.toJSON(), without expirationTime (optional, ignored). */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: endpointField,
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({ p256dh: base64url(200), auth: base64url(100) }, { error: PUSH_KEYS_INVALID }),
  },
  { error: PUSH_KEYS_INVALID },
);

const leadMinutesField = z.union([z.literal(5), z.literal(10), z.literal(15)], {
  error: LEAD_MINUTES_INVALID,
});

export const alertBossesField = z.union(
  [
    z.literal("all"),
    z
      .array(
        z
          .string({ error: ALERT_BOSSES_INVALID })
          .trim()
          .min(1, { error: ALERT_BOSSES_INVALID })
          .max(100, { error: ALERT_BOSSES_INVALID }),
        { error: ALERT_BOSSES_INVALID },
      )
      .min(1, { error: ALERT_BOSSES_INVALID })
      .max(MAX_ALERT_BOSSES, { error: `Choose "all" or at most ${MAX_ALERT_BOSSES} bosses.` }),
  ],
  { error: ALERT_BOSSES_INVALID },
);

export const subscribeSpawnAlertsSchema = z.strictObject(
  { subscription: pushSubscriptionSchema, bosses: alertBossesField, leadMinutes: leadMinutesField },
  { error: unknownField },
);
export type SubscribeSpawnAlertsInput = z.infer<typeof subscribeSpawnAlertsSchema>;

export const pushEndpointSchema = z.strictObject({ endpoint: endpointField }, { error: unknownField });
export type PushEndpointInput = z.infer<typeof pushEndpointSchema>;

/** What the server keeps for one push endpoint. */
export interface SpawnAlertSettings {
  endpoint: string;
  bosses: "all" | string[];
  leadMinutes: AlertLeadMinutes;
}

export const discordSettingsSchema = z.strictObject(
  {
    /** Empty: Discord off. */
    webhookUrl: z
      .string()
      .trim()
      .max(500, { error: DISCORD_WEBHOOK_INVALID })
      .refine(
        (value) =>
          value === "" ||
          /^https:\/\/(?:\w+\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[\w-]+$/.test(value),
        {
          error: DISCORD_WEBHOOK_INVALID,
        },
      ),
    leadMinutes: leadMinutesField,
    spawnAlerts: z.boolean(),
    timerStarts: z.boolean(),
    lootSales: z.boolean(),
  },
  { error: unknownField },
);
export type DiscordSettingsInput = z.infer<typeof discordSettingsSchema>;

/**
 * PUT /_api/discord-settings's body: the form's schema, with the webhook checked by the route instead, where a
 * test run's fake Discord (worker/outbound/test-origins.ts) is allowed too, with the same message for anything
 * else.
 */
export const discordSettingsBodySchema = discordSettingsSchema.extend({
  webhookUrl: z
    .string({ error: DISCORD_WEBHOOK_INVALID })
    .trim()
    .max(500, { error: DISCORD_WEBHOOK_INVALID }),
});

export interface DiscordSettings extends DiscordSettingsInput {
  /** The last failed delivery, until a later one succeeds. */
  lastError: { message: string; at: Date } | null;
  lastDeliveredAt: Date | null;
}

/**
 * The JSON a spawn alert carries (the push message's decrypted text), which the service worker shows as a
 * notification: title and body as they are, and `url` opened on click.
 */
export interface SpawnAlertPush {
  /** e.g. "Auraq spawns in 10 minutes" */
  title: string;
  /** e.g. "At 21:00 Asia/Manila time." */
  body: string;
  /** The boss's name as the boss page shows it. */
  boss: string;
  url: "/boss-timers";
  /** The spawn, ISO 8601 (UTC). */
  spawnAt: string;
  /** One notification per boss and spawn: a repeat replaces it instead of stacking. */
  tag: string;
}

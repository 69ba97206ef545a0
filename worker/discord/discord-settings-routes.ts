/**
 * Discord settings (admins only, decision 043): GET and PUT /_api/discord-settings, POST …/test. The webhook URL
 * is a secret: these routes are the only ones that answer it, and only to admins; the audit log records whether
 * one is set, never the URL.
 */
import { DISCORD_CALLS } from "@shared/contract/spawn-alerts.ts";
import { BOSS_ALERT_MESSAGES, type BossAlert } from "@shared/schemas/boss-alerts.ts";
import { DISCORD_WEBHOOK_INVALID, discordWebhookNotPublic } from "@shared/schemas/spawn-alerts.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { readSignInSettings } from "../discord-sign-in/discord-sign-in-repo.ts";
import { checkOutbound, outboundOf } from "../outbound/guarded-fetch.ts";
import { listBossAlerts, lockBossAlerts, saveBossAlert } from "./boss-alerts-repo.ts";
import { postToDiscord } from "./discord-delivery.ts";
import { TEST_MESSAGE } from "./discord-messages.ts";
import {
  getDiscordSettings,
  recordDelivered,
  recordDeliveryError,
  saveDiscordSettings,
} from "./discord-store.ts";
import { isAllowedWebhookUrl } from "./webhook-url.ts";

export const NO_WEBHOOK = "Save a Discord webhook URL first.";
export const TEST_SENT = "Test message posted to Discord.";

/** What the audit log keeps of a boss's alert: the boss by name, and its two settings. */
const auditedAlert = ({ name, leadMinutes, roleId }: BossAlert) => ({ name, leadMinutes, roleId });

/** What the audit log keeps of the settings: everything but the secret. */
const audited = ({ webhookUrl, lastError: _e, lastDeliveredAt: _d, ...rest }: Record<string, unknown>) => ({
  ...rest,
  webhookSet: webhookUrl !== "",
});

export const discordSettingsRoutes = serveCalls(DISCORD_CALLS, {
  settings: async (c) => sendData(c, { discord: await getDiscordSettings(c.get("db")) }),
  // The body's webhook is checked here (discordSettingsBodySchema says why).
  save: async (c) => {
    const input = c.req.valid("json");
    const outbound = outboundOf(c.get("config"));
    if (input.webhookUrl !== "") {
      if (!isAllowedWebhookUrl(input.webhookUrl, outbound.testOrigins))
        throw new ApiError(400, DISCORD_WEBHOOK_INVALID);
      // Discord's own name, resolved as the posts will resolve it (decision 053).
      const refusal = await checkOutbound(input.webhookUrl, outbound);
      if (refusal) throw new ApiError(400, discordWebhookNotPublic(refusal.reason));
    }
    return write(c, async ({ tx, audit }) => {
      const before = await getDiscordSettings(tx);
      const discord = await saveDiscordSettings(tx, input);
      await audit({
        action: "update",
        entity: "discord_settings",
        before: audited({ ...before }),
        after: audited({ ...discord }),
      });
      return { discord };
    });
  },
  bossAlerts: async (c) => sendData(c, { bosses: await listBossAlerts(c.get("db")) }),
  // Only the bosses given change; each change is an audit entry of its own (decision 077).
  saveBossAlerts: async (c) => {
    const { bosses } = c.req.valid("json");
    // The server's own id is its @everyone role (when Discord sign-in names the server, it is known here).
    const { guildId } = await readSignInSettings(c.get("db"));
    if (guildId !== "" && bosses.some((boss) => boss.roleId === guildId))
      throw new ApiError(400, BOSS_ALERT_MESSAGES.everyoneRole);
    return write(c, async ({ tx, audit }) => {
      const before = new Map(
        (
          await lockBossAlerts(
            tx,
            bosses.map((boss) => boss.id),
          )
        ).map((b) => [b.id, b]),
      );
      for (const boss of bosses) {
        const was = before.get(boss.id);
        if (!was) throw new ApiError(404, BOSS_ALERT_MESSAGES.unknownBoss(boss.id));
        if (was.leadMinutes === boss.leadMinutes && was.roleId === boss.roleId) continue;
        const now = await saveBossAlert(tx, boss);
        await audit({
          action: "update",
          entity: "boss_alert",
          entityId: boss.id,
          before: auditedAlert(was),
          after: auditedAlert(now),
        });
      }
      return { bosses: await listBossAlerts(tx) };
    });
  },
  // Posts straight away and answers how it went: the admin is waiting for it. Not queued, so never retried later.
  test: async (c) => {
    const db = c.get("db");
    const settings = await getDiscordSettings(db);
    if (settings.webhookUrl === "") throw new ApiError(400, NO_WEBHOOK);
    const outbound = outboundOf(c.get("config"));
    if (!isAllowedWebhookUrl(settings.webhookUrl, outbound.testOrigins))
      throw new ApiError(400, DISCORD_WEBHOOK_INVALID);
    const outcome = await postToDiscord(settings.webhookUrl, TEST_MESSAGE, {
      outbound,
      serverErrorRetryMs: [500],
      maxInlineRateLimitMs: 2_000,
    });
    const at = new Date();
    if (outcome.kind !== "delivered") {
      await recordDeliveryError(db, outcome.error, at);
      throw new ApiError(503, outcome.error);
    }
    await recordDelivered(db, at);
    return sendData(c, { message: TEST_SENT });
  },
});

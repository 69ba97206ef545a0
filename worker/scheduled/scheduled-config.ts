import type { VapidConfig } from "../spawn-alerts/vapid.ts";

/** What the scheduled jobs need from the environment, the same on Node and Workers. */
export interface ScheduledConfig {
  /** AUDIT_RETENTION_DAYS: audit entries older than this many days are purged; null keeps them all. */
  auditRetentionDays: number | null;
  /** GUILD_TIMEZONE: fixed boss schedules are read in it (spawn alerts); null or absent: the runtime's zone (UTC on Workers). */
  timeZone?: string | null;
  /** The VAPID keys that sign spawn alerts (worker/spawn-alerts/vapid.ts); null or absent: Web Push is off. */
  vapid?: VapidConfig | null;
  /** DISCORD_TEST_ORIGIN: a loopback origin whose webhooks tests may use (worker/discord/webhook-url.ts). */
  discordTestOrigin?: string | null;
}

/** From the parsed environment of either runtime (worker/config/env.ts), and the VAPID keys each resolves. */
export function scheduledConfigFrom(
  env: {
    AUDIT_RETENTION_DAYS?: number | undefined;
    GUILD_TIMEZONE?: string | undefined;
    DISCORD_TEST_ORIGIN?: string | undefined;
  },
  vapid: VapidConfig | null = null,
): ScheduledConfig {
  return {
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? null,
    timeZone: env.GUILD_TIMEZONE ?? null,
    vapid,
    discordTestOrigin: env.DISCORD_TEST_ORIGIN ?? null,
  };
}

import type { Outbound } from "../outbound/guarded-fetch.ts";
import type { VapidConfig } from "../spawn-alerts/vapid.ts";

/** What the scheduled jobs need from the environment, the same on Node and Workers. */
export interface ScheduledConfig {
  /** AUDIT_RETENTION_DAYS: audit entries older than this many days are purged; null keeps them all. */
  auditRetentionDays: number | null;
  /**
   * GUILD_TIMEZONE: the guild's zone until an admin chooses one (decision 059; the jobs read the zone in force with
   * guildTimeZone()); null or absent: the runtime's own (the machine's on Node, UTC on Workers).
   */
  timeZone?: string | null;
  /** The VAPID keys that sign spawn alerts (worker/spawn-alerts/vapid.ts); null or absent: Web Push is off. */
  vapid?: VapidConfig | null;
  /** How pushes and Discord posts go out (worker/outbound, decision 053); absent: public internet only, by fetch. */
  outbound?: Outbound | null;
  /** DISCORD_PUBLIC_KEY is set: spawn alerts carry the "Killed" button its interactions answer (decision 100). */
  killedButton?: boolean;
}

/** From the parsed environment of either runtime (worker/config/env.ts), the VAPID keys and outbound settings each resolves. */
export function scheduledConfigFrom(
  env: {
    AUDIT_RETENTION_DAYS?: number | undefined;
    GUILD_TIMEZONE?: string | undefined;
    DISCORD_PUBLIC_KEY?: string | undefined;
  },
  vapid: VapidConfig | null = null,
  outbound: Outbound | null = null,
): ScheduledConfig {
  return {
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? null,
    timeZone: env.GUILD_TIMEZONE ?? null,
    vapid,
    outbound,
    killedButton: Boolean(env.DISCORD_PUBLIC_KEY),
  };
}

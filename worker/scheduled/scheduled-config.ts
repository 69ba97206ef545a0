/** What the scheduled jobs need from the environment, the same on Node and Workers. */
export interface ScheduledConfig {
  /** AUDIT_RETENTION_DAYS: audit entries older than this many days are purged; null keeps them all. */
  auditRetentionDays: number | null;
}

/** From the parsed environment of either runtime (worker/config/env.ts). */
export function scheduledConfigFrom(env: { AUDIT_RETENTION_DAYS?: number | undefined }): ScheduledConfig {
  return { auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? null };
}

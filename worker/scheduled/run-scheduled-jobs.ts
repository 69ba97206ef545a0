/**
 * The jobs that run on a schedule: every minute by a timer inside `npm start` (worker/node/scheduled-timer.ts),
 * every minute by a Cron Trigger on Workers (worker/cloudflare/entry.ts, wrangler.toml). A job must be safe to
 * run at any moment, twice at once, or late: it works from the database's state and `now`, not from how long
 * ago it last ran.
 */
import { closeDueAuctions } from "../auctions/close-auctions.ts";
import type { Db } from "../db/types.ts";
import { runDiscordJob } from "../discord/discord-alerts.ts";
import { sendSpawnAlerts } from "../spawn-alerts/send-spawn-alerts.ts";
import { pruneTombstones } from "../sync/changes-repo.ts";
import { purgeExpiredRows } from "./purge.ts";
import type { ScheduledConfig } from "./scheduled-config.ts";

export interface ScheduledJob {
  name: string;
  run(db: Db, config: ScheduledConfig, now: Date): Promise<unknown>;
}

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: "purge", run: purgeExpiredRows },
  // Tombstones of the delta pulls (decision 031): a cursor older than the pruned ones gets a full answer.
  { name: "prune-tombstones", run: (db, _config, now) => pruneTombstones(db, now) },
  // Web Push spawn alerts (decision 042): once per subscription and spawn, claimed in the database first.
  { name: "spawn-alerts", run: (db, config, now) => sendSpawnAlerts(db, config, now) },
  // Discord (decision 043): spawn alerts queued once per (boss, spawn), then every due message posted, claimed first.
  { name: "discord", run: (db, config, now) => runDiscordJob(db, config, now) },
  // Auctions whose end has come and that nobody has touched since (decision 091).
  { name: "auctions", run: (db, config) => closeDueAuctions(db, config.timeZone) },
];

export type JobOutcome =
  | { job: string; ok: true; result: unknown }
  | { job: string; ok: false; error: string };

/**
 * Runs every job in turn. A job that fails is logged and reported, and the others still run: one broken job
 * must not stop the purge.
 */
export async function runScheduledJobs(
  db: Db,
  config: ScheduledConfig,
  now: Date,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    try {
      outcomes.push({ job: job.name, ok: true, result: await job.run(db, config, now) });
    } catch (err) {
      const error = (err as Error)?.message ?? String(err);
      console.error(`scheduled job ${job.name} failed: ${error}`);
      outcomes.push({ job: job.name, ok: false, error });
    }
  }
  return outcomes;
}

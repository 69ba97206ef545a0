/**
 * When Discord messages are written and posted (decision 043):
 * - the scheduled job (every minute) queues "X spawns in N minutes" for each spawn within the lead time, once per
 *   (boss, spawn time) by its key, then posts whatever is due and prunes old rows;
 * - a write that queued a message has it posted right after its commit, in the background (background.ts).
 */
import type { Context } from "hono";
import { spawnsWithin } from "@shared/bosses/next-spawn.ts";
import type { AppEnv } from "../app/context.ts";
import { listBossesWithTimers } from "../bosses/boss-timers-repo.ts";
import type { Db } from "../db/types.ts";
import { outboundOf } from "../outbound/guarded-fetch.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { runInBackground, sleepInBackground } from "./background.ts";
import { bossAlertsByName } from "./boss-alerts-repo.ts";
import { type DeliveryOptions, type DeliveryResult, deliverDiscordMessages } from "./discord-delivery.ts";
import { spawnAlertText, spawnKey } from "./discord-messages.ts";
import { enqueueMessage, getDiscordSettings, nextDueAt, pruneMessages } from "./discord-store.ts";

/** After a write, a message due this soon (a timer start waiting out its undo window) is posted by the same task. */
const FOLLOW_UP_MS = 15_000;

/**
 * Queues the alerts of the spawns within their lead time: the boss's own, else the settings' (decision 077), with
 * the boss's role mentioned; answers how many were new.
 */
export async function queueSpawnAlerts(db: Db, now: Date, timeZone: string | null): Promise<number> {
  const settings = await getDiscordSettings(db);
  if (settings.webhookUrl === "" || !settings.spawnAlerts) return 0;
  const rows = await listBossesWithTimers(db);
  const alerts = await bossAlertsByName(db);
  const leadOf = (bossName: string) => alerts.get(bossName)?.leadMinutes ?? settings.leadMinutes;
  const longest = Math.max(
    settings.leadMinutes,
    ...[...alerts.values()].map((alert) => alert.leadMinutes ?? 0),
  );
  let queued = 0;
  for (const spawn of spawnsWithin(rows, now, longest * 60_000, timeZone)) {
    const spawnAt = spawn.spawnAt as number;
    if (spawnAt - now.getTime() > leadOf(spawn.bossName) * 60_000) continue;
    const roleId = alerts.get(spawn.bossName)?.roleId ?? null;
    const isNew = await enqueueMessage(db, {
      kind: "spawn",
      content: spawnAlertText(spawn.bossName, spawnAt, now, roleId),
      mentionRoleId: roleId,
      dedupeKey: spawnKey(spawn.bossName, spawnAt),
      now,
      // Worth posting until the boss is up.
      expiresAt: new Date(spawnAt),
    });
    if (isNew) queued += 1;
  }
  return queued;
}

export interface DiscordJobResult extends DeliveryResult {
  queued: number;
  pruned: number;
}

/** The scheduled job (worker/scheduled/run-scheduled-jobs.ts). */
export async function runDiscordJob(
  db: Db,
  config: ScheduledConfig,
  now: Date,
  options: DeliveryOptions = {},
): Promise<DiscordJobResult> {
  const queued = await queueSpawnAlerts(db, now, await guildTimeZone(db, config.timeZone));
  const delivery = await deliverDiscordMessages(db, now, {
    outbound: outboundOf(config),
    killedButton: config.killedButton ?? false,
    ...options,
  });
  const pruned = await pruneMessages(db, now);
  return { queued, ...delivery, pruned };
}

/** After a write's commit that queued a message: post it now, without the request waiting for Discord. */
export function deliverDiscordAfterCommit(c: Context<AppEnv>): void {
  const db = c.get("db");
  const config = c.get("config");
  const options: DeliveryOptions = {
    outbound: outboundOf(config),
    killedButton: Boolean(config.discordCommands?.publicKey),
  };
  runInBackground(c, db, "Discord delivery", async () => {
    await deliverDiscordMessages(db, new Date(), options);
    const next = await nextDueAt(db);
    const wait = next === null ? Number.POSITIVE_INFINITY : next.getTime() - Date.now();
    if (wait > 0 && wait <= FOLLOW_UP_MS) {
      await sleepInBackground(db, wait + 50);
      await deliverDiscordMessages(db, new Date(), options);
    }
  });
}

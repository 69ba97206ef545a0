/**
 * The scheduled job of spawn alerts (issue 15, decision 042): every minute, each subscription gets one push for
 * each spawn of a boss it follows once the spawn is within its lead time, S - lead <= now < S. Only the next
 * spawn of each boss is looked at, so an alert for a spawn already past is never sent. Each alert is claimed in
 * the database before it is sent (deliveries-repo.ts): once per subscription and spawn, across restarts and
 * overlapping runs. An endpoint the push service calls gone (404/410) is deleted; one that fails or hangs
 * does not hold up the others. Every push goes through the outbound guard (decision 053): an endpoint it refuses
 * (not the public internet, e.g. a row stored before the guard existed) is sent nothing and deleted.
 */

import { ALERT_LEAD_MINUTES } from "@shared/bosses/alert-lead-minutes.ts";
import { spawnsWithin } from "@shared/bosses/next-spawn.ts";
import { listBossesWithTimers } from "../bosses/boss-timers-repo.ts";
import type { Db } from "../db/types.ts";
import { type Outbound, outboundOf } from "../outbound/guarded-fetch.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { spawnAlertPayload } from "./alert-text.ts";
import {
  claimDelivery,
  type DeliveryKey,
  markDelivered,
  pruneDeliveries,
  releaseDelivery,
} from "./deliveries-repo.ts";
import { deleteSubscriptionById, listSubscriptions, type StoredSubscription } from "./subscriptions-repo.ts";
import type { VapidConfig } from "./vapid.ts";
import { type PushOutcome, type PushTarget, sendPush } from "./web-push.ts";

const MINUTE_MS = 60_000;
const LONGEST_LEAD_MS = Math.max(...ALERT_LEAD_MINUTES) * MINUTE_MS;
/** Pushes in flight at once. */
export const PUSH_CONCURRENCY = 6;
/**
 * Alerts one run sends at most; the rest go on the next run, a minute later. Each is a subrequest of the Cron
 * Trigger's invocation, and Workers Paid allows 1,000 of them by default.
 */
export const MAX_ALERTS_PER_RUN = 900;

export interface SpawnAlertsResult {
  /** Why nothing was looked at (no VAPID keys), if so. */
  off?: string;
  due: number;
  sent: number;
  failed: number;
  removed: number;
  /** Endpoints the outbound guard refused, sent nothing and deleted. */
  refused: number;
  pruned: number;
}

export interface SpawnAlertsDeps {
  /** Sends one push; tests pass one that fails or stops the run, as a crashed process would. */
  send?: (
    target: PushTarget,
    payload: unknown,
    vapid: VapidConfig,
    options: { ttlSeconds: number; outbound: Outbound },
  ) => Promise<PushOutcome>;
}

interface DueAlert {
  subscription: StoredSubscription;
  key: DeliveryKey;
}

/** Whether the subscription's device asked for this boss's alerts (all bosses, or this one by name). */
export function follows(subscription: StoredSubscription, bossName: string): boolean {
  if (subscription.bosses === "all") return true;
  const wanted = bossName.toLowerCase();
  return subscription.bosses.some((name) => name.toLowerCase() === wanted);
}

/** The alerts due at `now`: every (subscription, boss, spawn) inside the subscription's lead time. */
export async function dueAlerts(db: Db, timeZone: string | null, now: Date): Promise<DueAlert[]> {
  const nowMs = now.getTime();
  const spawns = spawnsWithin(await listBossesWithTimers(db), nowMs, LONGEST_LEAD_MS, timeZone);
  if (spawns.length === 0) return [];
  const due: DueAlert[] = [];
  for (const subscription of await listSubscriptions(db)) {
    for (const spawn of spawns) {
      const spawnAt = spawn.spawnAt as number;
      if (spawnAt <= nowMs || spawnAt - subscription.leadMinutes * MINUTE_MS > nowMs) continue;
      if (!follows(subscription, spawn.bossName)) continue;
      due.push({
        subscription,
        key: { subscriptionId: subscription.id, bossName: spawn.bossName, spawnAt: new Date(spawnAt) },
      });
    }
  }
  return due;
}

export async function sendSpawnAlerts(
  db: Db,
  config: ScheduledConfig,
  now: Date,
  deps: SpawnAlertsDeps = {},
): Promise<SpawnAlertsResult> {
  const result: SpawnAlertsResult = { due: 0, sent: 0, failed: 0, removed: 0, refused: 0, pruned: 0 };
  result.pruned = await pruneDeliveries(db, now);
  const vapid = config.vapid ?? null;
  if (vapid === null) return { ...result, off: "no VAPID keys" };
  // The zone the boss page shows the spawns in, for everyone (decision 059).
  const timeZone = await guildTimeZone(db, config.timeZone);
  const send = deps.send ?? sendPush;
  const outbound = outboundOf(config);
  const due = (await dueAlerts(db, timeZone, now)).slice(0, MAX_ALERTS_PER_RUN);
  result.due = due.length;
  const gone = new Set<number>();

  const deliver = async ({ subscription, key }: DueAlert) => {
    if (gone.has(subscription.id)) return;
    if (!(await claimDelivery(db, key, now))) return;
    const spawnAt = key.spawnAt.getTime();
    const payload = spawnAlertPayload(key.bossName, spawnAt, now.getTime(), timeZone);
    const ttlSeconds = Math.ceil((spawnAt - now.getTime()) / 1000);
    // A throw here is the process dying between claim and send: the claim stays and lapses (deliveries-repo.ts).
    const outcome = await send(subscription, payload, vapid, { ttlSeconds, outbound });
    if (outcome.kind === "sent") {
      result.sent++;
      await markDelivered(db, key, now);
    } else if (outcome.kind === "gone" || outcome.kind === "refused") {
      if (gone.has(subscription.id)) return;
      gone.add(subscription.id);
      if (outcome.kind === "gone") result.removed++;
      else {
        result.refused++;
        console.error(`push endpoint ${subscription.id} refused and deleted: ${outcome.error}`);
      }
      await deleteSubscriptionById(db, subscription.id);
    } else {
      result.failed++;
      console.error(`spawn alert to push endpoint ${subscription.id} failed: ${outcome.error}`);
      await releaseDelivery(db, key, now, outcome.error);
    }
  };

  // A few at a time; a throw stops taking new ones and fails the run once those in flight have ended.
  let next = 0;
  let stopped: unknown;
  const worker = async () => {
    while (stopped === undefined && next < due.length) {
      const alert = due[next++] as DueAlert;
      try {
        await deliver(alert);
      } catch (err) {
        stopped ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, due.length) }, worker));
  if (stopped !== undefined) throw stopped;
  return result;
}

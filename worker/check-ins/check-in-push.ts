/**
 * The push notice of an opened check-in (decision 079): each device with spawn alerts on whose account is linked to
 * a character, and which follows the boss, is told 'Check-in open: {boss}' with the check-in's page as the link, so
 * the raider taps "I was there" from the notification. The service worker shows it like a spawn alert (title, body,
 * tag, url). Sent after the commit, in the background; a device gone (404/410) or refused by the guard is forgotten.
 */
import { formatTime } from "@shared/format/format-date.ts";
import type { Db } from "../db/types.ts";
import type { Outbound } from "../outbound/guarded-fetch.ts";
import { follows, MAX_ALERTS_PER_RUN, PUSH_CONCURRENCY } from "../spawn-alerts/send-spawn-alerts.ts";
import { deleteSubscriptionById, listCharacterSubscriptions } from "../spawn-alerts/subscriptions-repo.ts";
import type { VapidConfig } from "../spawn-alerts/vapid.ts";
import { sendPush } from "../spawn-alerts/web-push.ts";

/** What the service worker shows (web/public/spawn-alerts-sw.js reads title, body, tag and url). */
export interface CheckInPush {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface OpenedCheckIn {
  id: number;
  bossName: string;
  code: string;
  closesAt: Date;
}

export function checkInPushPayload(checkIn: OpenedCheckIn, zone: string): CheckInPush {
  return {
    title: `Check-in open: ${checkIn.bossName}`,
    body: `Were you there? Tap to check in (code ${checkIn.code}, until ${formatTime(checkIn.closesAt, zone)}).`,
    url: `/check-in/${checkIn.code}`,
    tag: `check-in:${checkIn.id}`,
  };
}

export interface CheckInPushResult {
  sent: number;
  removed: number;
  failed: number;
}

/** Sends the notice to every device that should have it, a few at a time; a notice is not worth a retry. */
export async function pushCheckInOpened(
  db: Db,
  push: { vapid: VapidConfig; outbound: Outbound },
  checkIn: OpenedCheckIn,
  zone: string,
): Promise<CheckInPushResult> {
  const result: CheckInPushResult = { sent: 0, removed: 0, failed: 0 };
  const targets = (await listCharacterSubscriptions(db))
    .filter((subscription) => follows(subscription, checkIn.bossName))
    .slice(0, MAX_ALERTS_PER_RUN);
  const payload = checkInPushPayload(checkIn, zone);
  // Kept by the push service until the check-in closes: after that the notice is no use.
  const ttlSeconds = Math.max(1, Math.ceil((checkIn.closesAt.getTime() - Date.now()) / 1000));
  for (let start = 0; start < targets.length; start += PUSH_CONCURRENCY) {
    const batch = targets.slice(start, start + PUSH_CONCURRENCY);
    await Promise.all(
      batch.map(async (subscription) => {
        const outcome = await sendPush(subscription, payload, push.vapid, {
          ttlSeconds,
          outbound: push.outbound,
        });
        if (outcome.kind === "sent") result.sent++;
        else if (outcome.kind === "gone" || outcome.kind === "refused") {
          result.removed++;
          await deleteSubscriptionById(db, subscription.id);
        } else {
          result.failed++;
          console.error(`check-in notice to push endpoint ${subscription.id} failed: ${outcome.error}`);
        }
      }),
    );
  }
  return result;
}

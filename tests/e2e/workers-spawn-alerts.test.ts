/**
 * Spawn alerts from the Worker's Cron Trigger (issue 15, decision 042): the bundle `wrangler deploy` uploads, run
 * in workerd (Miniflare) with VAPID secrets, sends each alert once to a push service on this machine, through
 * each database path the entry takes. What arrives is decrypted with the subscription's key, as a phone would.
 * The push service is on this machine, so the Worker may call it only while OUTBOUND_TEST_ORIGINS names it
 * (decision 053): without it, a stored subscription there gets nothing and is dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpawnAlertPush } from "@shared/schemas/spawn-alerts.ts";
import { findSubscription } from "@worker/spawn-alerts/subscriptions-repo.ts";
import {
  type FakePushService,
  startFakePushService,
} from "@worker/spawn-alerts/testing/fake-push-service.ts";
import { plantSpawnAlert } from "@worker/spawn-alerts/testing/plant-spawn-alert.ts";
import {
  createBrowserSubscription,
  decryptPushMessage,
  fromBase64Url,
  verifyVapidAuthorization,
} from "@worker/spawn-alerts/testing/push-crypto.ts";
import { generateVapidKeys } from "@worker/spawn-alerts/vapid.ts";
import { startWorker } from "@worker/test/worker-runtime.ts";
import { databasePaths, setUpWorkerDatabase } from "./worker-harness.ts";

const PEPPER = "workers-spawn-alerts-pepper-01";
const MINUTE_MS = 60_000;

const harness = setUpWorkerDatabase();
let pushService: FakePushService;
beforeAll(async () => {
  pushService = await startFakePushService();
});
afterAll(() => pushService?.close());

/** A boss whose 10-hour timer ends at `spawnAt`, and a device asking for its alert 10 minutes ahead. */
async function plantAlert(
  boss: string,
  spawnAt: Date,
  device: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await harness.withDb((db) => plantSpawnAlert(db, boss, spawnAt, device));
}

const paths = databasePaths(harness, { AUTH_PEPPER: PEPPER, GUILD_TIMEZONE: "Asia/Manila" });

describe.each(paths)("spawn alerts from the Cron Trigger through $path", ({ path, bindings }) => {
  const label = (path.split(" ")[0] ?? "worker").toLowerCase();

  it("sends each alert once, across two overlapping runs and a later one", async () => {
    const vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
    const now = new Date();
    const spawnAt = new Date(now.getTime() + 10 * MINUTE_MS);
    const boss = `Cron Boss ${label}`;
    const phone = await createBrowserSubscription(pushService.endpoint("ok", `cron-${label}`));
    await plantAlert(boss, spawnAt, phone);

    const worker = await startWorker(
      harness.bundle,
      bindings({
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        OUTBOUND_TEST_ORIGINS: pushService.url,
      }),
    );
    try {
      const overlapping = await Promise.all([
        worker.scheduled({ scheduledTime: now }),
        worker.scheduled({ scheduledTime: now }),
      ]);
      expect(overlapping).toEqual([
        expect.objectContaining({ outcome: "ok" }),
        expect.objectContaining({ outcome: "ok" }),
      ]);
      expect(await worker.scheduled({ scheduledTime: new Date(now.getTime() + MINUTE_MS) })).toMatchObject({
        outcome: "ok",
      });
    } finally {
      await worker.dispose();
    }

    const received = pushService.received(`/push/ok/cron-${label}`);
    expect(received).toHaveLength(1);
    const [push] = received;
    if (!push) throw new Error("no push arrived");
    const claims = await verifyVapidAuthorization(push.headers.authorization);
    expect(claims.publicKey).toBe(vapid.publicKey);
    expect(claims.sub).toBe(vapid.subject);
    const alert = JSON.parse(await decryptPushMessage(fromBase64Url(push.body), phone)) as SpawnAlertPush;
    expect(alert).toMatchObject({
      title: `${boss} spawns in 10 minutes`,
      boss,
      url: "/boss-timers",
      spawnAt: spawnAt.toISOString(),
    });
  });

  it("sends nothing to a subscription on this machine without a test origin, and drops it", async () => {
    const vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
    const now = new Date();
    const spawnAt = new Date(now.getTime() + 5 * MINUTE_MS);
    const boss = `Planted Boss ${label}`;
    // Stored straight into the database, as a row saved before the guard existed would be.
    const planted = await createBrowserSubscription(pushService.endpoint("ok", `planted-${label}`));
    await plantAlert(boss, spawnAt, planted);

    const worker = await startWorker(
      harness.bundle,
      bindings({
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
      }),
    );
    try {
      expect(await worker.scheduled({ scheduledTime: now })).toMatchObject({ outcome: "ok" });
    } finally {
      await worker.dispose();
    }
    expect(pushService.received(`/push/ok/planted-${label}`)).toEqual([]);
    expect(await harness.withDb((db) => findSubscription(db, planted.endpoint))).toBeUndefined();
  });
});

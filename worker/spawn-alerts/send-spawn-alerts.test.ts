/**
 * The spawn alerts' scheduled job (issue 15, decision 042) against a real database (PGlite, PostgreSQL, and
 * workerd on the Neon driver) and a fake push service over HTTP: what arrives is decrypted with the
 * subscription's private key and its VAPID JWT verified, as a browser and a push service would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SpawnAlertPush } from "@shared/schemas/spawn-alerts.ts";
import { upsertTimer } from "../bosses/boss-timers-repo.ts";
import type { Db } from "../db/types.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import { runScheduledJobs } from "../scheduled/run-scheduled-jobs.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { createTestDb } from "../test/test-db.ts";
import { CLAIM_LEASE_MS } from "./deliveries-repo.ts";
import { sendSpawnAlerts } from "./send-spawn-alerts.ts";
import { findSubscription, upsertSubscription } from "./subscriptions-repo.ts";
import {
  type BrowserSubscription,
  createBrowserSubscription,
  decryptPushMessage,
  verifyVapidAuthorization,
} from "./testing/push-crypto.ts";
import { type PushMode, pushBody, pushEndpoint, receivedPushes } from "./testing/push-service-client.ts";
import { useFakePushService } from "./testing/test-push-service.ts";
import { generateVapidKeys, type VapidConfig } from "./vapid.ts";
import { sendPush } from "./web-push.ts";

const MINUTE = 60_000;
let db: Db;
let service: { url: string; close(): Promise<void> };
let vapid: VapidConfig;
let config: ScheduledConfig;
const now = new Date("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);

beforeAll(async () => {
  db = await createTestDb();
  service = await useFakePushService();
  vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
  // The fake push service is on this machine: a test origin, the one exception to the outbound guard.
  config = {
    auditRetentionDays: null,
    timeZone: "Asia/Manila",
    vapid,
    outbound: await testOutbound([service.url]),
  };
});
afterAll(async () => {
  await db?.close();
  await service?.close();
});
beforeEach(async () => {
  await db.exec("DELETE FROM push_subscriptions; DELETE FROM boss_timers; DELETE FROM boss_names;");
});

let seq = 0;
/** A name no other test (or earlier run against the same fake service) uses. */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** An interval boss whose timer ends (it spawns) at `spawnAt`. */
async function bossSpawningAt(name: string, spawnAt: Date): Promise<void> {
  await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 10)", [name]);
  await upsertTimer(db, {
    bossName: name,
    startTime: new Date(spawnAt.getTime() - 10 * 60 * MINUTE),
    endTime: spawnAt,
    durationHours: 10,
    startedBy: null,
  });
}

async function subscribe(
  mode: PushMode,
  { leadMinutes = 10, bosses = "all" as "all" | string[] } = {},
): Promise<BrowserSubscription & { path: string }> {
  const id = unique(mode);
  const browser = await createBrowserSubscription(pushEndpoint(service.url, mode, id));
  await upsertSubscription(db, {
    endpoint: browser.endpoint,
    keys: browser.keys,
    bosses,
    leadMinutes: leadMinutes as 5 | 10 | 15,
    userId: null,
    from: null,
  });
  return { ...browser, path: new URL(browser.endpoint).pathname };
}

async function alertsReceivedBy(browser: BrowserSubscription & { path: string }): Promise<SpawnAlertPush[]> {
  const pushes = await receivedPushes(service.url, browser.path);
  return Promise.all(
    pushes.map(async (push) => JSON.parse(await decryptPushMessage(pushBody(push), browser))),
  );
}

describe("spawn alerts: the message", () => {
  it("is an aes128gcm Web Push the subscription's key decrypts, signed with a valid VAPID JWT", async () => {
    const boss = unique("Auraq");
    const spawnAt = at(10 * MINUTE);
    await bossSpawningAt(boss, spawnAt);
    const phone = await subscribe("ok");

    const result = await sendSpawnAlerts(db, config, now);
    expect(result).toMatchObject({ due: 1, sent: 1, failed: 0, removed: 0 });

    const [push, ...more] = await receivedPushes(service.url, phone.path);
    expect(more).toEqual([]);
    if (!push) throw new Error("nothing reached the push service");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers["content-type"]).toBe("application/octet-stream");
    expect(Number(push.headers.ttl)).toBe(600);
    const payload = JSON.parse(await decryptPushMessage(pushBody(push), phone));
    expect(payload).toEqual({
      title: `${boss} spawns in 10 minutes`,
      body: "At 20:10 Asia/Manila time.",
      boss,
      url: "/boss-timers",
      spawnAt: spawnAt.toISOString(),
      tag: `spawn:${boss}:${spawnAt.toISOString()}`,
    });

    const claims = await verifyVapidAuthorization(push.headers.authorization);
    // A push service on this machine is reached over http; the JWT names its origin as https (web-push.ts).
    const origin = new URL(phone.endpoint);
    expect(claims.aud).toBe(`https://${origin.host}`);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);
    expect(claims.sub).toBe("mailto:raid-lead@guild.test");
    expect(claims.publicKey).toBe(vapid.publicKey);
  });

  it("goes once the spawn is within the lead time, only for the bosses followed, never for a spawn past", async () => {
    const soon = unique("Soon");
    const later = unique("Later");
    const gone = unique("Gone");
    await bossSpawningAt(soon, at(7 * MINUTE));
    await bossSpawningAt(later, at(12 * MINUTE));
    await bossSpawningAt(gone, at(-1 * MINUTE));
    const fiveAhead = await subscribe("ok", { leadMinutes: 5 });
    const fifteenAhead = await subscribe("ok", { leadMinutes: 15 });
    const onlyLater = await subscribe("ok", { leadMinutes: 15, bosses: [later.toUpperCase()] });

    await sendSpawnAlerts(db, config, now);
    expect((await alertsReceivedBy(fiveAhead)).map((a) => a.boss)).toEqual([]);
    expect((await alertsReceivedBy(fifteenAhead)).map((a) => a.boss).sort()).toEqual([later, soon].sort());
    expect((await alertsReceivedBy(onlyLater)).map((a) => a.title)).toEqual([
      `${later} spawns in 12 minutes`,
    ]);

    await sendSpawnAlerts(db, config, at(2 * MINUTE)); // 5 minutes before the first spawn
    expect((await alertsReceivedBy(fiveAhead)).map((a) => a.title)).toEqual([`${soon} spawns in 5 minutes`]);
    expect(await alertsReceivedBy(fifteenAhead)).toHaveLength(2);
  });
});

describe("spawn alerts: exactly once", () => {
  it("sends one alert per subscription and spawn when two runs overlap", async () => {
    const bosses = [unique("Twin A"), unique("Twin B")];
    for (const [i, boss] of bosses.entries()) await bossSpawningAt(boss, at((8 + i) * MINUTE));
    const phones = [await subscribe("ok"), await subscribe("ok"), await subscribe("ok")];

    const runs = await Promise.all([runScheduledJobs(db, config, now), runScheduledJobs(db, config, now)]);
    const results = runs.map((outcomes) => outcomes.find((o) => o.job === "spawn-alerts"));
    expect(results.every((r) => r?.ok)).toBe(true);
    const sent = results.map((r) => (r?.ok ? (r.result as { sent: number }).sent : -1));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(6);
    await runScheduledJobs(db, config, at(MINUTE));
    for (const phone of phones)
      expect((await alertsReceivedBy(phone)).map((a) => a.boss).sort()).toEqual([...bosses].sort());
  });

  it("sends one alert per subscription and spawn across a restart in the middle of a run", async () => {
    const bosses = [unique("Crash A"), unique("Crash B")];
    for (const [i, boss] of bosses.entries()) await bossSpawningAt(boss, at((8 + i) * MINUTE));
    const phones = [await subscribe("ok"), await subscribe("ok"), await subscribe("ok")];

    // The process dies after two of the six pushes went out: the other four were claimed, none sent.
    let calls = 0;
    const dying = sendSpawnAlerts(db, config, now, {
      send: (target, payload, keys, options) => {
        calls++;
        if (calls > 2) return Promise.reject(new Error("the process died"));
        return sendPush(target, payload, keys, options);
      },
    });
    await expect(dying).rejects.toThrow("the process died");
    const afterCrash = await Promise.all(phones.map(alertsReceivedBy));
    expect(afterCrash.flat()).toHaveLength(2);

    // Restarted: two overlapping runs 30 s later send nothing twice, and leave the dead run's claims alone.
    const restarted = await Promise.all([
      sendSpawnAlerts(db, config, at(30_000)),
      sendSpawnAlerts(db, config, at(30_000)),
    ]);
    expect(restarted.map((r) => r.sent)).toEqual([0, 0]);
    // Once the claims lapse, the four left go, once, while the spawns are still ahead.
    const later = at(30_000 + CLAIM_LEASE_MS);
    const resumed = await Promise.all([
      sendSpawnAlerts(db, config, later),
      sendSpawnAlerts(db, config, later),
    ]);
    expect(resumed[0].sent + resumed[1].sent).toBe(4);
    await sendSpawnAlerts(db, config, at(7 * MINUTE));

    for (const phone of phones) {
      const alerts = await alertsReceivedBy(phone);
      expect(alerts.map((a) => a.boss).sort()).toEqual([...bosses].sort());
    }
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM spawn_alert_deliveries WHERE sent_at IS NOT NULL",
    );
    expect(rows[0]?.n).toBe(6);
  });
});

describe("spawn alerts: what the push service answers", () => {
  it("deletes a subscription answered 404 or 410, and one answering 500 stops no other", async () => {
    const boss = unique("Answers");
    await bossSpawningAt(boss, at(5 * MINUTE));
    const expired = await subscribe("gone");
    const unknown = await subscribe("notfound");
    const broken = await subscribe("error");
    const fine = await subscribe("ok");

    const result = await sendSpawnAlerts(db, config, now);
    expect(result).toMatchObject({ due: 4, sent: 1, failed: 1, removed: 2 });
    expect(await findSubscription(db, expired.endpoint)).toBeUndefined();
    expect(await findSubscription(db, unknown.endpoint)).toBeUndefined();
    expect(await findSubscription(db, broken.endpoint)).toBeDefined();
    expect(await alertsReceivedBy(fine)).toHaveLength(1);
    // The failed one is tried again on the next run, and only it.
    await sendSpawnAlerts(db, config, at(MINUTE));
    expect(await receivedPushes(service.url, broken.path)).toHaveLength(2);
    expect(await alertsReceivedBy(fine)).toHaveLength(1);
  });

  it("gives up on a push service that does not answer in time", async () => {
    const slow = await createBrowserSubscription(pushEndpoint(service.url, "slow", unique("slow")));
    const started = Date.now();
    const outcome = await sendPush(slow, { title: "t" }, vapid, {
      timeoutMs: 300,
      outbound: config.outbound ?? undefined,
    });
    expect(outcome).toEqual({ kind: "failed", error: "push service did not answer in 300 ms" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("sends nothing without VAPID keys", async () => {
    await bossSpawningAt(unique("Keyless"), at(5 * MINUTE));
    const phone = await subscribe("ok");
    expect(await sendSpawnAlerts(db, { ...config, vapid: null }, now)).toMatchObject({
      off: "no VAPID keys",
      sent: 0,
    });
    expect(await receivedPushes(service.url, phone.path)).toEqual([]);
  });
});

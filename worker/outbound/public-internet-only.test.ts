/**
 * The server calls only the public internet (decision 053), on every driver (PGlite, PostgreSQL, and the Neon
 * driver inside workerd): the addresses an attacker subscribed as push endpoints (and, on Node, names resolving
 * to them) are refused with 400 and a message, and rows that point at this machine anyway (stored before the
 * guard existed) get nothing from a scheduler run: the local push service and Discord on 127.0.0.1 receive
 * nothing, as long as no test origin names them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DISCORD_WEBHOOK_INVALID,
  discordWebhookNotPublic,
  PUSH_ENDPOINT_INVALID,
  pushEndpointNotPublic,
} from "@shared/schemas/spawn-alerts.ts";
import { createApp } from "../app/create-app.ts";
import { upsertTimer } from "../bosses/boss-timers-repo.ts";
import type { Db } from "../db/types.ts";
import { WEBHOOK_NOT_ALLOWED } from "../discord/discord-delivery.ts";
import { getDiscordSettings } from "../discord/discord-store.ts";
import { type TestDiscord, useFakeDiscord } from "../discord/testing/test-discord.ts";
import { signInAs, uniqueName } from "../salary/portal-test-setup.ts";
import { runScheduledJobs } from "../scheduled/run-scheduled-jobs.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { findSubscription, upsertSubscription } from "../spawn-alerts/subscriptions-repo.ts";
import { createBrowserSubscription } from "../spawn-alerts/testing/push-crypto.ts";
import { receivedPushes } from "../spawn-alerts/testing/push-service-client.ts";
import { useFakePushService } from "../spawn-alerts/testing/test-push-service.ts";
import { generateVapidKeys, type VapidConfig } from "../spawn-alerts/vapid.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import type { HostLookup } from "./node-transport.ts";
import { resolvesNames, testOutbound } from "./testing/test-outbound.ts";

const MINUTE_MS = 60_000;

/** Stands in for DNS on Node: an attacker's names, each resolving to an address of this network. */
const ATTACKER_NAMES: Record<string, string[]> = {
  "metadata.attacker.example": ["169.254.169.254"],
  "intranet.attacker.example": ["10.0.0.1"],
  "loopback.attacker.example": ["127.0.0.1", "::1"],
  "mixed.attacker.example": ["93.184.215.14", "192.168.1.1"],
  "ula.attacker.example": ["fd00::1"],
  "mapped.attacker.example": ["::ffff:127.0.0.1"],
  "cgnat.attacker.example": ["100.64.0.1"],
  "discord.com": ["127.0.0.1"],
};
/** Every other name resolves to a public address, as the push services' do. */
const lookup: HostLookup = async (name) => ATTACKER_NAMES[name] ?? ["142.250.74.42"];

let db: Db;
let vapid: VapidConfig;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let push: { url: string; close(): Promise<void> };
let discord: TestDiscord;

beforeAll(async () => {
  db = await createTestDb();
  push = await useFakePushService();
  discord = await useFakeDiscord();
  vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
  // No test origin: the fake servers on 127.0.0.1 are just another address on this machine.
  app = createApp({
    db,
    config: {
      brand: "Test Guild",
      timeZone: null,
      pepper: "test-pepper-0123456789",
      vapid,
      outbound: await testOutbound([], lookup),
    },
  });
  admin = await signInAs({ db, app }, "outbound", "admin");
});
afterAll(async () => {
  await db?.close();
  await push?.close();
  await discord?.close();
});
beforeEach(async () => {
  await db.exec(
    "DELETE FROM push_subscriptions; DELETE FROM discord_messages; UPDATE discord_settings SET webhook_url = '', last_error = NULL",
  );
});

async function subscribe(endpoint: string) {
  const browser = await createBrowserSubscription(endpoint);
  return new TestClient(app).post("/_api/spawn-alerts/subscription", {
    subscription: { endpoint, expirationTime: null, keys: browser.keys },
    bosses: "all",
    leadMinutes: 10,
  });
}

describe("subscribing a push endpoint", () => {
  const notPublic: [endpoint: string, reason: string][] = [
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address"],
    ["https://10.0.0.1/", "10.0.0.1 is a private address (RFC 1918)"],
    ["https://192.168.1.1:8443/", "port 8443 is not allowed (only https's default port, 443)"],
    ["https://192.168.1.1/", "192.168.1.1 is a private address (RFC 1918)"],
    ["https://172.16.5.4/push", "172.16.5.4 is a private address (RFC 1918)"],
    [
      "https://metadata.google.internal/computeMetadata/v1/",
      "metadata.google.internal is a cloud metadata name",
    ],
    [
      "https://metadata.google.internal./computeMetadata/v1/",
      "metadata.google.internal is a cloud metadata name",
    ],
    ["https://127.0.0.2:9443/", "port 9443 is not allowed (only https's default port, 443)"],
    ["https://127.0.0.2/", "127.0.0.2 is a loopback address"],
    ["https://localhost/", "localhost is a name of this machine"],
    ["https://localhost./", "localhost is a name of this machine"],
    ["https://push.localhost/", "push.localhost is a name of this machine"],
    ["https://2130706433/", "127.0.0.1 is a loopback address"],
    ["https://0x7f.1/", "127.0.0.1 is a loopback address"],
    ["https://0251.0376.0251.0376/", "169.254.169.254 is a cloud metadata address"],
    ["https://100.64.0.1/", "100.64.0.1 is a carrier-grade NAT address"],
    ["https://224.0.0.251/", "224.0.0.251 is a multicast address"],
    ["https://0.0.0.0/", "0.0.0.0 is an unspecified address"],
    ["https://255.255.255.255/", "255.255.255.255 is the broadcast address"],
    ["https://[::1]/", "::1 is a loopback address"],
    ["https://[::]/", ":: is an unspecified address"],
    ["https://[::ffff:127.0.0.1]/", "127.0.0.1 is a loopback address"],
    ["https://[::ffff:a9fe:a9fe]/", "169.254.169.254 is a cloud metadata address"],
    ["https://[64:ff9b::10.0.0.1]/", "64:ff9b::a00:1 is a private address (RFC 1918)"],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254 is a cloud metadata address"],
    ["https://[fc00::1]/", "fc00::1 is a private address (RFC 4193)"],
    ["https://[fe80::1]/", "fe80::1 is a link-local address"],
    ["https://[ff02::1]/", "ff02::1 is a multicast address"],
    ["https://db.internal/", "db.internal is a local network name"],
    ["https://printer.local/", "printer.local is a local network name"],
    ["https://postgres/", "postgres is not a public host name"],
    ["https://10.0.0.1.nip.io/", "10.0.0.1.nip.io names 10.0.0.1, a private address (RFC 1918)"],
    ["https://user:pw@fcm.googleapis.com/", "a user name or password in the URL is not allowed"],
  ];

  it.each(notPublic)("refuses %s with 400: %s", async (endpoint, reason) => {
    const res = await subscribe(endpoint);
    expect({ status: res.status, data: res.data }).toEqual({
      status: 400,
      data: { error: pushEndpointNotPublic(reason) },
    });
    expect(await findSubscription(db, endpoint)).toBeUndefined();
  });

  it.each([
    "http://localhost:5432/",
    "http://localhost:9444/stop",
    "http://127.0.0.1:9444/stop",
    "http://push.example.com/x",
  ])("refuses %s (not https) with 400", async (endpoint) => {
    const res = await subscribe(endpoint);
    expect({ status: res.status, data: res.data }).toEqual({
      status: 400,
      data: { error: PUSH_ENDPOINT_INVALID },
    });
  });

  const resolving: [endpoint: string, reason: string][] = [
    [
      "https://metadata.attacker.example/latest/meta-data/",
      "metadata.attacker.example resolves to 169.254.169.254, a cloud metadata address",
    ],
    [
      "https://intranet.attacker.example/",
      "intranet.attacker.example resolves to 10.0.0.1, a private address (RFC 1918)",
    ],
    [
      "https://loopback.attacker.example/",
      "loopback.attacker.example resolves to 127.0.0.1, a loopback address",
    ],
    [
      "https://mixed.attacker.example/",
      "mixed.attacker.example resolves to 192.168.1.1, a private address (RFC 1918)",
    ],
    [
      "https://ula.attacker.example/",
      "ula.attacker.example resolves to fd00::1, a private address (RFC 4193)",
    ],
    [
      "https://mapped.attacker.example./",
      "mapped.attacker.example resolves to ::ffff:127.0.0.1, a loopback address",
    ],
    [
      "https://cgnat.attacker.example/",
      "cgnat.attacker.example resolves to 100.64.0.1, a carrier-grade NAT address",
    ],
  ];
  // Workers have no DNS API: there the platform refuses these connections itself.
  it.skipIf(!resolvesNames()).each(resolving)("on Node, refuses %s: %s", async (endpoint, reason) => {
    const res = await subscribe(endpoint);
    expect({ status: res.status, data: res.data }).toEqual({
      status: 400,
      data: { error: pushEndpointNotPublic(reason) },
    });
    expect(await findSubscription(db, endpoint)).toBeUndefined();
  });

  it("takes a push service's public endpoint", async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/${uniqueName("device-")}`;
    const res = await subscribe(endpoint);
    expect(res.status).toBe(200);
    expect(await findSubscription(db, endpoint)).toBeDefined();
  });
});

describe("saving the Discord webhook", () => {
  it("refuses the local Discord without a test origin", async () => {
    const res = await admin.call("PUT", "/_api/discord-settings", {
      webhookUrl: discord.webhook(),
      leadMinutes: 10,
      spawnAlerts: true,
      timerStarts: true,
      lootSales: true,
    });
    expect({ status: res.status, error: res.data.error }).toEqual({
      status: 400,
      error: DISCORD_WEBHOOK_INVALID,
    });
  });

  it.skipIf(!resolvesNames())(
    "on Node, refuses Discord's own name when it resolves to this machine",
    async () => {
      const res = await admin.call("PUT", "/_api/discord-settings", {
        webhookUrl: "https://discord.com/api/webhooks/1/token",
        leadMinutes: 10,
        spawnAlerts: true,
        timerStarts: true,
        lootSales: true,
      });
      expect({ status: res.status, error: res.data.error }).toEqual({
        status: 400,
        error: discordWebhookNotPublic("discord.com resolves to 127.0.0.1, a loopback address"),
      });
      expect((await getDiscordSettings(db)).webhookUrl).toBe("");
    },
  );
});

/** A boss whose timer ends (it spawns) at `spawnAt`. */
async function bossSpawningAt(spawnAt: Date): Promise<string> {
  const name = uniqueName("Outbound Wyrm ");
  await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 10)", [name]);
  await upsertTimer(db, {
    bossName: name,
    startTime: new Date(spawnAt.getTime() - 10 * 60 * MINUTE_MS),
    endTime: spawnAt,
    durationHours: 10,
    startedBy: null,
  });
  return name;
}

/** A subscription row written straight into the database, as one saved before the guard existed would be. */
async function storedSubscription(endpoint: string): Promise<void> {
  const browser = await createBrowserSubscription(endpoint);
  await upsertSubscription(db, {
    endpoint,
    keys: browser.keys,
    bosses: "all",
    leadMinutes: 15,
    userId: null,
    from: null,
  });
}

/** The Discord webhook and a message waiting for its retry, as a restore or an older server could leave them. */
async function storedDiscord(webhookUrl: string, now: Date): Promise<void> {
  await db.query("UPDATE discord_settings SET webhook_url = $1 WHERE id = 1", [webhookUrl]);
  await db.query(
    `INSERT INTO discord_messages (kind, content, created_at, due_at, expires_at, attempts)
     VALUES ('loot_sold', 'stored before the guard', $1, $1, $2, 1)`,
    [new Date(now.getTime() - MINUTE_MS), new Date(now.getTime() + 30 * MINUTE_MS)],
  );
}

describe("a scheduler run over rows that point at this machine", () => {
  it("sends nothing to the local push service or Discord, and drops the endpoints", async () => {
    const now = new Date();
    // Two spawns ahead: each planted endpoint has two alerts due in the run.
    await bossSpawningAt(new Date(now.getTime() + 5 * MINUTE_MS));
    await bossSpawningAt(new Date(now.getTime() + 7 * MINUTE_MS));
    const id = uniqueName("planted-").replaceAll(" ", "");
    const pushPort = new URL(push.url).port;
    const endpoints = [
      `${push.url}/push/ok/${id}-http`,
      `http://localhost:${pushPort}/push/ok/${id}-localhost`,
      `https://127.0.0.1:${pushPort}/push/ok/${id}-https`,
      `https://0x7f.1/push/ok/${id}-hex`,
      `https://metadata.google.internal/push/ok/${id}-metadata`,
      ...(resolvesNames() ? [`https://loopback.attacker.example/push/ok/${id}-name`] : []),
    ];
    for (const endpoint of endpoints) await storedSubscription(endpoint);
    const webhook = discord.webhook();
    await storedDiscord(webhook, now);

    const config: ScheduledConfig = {
      auditRetentionDays: null,
      timeZone: null,
      vapid,
      outbound: await testOutbound([], lookup),
    };
    const outcomes = await runScheduledJobs(db, config, now);
    expect(outcomes.find((o) => o.job === "spawn-alerts")).toMatchObject({
      ok: true,
      result: { due: 2 * endpoints.length, sent: 0, refused: endpoints.length },
    });

    expect(await receivedPushes(push.url, `/push/ok/${id}`)).toEqual([]);
    expect(await discord.received(webhook)).toEqual([]);
    for (const endpoint of endpoints) expect(await findSubscription(db, endpoint)).toBeUndefined();
    const settings = await getDiscordSettings(db);
    expect(settings.lastError?.message).toBe(WEBHOOK_NOT_ALLOWED);
    // The messages wait (the stored one, and the spawn alert the run queued) for a webhook that may be called.
    const pending = await db.query<{ content: string }>(
      "SELECT content FROM discord_messages WHERE delivered_at IS NULL AND given_up_at IS NULL ORDER BY id",
    );
    expect(pending.map((row) => row.content)).toEqual([
      "stored before the guard",
      expect.stringContaining("spawns in 5 minutes"),
      expect.stringContaining("spawns in 7 minutes"),
    ]);

    // The same rows with the fake servers named as test origins do arrive: the run above was not idle.
    await storedSubscription(`${push.url}/push/ok/${id}-control`);
    const control = { ...config, outbound: await testOutbound([push.url, discord.url], lookup) };
    await runScheduledJobs(db, control, new Date(now.getTime() + 30_000));
    expect(await receivedPushes(push.url, `/push/ok/${id}`)).toHaveLength(2);
    expect((await discord.received(webhook)).map((post) => post.content)).toEqual([
      "stored before the guard",
      expect.stringContaining("spawns in 5 minutes"),
      expect.stringContaining("spawns in 7 minutes"),
    ]);
  });

  it.skipIf(!resolvesNames())(
    "on Node, posts nothing to Discord's name when it resolves to this machine",
    async () => {
      const now = new Date();
      await storedDiscord("https://discord.com/api/webhooks/1/token", now);
      const config: ScheduledConfig = {
        auditRetentionDays: null,
        timeZone: null,
        outbound: await testOutbound([], lookup),
      };
      const [discordRun] = (await runScheduledJobs(db, config, now)).filter((o) => o.job === "discord");
      expect(discordRun).toMatchObject({ ok: true, result: { delivered: 0, retrying: 1 } });
      expect((await getDiscordSettings(db)).lastError?.message).toBe(
        "Discord was not called: discord.com resolves to 127.0.0.1, a loopback address.",
      );
    },
  );
});

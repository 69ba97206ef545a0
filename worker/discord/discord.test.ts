/**
 * Discord alerts (issue 15 point 4, decision 043), against a local server playing Discord (testing/fake-discord.ts),
 * on every driver (PGlite, PostgreSQL, and the Neon driver inside workerd).
 */
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNDO_WINDOW_SECONDS } from "@shared/bosses/timer-start-windows.ts";
import { KILLED_BUTTON_PREFIX, DISCORD_COMMAND_TEXTS as TEXT } from "@shared/discord/slash-commands.ts";
import {
  DISCORD_WEBHOOK_INVALID,
  type DiscordSettings,
  LEAD_MINUTES_INVALID,
} from "@shared/schemas/spawn-alerts.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import type { Outbound } from "../outbound/guarded-fetch.ts";
import { testOutbound } from "../outbound/testing/test-outbound.ts";
import { signInAs, uniqueName } from "../salary/portal-test-setup.ts";
import type { ScheduledConfig } from "../scheduled/scheduled-config.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";
import { settleBackground, wakeBackground } from "./background.ts";
import { runDiscordJob } from "./discord-alerts.ts";
import { TEST_MESSAGE } from "./discord-messages.ts";
import { NO_WEBHOOK, TEST_SENT } from "./discord-settings-routes.ts";
import type { ReceivedPost } from "./testing/fake-discord.ts";
import { type TestDiscord, useFakeDiscord } from "./testing/test-discord.ts";

const MINUTE_MS = 60_000;
let db: Db;
let discord: TestDiscord;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let user: TestClient;
let config: ScheduledConfig;
let outbound: Outbound;

beforeAll(async () => {
  db = await createTestDb();
  discord = await useFakeDiscord();
  // Discord's own names resolve (on Node) to one of its public addresses: this machine may have no DNS.
  outbound = await testOutbound([discord.url], async () => ["162.159.128.233"]);
  app = createApp({
    db,
    config: {
      brand: "Test Guild",
      timeZone: null,
      pepper: "test-pepper-0123456789",
      outbound,
    },
  });
  admin = await signInAs({ db, app }, "discord", "admin");
  user = await signInAs({ db, app }, "discord", "user");
  config = { auditRetentionDays: null, timeZone: null, outbound };
});
afterAll(async () => {
  if (db) await settleBackground(db);
  await discord?.close();
  await db?.close();
});

const settings = (webhookUrl: string, more: Partial<DiscordSettings> = {}) => ({
  webhookUrl,
  leadMinutes: 10,
  spawnAlerts: true,
  timerStarts: true,
  lootSales: true,
  ...more,
});

async function useWebhook(webhookUrl: string, more: Partial<DiscordSettings> = {}) {
  const saved = await admin.call("PUT", "/_api/discord-settings", settings(webhookUrl, more));
  expect(saved.status).toBe(200);
  // Nothing of an earlier test is left to post to this webhook.
  await db.query("DELETE FROM discord_messages");
}

async function discordSettings(): Promise<DiscordSettings> {
  const res = await admin.get("/_api/discord-settings");
  expect(res.status).toBe(200);
  return (res.data as { discord: DiscordSettings }).discord;
}

/** The contents Discord accepted (2xx), and how many posts it answered with each status. */
async function accepted(webhookUrl: string): Promise<{ contents: string[]; statuses: number[] }> {
  const posts: ReceivedPost[] = await discord.received(webhookUrl);
  return {
    contents: posts.filter((post) => post.status < 300).map((post) => post.content),
    statuses: posts.map((post) => post.status),
  };
}

async function addBoss(hours: number): Promise<string> {
  const name = uniqueName("Discord Wyrm ");
  expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  return name;
}

describe("who may read and change the Discord settings", () => {
  it("answers 401 to a visitor and 403 to a raider, on every route", async () => {
    const visitor = new TestClient(app);
    for (const client of [visitor, user]) {
      const status = client === visitor ? 401 : 403;
      expect((await client.get("/_api/discord-settings")).status).toBe(status);
      expect((await client.call("PUT", "/_api/discord-settings", settings(""))).status).toBe(status);
      expect((await client.post("/_api/discord-settings/test")).status).toBe(status);
    }
  });

  it("refuses a webhook that is not Discord's with the schema's message, and a lead time off the list", async () => {
    for (const bad of [
      "https://example.com/api/webhooks/1/abc",
      "http://discord.com/api/webhooks/1/abc",
      "https://discord.com.evil.example/api/webhooks/1/abc",
      `${discord.url.replace("127.0.0.1", "localhost")}/api/webhooks/1/abc`,
      "not a url",
      `https://discord.com/api/webhooks/1/${"a".repeat(600)}`,
    ]) {
      const res = await admin.call("PUT", "/_api/discord-settings", settings(bad));
      expect({ bad, status: res.status, error: res.data.error }).toEqual({
        bad,
        status: 400,
        error: DISCORD_WEBHOOK_INVALID,
      });
    }
    const lead = await admin.call("PUT", "/_api/discord-settings", settings("", { leadMinutes: 7 as never }));
    expect(lead.status).toBe(400);
    expect(lead.data.error).toBe(LEAD_MINUTES_INVALID);
  });

  it("saves a Discord webhook and answers it to admins; the audit log does not keep the URL", async () => {
    const url = "https://discord.com/api/webhooks/123456/secret-token_XYZ";
    const res = await admin.call("PUT", "/_api/discord-settings", settings(url, { leadMinutes: 15 }));
    expect(res.status).toBe(200);
    expect(await discordSettings()).toMatchObject({ webhookUrl: url, leadMinutes: 15, lastError: null });
    const audit = await db.query<{ text: string }>(
      "SELECT coalesce(after::text, '') AS text FROM audit_log WHERE entity = 'discord_settings'",
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.map((row) => row.text).join(" ")).not.toContain("secret-token");
    expect((await admin.call("PUT", "/_api/discord-settings", settings(""))).status).toBe(200);
    expect((await admin.post("/_api/discord-settings/test")).data.error).toBe(NO_WEBHOOK);
  });
});

describe("delivery to Discord", () => {
  it("posts a test message on demand", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook);
    const res = await admin.post("/_api/discord-settings/test");
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(TEST_SENT);
    const posts = await discord.received(webhook);
    expect(posts.map((post) => post.content)).toEqual([TEST_MESSAGE]);
    expect(posts[0]?.allowedMentions).toEqual({ parse: [] });
    expect((await discordSettings()).lastDeliveredAt).toBeInstanceOf(Date);
  });

  it("posts every message once through a 429 with retry_after and a 500: timer started, loot sold, spawn alert", async () => {
    const webhook = discord.webhook("r429-s500-h429");
    await useWebhook(webhook);
    const boss = await addBoss(1);
    const started = await user.post("/_api/boss-timers", { bossName: boss });
    expect(started.status).toBe(200);
    const end = (started.data.timer as { endTime: Date }).endTime;

    const loot = uniqueName("Discord Blade ");
    const sold = await admin.post("/_api/market-exchange", {
      lootName: loot,
      bossName: boss,
      value: "1000.00",
      status: "Sold",
      participatedMembers: ["Aria", "Borin", "Cato", "Dara"],
    });
    expect(sold.status).toBe(201);

    // The scheduler before the spawn's lead time, then twice at once within it, then again (a restart).
    await runDiscordJob(db, config, new Date(end.getTime() - 11 * MINUTE_MS));
    const within = new Date(end.getTime() - 10 * MINUTE_MS + 1_000);
    const runs = await Promise.all([runDiscordJob(db, config, within), runDiscordJob(db, config, within)]);
    expect(runs.map((run) => run.queued).sort()).toEqual([0, 1]);
    await runDiscordJob(db, config, new Date(within.getTime() + MINUTE_MS));
    // The scheduler's runs posted everything; the start's own follow-up need not wait out its 10 s.
    wakeBackground(db);
    await settleBackground(db);

    const { contents, statuses } = await accepted(webhook);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.filter((status) => status === 500)).toHaveLength(1);
    expect(contents, JSON.stringify(contents)).toHaveLength(3);
    expect(contents.filter((text) => text.includes("Loot sold"))).toEqual([
      `💰 Loot sold: **${loot}** from **${boss}** for 1,000.00 USDT. 4 participants, 150.00 USDT each, guild fund 350.00 USDT, admin fund 50.00 USDT.`,
    ]);
    expect(contents.filter((text) => text.startsWith("⏱️ Timer started"))).toEqual([
      expect.stringContaining(`**${boss}** by user `),
    ]);
    expect(contents.filter((text) => text.startsWith("⏰"))).toEqual([
      `⏰ **${boss}** spawns in 10 minutes (<t:${Math.floor(end.getTime() / 1000)}:t>).`,
    ]);
    expect((await discordSettings()).lastError).toBeNull();
  });

  it("answers a write at once while Discord is down, and the scheduler posts the message later", async () => {
    const webhook = discord.webhook("down");
    await useWebhook(webhook);
    const loot = uniqueName("Downtime Relic ");
    const begun = Date.now();
    const sold = await admin.post("/_api/market-exchange", {
      lootName: loot,
      bossName: "Ironhide Behemoth",
      value: "10.00",
      status: "Sold",
      participatedMembers: ["Aria"],
    });
    const ms = Date.now() - begun;
    console.log(`loot sold while Discord is down: answered in ${ms} ms`);
    expect(sold.status).toBe(201);
    // The background post waits 2.5 s between its retries; the write does not wait for any of it.
    expect(ms).toBeLessThan(2_000);
    await settleBackground(db);
    const down = await accepted(webhook);
    expect(down.contents).toEqual([]);
    expect(down.statuses).toEqual([503, 503, 503]);
    const failed = await discordSettings();
    expect(failed.lastError?.message).toBe("Discord had a server error (HTTP 503).");
    expect(failed.lastError?.at).toBeInstanceOf(Date);

    await discord.bringUp(webhook);
    // Before its backoff the message waits; after it, the scheduler posts it.
    expect((await runDiscordJob(db, config, new Date())).delivered).toBe(0);
    expect((await runDiscordJob(db, config, new Date(Date.now() + 2 * MINUTE_MS))).delivered).toBe(1);
    expect((await runDiscordJob(db, config, new Date(Date.now() + 4 * MINUTE_MS))).delivered).toBe(0);
    const up = await accepted(webhook);
    expect(up.contents).toEqual([expect.stringContaining(loot)]);
    expect((await discordSettings()).lastError).toBeNull();
  });

  it("on Workers posts in waitUntil, and closes the request's database only after", async () => {
    const webhook = discord.webhook("s500");
    await useWebhook(webhook);
    // The Worker's shape: a database per request, closed by the app; here a view of the test's that records it.
    const events: string[] = [];
    const perRequest = (): Db => ({
      driver: db.driver,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      close: async () => {
        events.push("closed");
      },
    });
    const workerApp = createApp({
      db: perRequest,
      config: {
        brand: "Test Guild",
        timeZone: null,
        pepper: "test-pepper-0123456789",
        outbound,
      },
    });
    const waiting: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => waiting.push(promise),
      passThroughOnException() {},
    };
    const loot = uniqueName("Worker Relic ");
    const request = new Request("http://localhost/_api/market-exchange", {
      method: "POST",
      headers: { cookie: admin.cookie as string, "content-type": "application/json" },
      body: superjson.stringify({
        lootName: loot,
        bossName: "Ironhide Behemoth",
        value: "20.00",
        status: "Sold",
        participatedMembers: ["Aria", "Borin"],
      }),
    });
    const response = await workerApp.fetch(request, {}, ctx as never);
    expect(response.status).toBe(201);
    events.push("answered");
    // The 500 costs the background pass a 0.5 s wait: the answer came before the post went through.
    expect((await accepted(webhook)).contents).toEqual([]);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    await Promise.all(waiting);
    const { contents, statuses } = await accepted(webhook);
    expect(statuses).toEqual([500, 200]);
    expect(contents).toEqual([expect.stringContaining(loot)]);
    expect(events).toEqual(["answered", "closed"]);
  });

  it("posts loot sold when an item's status changes to Sold, once", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook);
    const loot = uniqueName("Pending Orb ");
    const created = await admin.post("/_api/market-exchange", {
      lootName: loot,
      bossName: "Ironhide Behemoth",
      value: "3.00",
      status: "Pending",
      participatedMembers: ["Aria", "Borin", "Cato"],
    });
    expect(created.status).toBe(201);
    const id = (created.data.marketExchangeItem as { id: number }).id;
    expect((await admin.post("/_api/market-exchange/update", { id, status: "Sold" })).status).toBe(200);
    expect((await admin.post("/_api/market-exchange/update", { id, value: "4.00" })).status).toBe(200);
    await settleBackground(db);
    await runDiscordJob(db, config, new Date());
    expect((await accepted(webhook)).contents).toEqual([
      `💰 Loot sold: **${loot}** from **Ironhide Behemoth** for 3.00 USDT. 3 participants, 0.60 USDT each, guild fund 1.05 USDT, admin fund 0.15 USDT.`,
    ]);
  });

  it("posts an opened check-in's code with its link, pinging the boss's role (decision 079)", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook);
    const boss = await addBoss(12);
    await db.query("UPDATE boss_names SET discord_role_id = $2 WHERE name = $1", [
      boss,
      "123456789012345678",
    ]);
    const opened = await admin.post("/_api/check-ins", { bossName: boss, killedAt: new Date() });
    expect(opened.status, opened.text).toBe(201);
    const { code, closesAt } = opened.data.checkIn as { code: string; closesAt: Date };
    await settleBackground(db);
    const posts = await discord.received(webhook);
    expect(posts.map((post) => ({ content: post.content, allowedMentions: post.allowedMentions }))).toEqual([
      {
        content: `<@&123456789012345678> ✋ Check-in open for **${boss}**: code **${code}** until <t:${Math.floor(closesAt.getTime() / 1000)}:t>. Were you there? <http://localhost/check-in/${code}>`,
        allowedMentions: { parse: [], roles: ["123456789012345678"] },
      },
    ]);
  });

  it("posts an auction's opening with its end and link, then its result (decision 091)", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook, { lootSales: false });
    const lootName = `Auction Blade ${Date.now()}`;
    const item = await admin.post("/_api/market-exchange", {
      lootName,
      bossName: "Ironhide Behemoth",
      value: 0,
      status: "Pending",
      participatedMembers: ["Nobody"],
      totalFunds: 0,
    });
    const marketItemId = (item.data.marketExchangeItem as { id: number }).id;
    const opened = await admin.post("/_api/auctions", {
      marketItemId,
      startPrice: 100,
      minRaise: 5,
      bidders: "members",
      payment: "outside",
    });
    expect(opened.status, opened.text).toBe(201);
    const { id, endsAt } = opened.data.auction as { id: number; endsAt: Date };
    await settleBackground(db);
    expect((await accepted(webhook)).contents).toEqual([
      `🔨 Auction open: **${lootName}**, from 100.00 USDT, ends <t:${Math.floor(endsAt.getTime() / 1000)}:t>. Bid on the portal: <http://localhost/me/auctions/${id}>`,
    ]);
    const cancelled = await admin.post("/_api/auctions/cancel", { id, reason: "Wrong item" });
    expect(cancelled.status, cancelled.text).toBe(200);
    await settleBackground(db);
    expect((await accepted(webhook)).contents.at(-1)).toBe(
      `🔨 Auction cancelled: **${lootName}** (Wrong item).`,
    );
  });

  it("gives up a message Discord refuses (404) and shows why", async () => {
    const webhook = discord.webhook("s404");
    await useWebhook(webhook);
    const boss = await addBoss(2);
    expect((await user.post("/_api/boss-timers", { bossName: boss })).status).toBe(200);
    const run = await runDiscordJob(db, config, new Date(Date.now() + 11_000));
    expect(run.givenUp).toBe(1);
    expect((await accepted(webhook)).statuses).toEqual([404]);
    expect((await discordSettings()).lastError?.message).toBe(
      "Discord refused the message (HTTP 404: Unknown Webhook). Check the webhook URL (it may have been deleted in Discord).",
    );
    // Not tried again, by the scheduler or by the start's own follow-up.
    await runDiscordJob(db, config, new Date(Date.now() + 30 * MINUTE_MS));
    wakeBackground(db);
    await settleBackground(db);
    expect((await accepted(webhook)).statuses).toEqual([404]);
  });

  it("posts a timer start by itself once the start can no longer be undone, with no scheduler run", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook, { lootSales: false });
    const boss = await addBoss(4);
    const begun = Date.now();
    expect((await user.post("/_api/boss-timers", { bossName: boss })).status).toBe(200);
    expect((await accepted(webhook)).contents).toEqual([]);
    // The request's own background work waits out the undo window, then posts.
    await settleBackground(db);
    expect(Date.now() - begun).toBeGreaterThanOrEqual(UNDO_WINDOW_SECONDS * 1000);
    expect((await accepted(webhook)).contents).toEqual([expect.stringContaining(`**${boss}** by user `)]);
  });

  it("withdraws the timer-started message of an undone start, and posts nothing when a kind is off", async () => {
    const webhook = discord.webhook();
    await useWebhook(webhook, { lootSales: false });
    const boss = await addBoss(3);
    const started = await user.post("/_api/boss-timers", { bossName: boss });
    const startTime = (started.data.timer as { startTime: Date }).startTime;
    expect((await user.post("/_api/boss-timers/undo", { bossName: boss, startTime })).status).toBe(200);
    expect(
      (
        await admin.post("/_api/market-exchange", {
          lootName: uniqueName("Quiet Loot "),
          bossName: boss,
          value: "5.00",
          status: "Sold",
          participatedMembers: ["Aria"],
        })
      ).status,
    ).toBe(201);
    await runDiscordJob(db, config, new Date(Date.now() + 11_000));
    wakeBackground(db);
    await settleBackground(db);
    expect((await accepted(webhook)).statuses).toEqual([]);
  });
});

describe("the Killed button on spawn alerts (decision 100)", () => {
  const saveWebhook = (webhook: string) => useWebhook(webhook, { timerStarts: false });
  /** The posts of this boss's alert (earlier tests' bosses may spawn in the same minutes). */
  const alertsOf = async (webhook: string, boss: string) =>
    (await discord.received(webhook)).filter((post) => post.content.includes(`**${boss}**`));
  /** The scheduler within the boss's 10-minute lead, with the slash commands set up. */
  async function alertWithButton(webhook: string): Promise<string> {
    await saveWebhook(webhook);
    const boss = await addBoss(1);
    const started = await user.post("/_api/boss-timers", { bossName: boss });
    expect(started.status).toBe(200);
    const end = (started.data.timer as { endTime: Date }).endTime;
    const run = await runDiscordJob(
      db,
      { ...config, killedButton: true },
      new Date(end.getTime() - 10 * MINUTE_MS + 1_000),
    );
    expect(run.givenUp).toBe(0);
    return boss;
  }

  it("carries a Killed button naming the boss when the webhook is the application's", async () => {
    const webhook = discord.webhook("app");
    const boss = await alertWithButton(webhook);
    const posts = await alertsOf(webhook, boss);
    expect(posts.map((post) => post.status)).toEqual([200]);
    expect(posts[0]?.content).toContain(`**${boss}** spawns in 10 minutes`);
    expect(posts[0]?.components).toEqual([
      {
        type: 1,
        components: [
          { type: 2, style: 1, label: TEXT.killedLabel, custom_id: `${KILLED_BUTTON_PREFIX}${boss}` },
        ],
      },
    ]);
    expect((await discordSettings()).lastError).toBeNull();
  });

  it("posts the alert again without the button when a channel's own webhook refuses it, and says why", async () => {
    const webhook = discord.webhook("ok");
    const boss = await alertWithButton(webhook);
    const posts = await alertsOf(webhook, boss);
    expect(posts.map((post) => [post.status, post.components === undefined])).toEqual([
      [400, false],
      [200, true],
    ]);
    expect(posts[1]?.content).toContain(`**${boss}** spawns in 10 minutes`);
    const why = TEXT.killedButtonRefused("Discord refused the message (HTTP 400: Invalid Form Body).");
    expect((await discordSettings()).lastError?.message).toBe(why);
    expect(
      await db.query("SELECT last_error FROM discord_messages WHERE dedupe_key LIKE $1", [`spawn:${boss}:%`]),
    ).toEqual([{ last_error: why }]);
  });

  it("posts no button while the slash commands are not set up", async () => {
    const webhook = discord.webhook("ok");
    await saveWebhook(webhook);
    const boss = await addBoss(1);
    const started = await user.post("/_api/boss-timers", { bossName: boss });
    const end = (started.data.timer as { endTime: Date }).endTime;
    await runDiscordJob(db, config, new Date(end.getTime() - 10 * MINUTE_MS + 1_000));
    const posts = await alertsOf(webhook, boss);
    expect(posts.map((post) => [post.status, post.components])).toEqual([[200, undefined]]);
  });
});

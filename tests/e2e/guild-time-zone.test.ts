/**
 * One spawn time for everyone (decision 059), in Chromium against `npm start` on PostgreSQL, whose machine is in
 * Auckland, with no GUILD_TIMEZONE: npm start says which zone it uses until an admin chooses; the admin dashboard
 * asks for one and Admin › Guild Settings saves it; raiders in Berlin, UTC and Manila then see one countdown, the
 * guild's time named wherever their own zone differs, offline too; and the spawn alert the Worker's Cron Trigger
 * sends from the same database (the bundle `wrangler deploy` uploads, whose own zone is UTC) is for the spawn time
 * the screen shows.
 */
import type { BrowserContext, Page } from "playwright-core";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_SCHEDULES, formatGuildSchedule } from "@shared/bosses/boss-schedule.ts";
import { bossSpawnOf } from "@shared/bosses/next-spawn.ts";
import { formatNextSpawnLabel } from "@shared/format/format-date.ts";
import { nextSpawnText } from "@shared/format/guild-clock.ts";
import { wallClockAt, zoneOffsetMs } from "@shared/format/zoned-time.ts";
import type { SpawnAlertPush } from "@shared/schemas/spawn-alerts.ts";
import { createNodePostgresDb } from "@worker/db/node-postgres.ts";
import {
  type FakePushService,
  startFakePushService,
} from "@worker/spawn-alerts/testing/fake-push-service.ts";
import {
  createBrowserSubscription,
  decryptPushMessage,
  fromBase64Url,
} from "@worker/spawn-alerts/testing/push-crypto.ts";
import { generateVapidKeys, type VapidConfig } from "@worker/spawn-alerts/vapid.ts";
import { startWorker } from "@worker/test/worker-runtime.ts";
import {
  ADMIN,
  goOffline,
  PHONE,
  screenshot,
  startBrowserPortal,
  waitForApp,
  waitForController,
} from "./browser.ts";
import { setUpWorkerDatabase } from "./worker-harness.ts";

/** The zone of the machine `npm start` runs on (TZ), which is the guild's until an admin chooses. */
const MACHINE_ZONE = "Pacific/Auckland";
const GUILD_ZONE = "Asia/Manila";
const PEPPER = "guild-time-zone-pepper-01";
const MINUTE = 60_000;

/** Every fixed schedule, and one interval boss whose next spawn nobody knows. */
const harness = setUpWorkerDatabase(async (url) => {
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    for (const { boss, code } of FIXED_SCHEDULES) {
      await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, $2)", [boss, code]);
    }
    await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ('Gravemaw', 10)");
  } finally {
    await db.close();
  }
});

let portal: Awaited<ReturnType<typeof startBrowserPortal>>;
let pushService: FakePushService;
let vapid: VapidConfig;

beforeAll(async () => {
  pushService = await startFakePushService();
  vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
  portal = await startBrowserPortal({
    serviceWorkers: "allow",
    env: {
      DATABASE_URL: harness.url,
      AUTH_PEPPER: PEPPER,
      TZ: MACHINE_ZONE,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      // Phones may subscribe with the fake push service's endpoint (decision 053).
      OUTBOUND_TEST_ORIGINS: pushService.url,
      // The spawn alert under test is the Cron Trigger's, at the time the test gives it.
      SCHEDULE_INTERVAL_SECONDS: "3600",
    },
  });
}, 180_000);

afterAll(async () => {
  await portal?.stop();
  await pushService?.close();
});

async function sql(text: string, params: unknown[] = []): Promise<void> {
  const db = createNodePostgresDb(harness.url, { max: 1 });
  try {
    await db.query(text, params);
  } finally {
    await db.close();
  }
}

/** PUT /_api/admin/guild-settings as the admin, as the settings screen sends it. */
async function chooseZone(timeZone: string): Promise<void> {
  const login = await fetch(portal.url("/_api/auth/login_with_password"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const res = await fetch(portal.url("/_api/admin/guild-settings"), {
    method: "PUT",
    headers: { cookie, "content-type": "application/json" },
    body: superjson.stringify({ timeZone }),
  });
  expect(res.status).toBe(200);
}

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

/** 'UTC+08:00' as the settings screen writes a zone's offset now. */
function offsetNow(zone: string): string {
  const minutes = Math.round(zoneOffsetMs(Date.now(), zone) / MINUTE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `UTC${minutes < 0 ? "−" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** 'HH:MM' of an instant in a zone. */
function clockIn(epochMs: number, zone: string): string {
  const { hour, minute } = wallClockAt(epochMs, zone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

function secondsOf(countdown: string): number {
  const match = /^(\d+)h (\d+)m (\d+)s$/.exec(countdown.trim());
  if (!match) throw new Error(`not a countdown: ${countdown}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * A fixed-schedule boss counting down now in the guild's zone (not in the half hour after a slot, nor about to
 * spawn during the test), with its next spawn: at any moment some of the eight are.
 */
function countingBoss(now: number): { bossName: string; spawnAt: number } {
  for (const { boss, code } of FIXED_SCHEDULES) {
    const spawn = bossSpawnOf({ bossName: boss, respawnTimeHours: code }, now, GUILD_ZONE);
    // Within a day, so its countdown reads to the second (over a day: days and hours, decision 076).
    const left = spawn?.spawnAt == null ? 0 : spawn.spawnAt - now;
    if (spawn?.upSince === null && left > 5 * MINUTE && left <= 24 * 60 * MINUTE) {
      return { bossName: boss, spawnAt: spawn.spawnAt as number };
    }
  }
  throw new Error("no fixed-schedule boss is counting down");
}

async function openBossPage(context: BrowserContext, bossName: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(portal.url("/boss-timers"));
  await waitForApp(page);
  await card(page, bossName).getByTestId("countdown").waitFor({ timeout: 60_000 });
  return page;
}

describe("until an admin chooses the guild's time zone", () => {
  it("npm start names the machine's zone, the dashboard asks, and Admin › Guild Settings saves the choice", async () => {
    await sql("UPDATE guild_settings SET time_zone = NULL");
    expect(portal.process.output()).toContain(
      `Guild time zone: ${MACHINE_ZONE} (this machine's; choose it in Admin › Guild Settings)`,
    );

    const page = await portal.newPage({ timezoneId: "Europe/Berlin" });
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin"));
    const prompt = page.getByTestId("choose-time-zone");
    await prompt.waitFor({ timeout: 60_000 });
    expect(await prompt.innerText()).toContain(`${MACHINE_ZONE}, the server's own zone`);
    await screenshot(page, "admin-dashboard-choose-time-zone");
    await prompt.getByRole("link", { name: "Choose the guild's time zone" }).click();
    await page.waitForURL(/\/admin\/guild-settings$/);
    await expect.poll(() => page.title()).toMatch(/^Guild Settings - /);
    expect(
      await page.getByRole("navigation").first().getByRole("link", { name: "Guild Settings" }).count(),
    ).toBe(1);

    const inUse = page.getByTestId("time-zone-in-use");
    await inUse.waitFor();
    expect(await inUse.innerText()).toBe(
      `In use: ${MACHINE_ZONE} (${offsetNow(MACHINE_ZONE)}), the server's own zone, until you choose one here.`,
    );
    await page.getByLabel("Search time zones").fill("manila");
    const manila = page.getByRole("radio", { name: /Asia\/Manila/ });
    await manila.waitFor();
    expect(await page.getByTestId("time-zone-list").getByRole("radio").count()).toBe(1);
    await manila.check();
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText(`The guild's time zone is now ${GUILD_ZONE}.`).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => inUse.innerText(), { timeout: 30_000 })
      .toBe(`In use: ${GUILD_ZONE} (${offsetNow(GUILD_ZONE)}), chosen here.`);
    await page.getByLabel("Search time zones").fill("");
    await screenshot(page, "guild-settings");

    // Audited like every admin write, and the dashboard asks no more.
    const audit = await (await portal.adminApi()).get<{
      entries: { action: string; entity: string; before: unknown; after: unknown }[];
    }>("/admin/audit-log?entity=guild_settings");
    expect(audit.body.entries[0]).toMatchObject({
      action: "update",
      before: { timeZone: MACHINE_ZONE, timeZoneSource: "server" },
      after: { timeZone: GUILD_ZONE, timeZoneSource: "guild-settings" },
    });
    await page.goto(portal.url("/admin"));
    await page.getByTestId("stat-active-members").waitFor();
    await page.getByRole("heading", { name: /Welcome/ }).waitFor();
    expect(await page.getByTestId("choose-time-zone").count()).toBe(0);

    // Raiders may not choose.
    const raider = await portal.newPage();
    await portal.login(raider, "user");
    await raider.goto(portal.url("/admin/guild-settings"));
    await raider.getByText("Access Denied").first().waitFor({ timeout: 30_000 });
  });
});

describe("one spawn time for everyone (decision 059)", () => {
  it("raiders in Berlin, UTC and Manila see the same countdown; the guild's time is named where their zone differs", async () => {
    await chooseZone(GUILD_ZONE);
    const berlin = await portal.newContext({ viewport: PHONE, timezoneId: "Europe/Berlin" });
    const utc = await portal.newContext({ timezoneId: "UTC" });
    const manila = await portal.newContext({ timezoneId: GUILD_ZONE });
    const { bossName, spawnAt } = countingBoss(Date.now());
    const pages = {
      "Europe/Berlin": await openBossPage(berlin, bossName),
      UTC: await openBossPage(utc, bossName),
      [GUILD_ZONE]: await openBossPage(manila, bossName),
    };

    // One countdown, to the slot in Manila, on every screen at the same moment.
    const countdowns = await Promise.all(
      Object.values(pages).map((page) => card(page, bossName).getByTestId("countdown").innerText()),
    );
    const expected = (spawnAt - Date.now()) / 1000;
    for (const countdown of countdowns)
      expect(Math.abs(secondsOf(countdown) - expected)).toBeLessThanOrEqual(3);

    const schedule = FIXED_SCHEDULES.find((entry) => entry.boss === bossName)?.slots ?? [];
    const guildClock = `${clockIn(spawnAt, GUILD_ZONE)} ${GUILD_ZONE}`;
    for (const [zone, page] of Object.entries(pages)) {
      const spawnText = await card(page, bossName).getByTestId("spawn-time").innerText();
      if (zone === GUILD_ZONE) {
        // The viewer's clock is the guild's: the usual form, no zone.
        expect(spawnText).toBe(formatNextSpawnLabel(spawnAt, GUILD_ZONE));
        expect(spawnText).not.toContain(GUILD_ZONE);
      } else {
        expect(spawnText).toContain(guildClock);
        expect(spawnText).toMatch(/ · (\w{3} )?\d\d:\d\d your time$/);
        expect(spawnText).toBe(nextSpawnText(spawnAt, GUILD_ZONE, zone));
      }
      expect(await card(page, bossName).getByTestId("respawn-info").innerText()).toBe(
        formatGuildSchedule(schedule, GUILD_ZONE),
      );
    }
    const berlinPage = pages["Europe/Berlin"];
    await screenshot(berlinPage, "guild-time-zone-boss-timers");

    // The home card's spawns are the guild's too, named for the Berlin raider.
    const home = await berlin.newPage();
    await home.goto(portal.url("/"));
    const homeTimes = home.getByTestId("home-timers-card").getByTestId("spawn-time");
    await expect.poll(() => homeTimes.count(), { timeout: 60_000 }).toBe(3);
    for (const text of await homeTimes.allInnerTexts()) {
      expect(text).toMatch(
        new RegExp(`^\\w{3} \\d\\d:\\d\\d ${GUILD_ZONE} · (\\w{3} )?\\d\\d:\\d\\d your time$`),
      );
    }
    await home.close();

    // A phone offline keeps the guild's zone: the same spawn text after a reload without a connection.
    await waitForController(berlinPage);
    const online = await card(berlinPage, bossName).getByTestId("spawn-time").innerText();
    await goOffline(berlin);
    await berlinPage.reload();
    await card(berlinPage, bossName).getByTestId("spawn-time").waitFor({ timeout: 60_000 });
    expect(await card(berlinPage, bossName).getByTestId("spawn-time").innerText()).toBe(online);
  });

  it("the spawn alert the Cron Trigger sends is for the spawn time the screen shows", async () => {
    await chooseZone(GUILD_ZONE);
    const { bossName, spawnAt } = countingBoss(Date.now());
    const page = await openBossPage(await portal.newContext({ timezoneId: "Europe/Berlin" }), bossName);
    // Read once the page has the guild's zone (from its settings call), as a raider reads it.
    const spawnTime = card(page, bossName).getByTestId("spawn-time");
    await expect.poll(() => spawnTime.innerText(), { timeout: 30_000 }).toContain(GUILD_ZONE);
    const shown = await spawnTime.innerText();

    // A phone asks npm start for this boss's alerts, 10 minutes ahead.
    const phone = await createBrowserSubscription(pushService.endpoint("ok", `guild-zone-${Date.now()}`));
    const subscribed = await fetch(portal.url("/_api/spawn-alerts/subscription"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: superjson.stringify({
        subscription: { endpoint: phone.endpoint, keys: phone.keys },
        bosses: [bossName],
        leadMinutes: 10,
      }),
    });
    expect(subscribed.status).toBe(200);

    // The Worker (UTC, no GUILD_TIMEZONE) runs its Cron Trigger 10 minutes before that spawn.
    const worker = await startWorker(harness.bundle, {
      vars: {
        AUTH_PEPPER: PEPPER,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: vapid.subject,
        OUTBOUND_TEST_ORIGINS: pushService.url,
      },
      hyperdrive: harness.url.replace("postgres@", "postgres:unused@"),
    });
    try {
      const run = await worker.scheduled({ scheduledTime: new Date(spawnAt - 10 * MINUTE) });
      expect(run.outcome).toBe("ok");
    } finally {
      await worker.dispose();
    }

    const received = pushService.received(new URL(phone.endpoint).pathname);
    expect(received).toHaveLength(1);
    const alert = JSON.parse(
      await decryptPushMessage(fromBase64Url((received[0] as { body: string }).body), phone),
    ) as SpawnAlertPush;
    const guildClock = clockIn(spawnAt, GUILD_ZONE);
    expect(alert).toMatchObject({
      title: `${bossName} spawns in 10 minutes`,
      boss: bossName,
      spawnAt: new Date(spawnAt).toISOString(),
      body: `At ${guildClock} ${GUILD_ZONE} time.`,
    });
    // The screen shows that same time, in the guild's zone, named.
    expect(shown).toContain(`${guildClock} ${GUILD_ZONE}`);
    expect(shown).toBe(nextSpawnText(Date.parse(alert.spawnAt), GUILD_ZONE, "Europe/Berlin"));
  });
});

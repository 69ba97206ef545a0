import type { Page } from "playwright-core";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextFixedSpawn } from "@shared/bosses/boss-schedule.ts";
import { nextSpawnText } from "@shared/format/guild-clock.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import {
  type BrowserPortal,
  E2E_BRAND,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";

// /boss-timers in Chromium against `npm start` with the sample data: 16 interval bosses, 8 fixed schedules.
let portal: BrowserPortal;
const VIEWER_ZONE = "Europe/Berlin";

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
}

async function timerStarts(bossName: string): Promise<AuditEntry[]> {
  const admin = await portal.adminApi();
  const res = await admin.get<{ entries: AuditEntry[] }>("/admin/audit-log?entity=boss_timer&limit=200");
  expect(res.status).toBe(200);
  return res.body.entries.filter((e) => e.entityId === bossName && e.action.startsWith("start"));
}

async function serverTimer(bossName: string) {
  const res = await (await portal.adminApi()).get<{
    timers: { bossName: string; isActive: boolean; endTime: Date | null }[];
  }>("/boss-timers");
  return res.body.timers.find((t) => t.bossName === bossName);
}

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

async function openPage(page: Page) {
  await page.goto(portal.url("/boss-timers"));
  await page.locator("li[data-boss]").first().waitFor();
}

function secondsOf(countdown: string): number {
  const match = /^(\d+)h (\d+)m (\d+)s$/.exec(countdown.trim());
  if (!match) throw new Error(`not a countdown: ${countdown}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

describe("the public boss timer page", () => {
  it("shows the title, the texts, a card per boss and the fixed schedules as scheduled with their next spawn", async () => {
    const page = await portal.newPage({ timezoneId: VIEWER_ZONE });
    await openPage(page);
    await expect.poll(() => page.title()).toBe(`Boss Timers - ${E2E_BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Boss Timers" }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.getByText("Click on an available boss to start their respawn timer.").isVisible(),
    ).resolves.toBe(true);
    expect(await page.locator("li[data-boss]").count()).toBe(24);
    // Fixed-schedule bosses are 'Scheduled' ('disabled', shown Available, for 30 minutes after a slot).
    expect(await page.locator('li[data-state="scheduled"], li[data-state="disabled"]').count()).toBe(8);
    expect(await page.locator('li[data-state="available"]').count()).toBe(16);

    const gravemaw = card(page, "Gravemaw");
    expect(await gravemaw.innerText()).toMatch(/Available[\s\S]*Gravemaw[\s\S]*Every 10 hours/i);

    // MILAVY: Saturday 15:00 in the guild's zone, which with none chosen and no GUILD_TIMEZONE is the server's
    // (decision 059); a viewer whose clock differs sees that time named and their own.
    const settings = await (await portal.adminApi()).get<GuildSettings>("/public/guild-settings");
    const guildZone = settings.body.timeZone;
    const milavy = card(page, "MILAVY");
    expect(await milavy.getByRole("button").isDisabled()).toBe(true);
    const now = await page.evaluate(() => Date.now());
    const expected = nextSpawnText(
      (nextFixedSpawn(-1, now, guildZone) as Date).getTime(),
      guildZone,
      VIEWER_ZONE,
    );
    expect(expected).toMatch(/ at 3:00 PM$| 15:00 \S+ · (\w{3} )?\d\d:\d\d your time$/);
    if ((await milavy.getAttribute("data-state")) === "scheduled") {
      expect(await milavy.innerText()).toContain(expected);
      expect(await milavy.innerText()).toContain("Scheduled");
    }
    expect(await milavy.innerText()).toContain(`Sat 15:00 ${guildZone}`);
    expect(await card(page, "AURAQ").innerText()).toContain(`Sun 21:00 & Wed 21:00 ${guildZone}`);

    // Ready first (decision 076), then next up (decision 040): with no timer running, a scheduled boss that spawned in
    // the last 30 minutes, then the interval bosses, whose spawn is unknown, by name; then the scheduled bosses by
    // their next spawn.
    const names = await page
      .locator("li[data-boss]")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-boss")));
    const codes = {
      MILAVY: -1,
      RINGOR: -2,
      RODERICK: -3,
      AURAQ: -4,
      THYMELE: -5,
      SAPHIRUS: -6,
      NEUTRO: -7,
      CLEMANTIS: -8,
    };
    const key = (code: number) => {
      const recent = nextFixedSpawn(code, now - 30 * 60_000, guildZone) as Date;
      return recent.getTime() <= now
        ? recent.getTime()
        : (nextFixedSpawn(code, now, guildZone) as Date).getTime();
    };
    const byNextSpawn = Object.entries(codes)
      .sort(([, a], [, b]) => key(a) - key(b))
      .map(([name]) => name);
    const isUp = (name: string) => key(codes[name as keyof typeof codes]) <= now;
    const up = byNextSpawn.filter(isUp);
    const toCome = byNextSpawn.filter((name) => !isUp(name));
    expect(names.slice(0, up.length)).toEqual(up);
    expect(names.slice(up.length, up.length + 3)).toEqual([
      "Abyssal Leviathan",
      "Ashen Colossus",
      "Bloodmoon Matriarch",
    ]);
    expect(names.slice(16 + up.length)).toEqual(toCome);
    await screenshot(page, "boss-timers-anonymous");
  });

  it("offers an anonymous visitor a link to log in instead of starting a timer", async () => {
    const page = await portal.newPage();
    await openPage(page);
    await card(page, "Duskwing").getByRole("button").click();
    const link = card(page, "Duskwing").getByRole("link", { name: "Log in to start timers" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/login?next=%2Fboss-timers");
    expect(await card(page, "Duskwing").getAttribute("data-state")).toBe("available");
    expect(await serverTimer("Duskwing")).toMatchObject({ isActive: false, endTime: null });
    await screenshot(page, "boss-timers-login-link");

    await link.click();
    await page.waitForURL(/\/login\?next=%2Fboss-timers$/);
    await page.getByLabel("Email", { exact: true }).fill("raider@e2e.test");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("alert").waitFor();
  });

  it("a logged-in user starts a timer: toast, On Cooldown, a countdown that ticks, and one start on the server", async () => {
    const page = await portal.newPage();
    await portal.login(page, "user");
    await openPage(page);
    const frostfang = card(page, "Frostfang");
    await frostfang.getByRole("button").click();
    await page.getByText("Timer started for Frostfang").waitFor();
    await expect.poll(() => frostfang.getAttribute("data-state")).toBe("on-cooldown");
    expect(await frostfang.innerText()).toContain("On Cooldown");

    const countdown = frostfang.getByTestId("countdown");
    const beforeFirst = Date.now();
    const first = secondsOf(await countdown.innerText());
    const afterFirst = Date.now();
    expect(first).toBeGreaterThan(24 * 3600 - 10);
    expect(first).toBeLessThanOrEqual(24 * 3600);
    await page.waitForTimeout(2_200);
    const beforeLater = Date.now();
    const later = secondsOf(await countdown.innerText());
    const afterLater = Date.now();
    // It ticks with the clock: by the seconds that passed between the readings, give or take the tick.
    expect(first - later).toBeGreaterThanOrEqual(Math.floor((beforeLater - afterFirst) / 1000) - 1);
    expect(first - later).toBeLessThanOrEqual(Math.ceil((afterLater - beforeFirst) / 1000) + 1);
    expect(first - later).toBeGreaterThanOrEqual(1);

    // Pressing a card on cooldown does nothing (it is aria-disabled, so the press has to be forced).
    expect(await frostfang.getByRole("button").getAttribute("aria-disabled")).toBe("true");
    await frostfang.getByRole("button").click({ force: true });
    await expect.poll(async () => (await serverTimer("Frostfang"))?.isActive, { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1_000);
    expect(await timerStarts("Frostfang")).toHaveLength(1);
    await screenshot(page, "boss-timers-user-cooldown");
  });

  it("cards are buttons a keyboard can start, with tap targets of at least 44 px", async () => {
    const page = await portal.newPage();
    await portal.login(page, "user");
    await openPage(page);
    const button = card(page, "Thornqueen").getByRole("button");
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Timer started for Thornqueen").waitFor();
    await expect.poll(() => card(page, "Thornqueen").getAttribute("data-state")).toBe("on-cooldown");
    await expect.poll(async () => (await timerStarts("Thornqueen")).length, { timeout: 15_000 }).toBe(1);
  });

  it("a card turns available again when its countdown reaches zero", async () => {
    // A 10-second test timer (admins only) shows the end of a countdown without waiting hours. Started once the
    // page shows, so that a page slow to open on a loaded machine cannot miss the whole countdown.
    const page = await portal.newPage();
    await openPage(page);
    const mirelurk = card(page, "Mirelurk");
    await expect.poll(() => mirelurk.getAttribute("data-state")).toBe("available");
    const admin = await portal.adminApi();
    const started = await admin.post("/boss-timers", { bossName: "Mirelurk", testDuration: 10 });
    expect(started.status).toBe(200);
    await expect.poll(() => mirelurk.getAttribute("data-state")).toBe("on-cooldown");
    expect(await mirelurk.getByTestId("countdown").innerText()).toMatch(/^0h 0m \d{1,2}s$/);
    await expect.poll(() => mirelurk.getAttribute("data-state"), { timeout: 15_000 }).toBe("available");
    expect(await mirelurk.innerText()).toContain("Available");
  });
});

describe("a start queued offline (decision 036)", () => {
  it("that waited more than 24 hours is too old to record: Discard only, on its card and in the outbox panel", async () => {
    // As an admin, whose pages have the header's outbox panel.
    const context = await portal.newContext({ serviceWorkers: "allow" });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/boss-timers"));
    const sentinel = card(page, "Crystal Sentinel");
    await expect.poll(() => sentinel.getAttribute("data-state"), { timeout: 30_000 }).toBe("available");
    await waitForController(page);

    await context.setOffline(true);
    await sentinel.getByRole("button", { name: /Crystal Sentinel/ }).click();
    await expect.poll(() => sentinel.getAttribute("data-state")).toBe("on-cooldown");
    await page
      .getByText("Timer started for Crystal Sentinel")
      // The start toast stays for its 10-second Undo (decision 041).
      .waitFor({ state: "detached", timeout: 30_000 });
    // The connection comes back a day and a bit later by this device's clock.
    await page.clock.setFixedTime(Date.now() + 24 * 3_600_000 + 10 * 60_000);
    await context.setOffline(false);

    const refused = sentinel.getByTestId("failed-start");
    await refused.getByText("Too old to record").waitFor({ timeout: 15_000 });
    expect(await refused.getByRole("button").allInnerTexts()).toEqual(["Discard"]);
    await screenshot(page, "boss-timers-too-old-to-record");

    await page.getByTestId("outbox-badge").click();
    const row = page.getByTestId("outbox-panel").getByTestId("failed-write");
    await row.waitFor();
    expect(await row.innerText()).toMatch(/^Start timer: Crystal Sentinel\s+Too old to record\./);
    expect(await row.getByRole("button").allInnerTexts()).toEqual(["Discard"]);
    await screenshot(page, "outbox-too-old-to-record");

    await row.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => sentinel.getAttribute("data-state"), { timeout: 15_000 }).toBe("available");
    await page.getByTestId("outbox-badge").waitFor({ state: "detached" });
    expect(await timerStarts("Crystal Sentinel")).toEqual([]);
    expect(await serverTimer("Crystal Sentinel")).toMatchObject({ isActive: false, endTime: null });
  });
});

/** The app's one pull of the row collections (decision 031), whatever its cursor. */
const CHANGES = (url: URL) => url.pathname === "/_api/changes";

describe("before any data", () => {
  // No service worker here, so the page's own requests can be answered by the test.
  const noWorker = { serviceWorkers: "block" as const };

  it("shows 10 skeleton cards while loading", async () => {
    const page = await portal.newPage(noWorker);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(CHANGES, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(portal.url("/boss-timers"));
    const skeletons = page.getByTestId("boss-card-skeleton");
    await skeletons.first().waitFor();
    expect(await skeletons.count()).toBe(10);
    await screenshot(page, "boss-timers-loading");
    release();
    await page.locator("li[data-boss]").first().waitFor();
  });

  it("shows the fetch error when nothing is cached", async () => {
    const page = await portal.newPage(noWorker);
    await page.route(CHANGES, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Database unavailable" }),
      }),
    );
    await page.goto(portal.url("/boss-timers"));
    await page.getByText("Error fetching boss data: Database unavailable").waitFor();
    await screenshot(page, "boss-timers-error");
  });

  it("says so when there are no bosses", async () => {
    const page = await portal.newPage(noWorker);
    const none = { rows: [], deleted: [], replace: true };
    await page.route(CHANGES, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: superjson.stringify({
          cursor: "p.1:1:",
          full: true,
          changes: { bossNames: none, timers: none },
        }),
      }),
    );
    await page.goto(portal.url("/boss-timers"));
    await page.getByText("No boss data available.").waitFor();
  });
});

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextFixedSpawn } from "@shared/bosses/boss-schedule.ts";
import { inNextUpOrder, inReadyFirstOrder, type SpawnSource } from "@shared/bosses/next-spawn.ts";
import { nextSpawnText } from "@shared/format/guild-clock.ts";
import {
  type BrowserPortal,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  screenshot,
  startBrowserPortal,
} from "./browser.ts";

// Decision 040 in Chromium against `npm start`: the boss page in next-up order after the ready bosses (decision 076),
// the guild in Manila and the raider in Berlin; and the in-app alert (toast and beep) when a boss spawns while the page is open.
const GUILD_ZONE = "Asia/Manila";
const VIEWER_ZONE = "Europe/Berlin";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await startBrowserPortal({ env: { GUILD_TIMEZONE: GUILD_ZONE } });
  // Timers as a guild has them: one spawning in 8 minutes (soon), two cooling down; the rest unknown.
  const admin = await portal.adminApi();
  const now = Date.now();
  for (const [bossName, hours, endsIn] of [
    ["Gravemaw", 10, 8 * MINUTE],
    ["Thornqueen", 12, 3 * HOUR],
    ["Ashen Colossus", 18, 16 * HOUR],
  ] as const) {
    const res = await admin.post("/boss-timers", {
      bossName,
      startTime: new Date(now + endsIn - hours * HOUR),
    });
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await portal?.stop();
});

const cards = (page: Page) => page.locator("li[data-boss]");
const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

async function serverRows(): Promise<SpawnSource[]> {
  const res = await (await portal.adminApi()).get<{ timers: SpawnSource[] }>("/boss-timers");
  expect(res.status).toBe(200);
  return res.body.timers;
}

async function openBossPage(page: Page) {
  await page.goto(portal.url("/boss-timers"));
  await cards(page).first().waitFor({ timeout: 30_000 });
  await expect
    .poll(() => card(page, "Gravemaw").getAttribute("data-state"), { timeout: 30_000 })
    .toBe("on-cooldown");
}

async function phoneViewportShot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-390x844-viewport.png`),
    animations: "disabled",
  });
}

describe("next up on a phone (decision 040)", () => {
  it("shows the ready bosses first, then the next spawning boss with the guild's clock time and the viewer's", async () => {
    const page = await portal.newPage({ viewport: PHONE, timezoneId: VIEWER_ZONE });
    await openBossPage(page);
    const now = await page.evaluate(() => Date.now());

    // Ready bosses first (decision 076), then the next-up order of the server's rows, schedules read in Manila.
    const expected = inReadyFirstOrder(await serverRows(), now, GUILD_ZONE);
    const names = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-boss")));
    expect(names).toEqual(expected.map((entry) => entry.row.bossName));
    const top = cards(page).first();
    expect(["available", "disabled"]).toContain(await top.getAttribute("data-state"));
    // Of the bosses still to come, Gravemaw (8 minutes) is first unless a scheduled boss spawns sooner.
    const first = expected.find((entry) => entry.spawn.upSince === null && entry.spawn.spawnAt !== null);
    if (first?.spawn.kind === "interval") expect(first.row.bossName).toBe("Gravemaw");
    const next = card(page, first?.row.bossName ?? "");
    const spawnTime = next.getByTestId("spawn-time");
    // The guild's zone named, and the raider's own time (decision 059).
    expect(await spawnTime.innerText()).toBe(
      nextSpawnText(first?.spawn.spawnAt as number, GUILD_ZONE, VIEWER_ZONE),
    );
    // The first card is seen without scrolling, and nothing is wider than the phone.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await top.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? PHONE.height).toBeLessThan(PHONE.height);
    expect(await next.getByTestId("countdown").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    // A scheduled boss: 'Scheduled', its next spawn in Manila and Berlin, its schedule in Manila, named.
    const auraq = card(page, "AURAQ");
    expect(await auraq.getByTestId("respawn-info").innerText()).toBe("Sun 21:00 & Wed 21:00 Asia/Manila");
    if ((await auraq.getAttribute("data-state")) === "scheduled") {
      expect(await auraq.innerText()).toContain("Scheduled");
      expect(await auraq.innerText()).not.toContain("Available");
      const next = nextFixedSpawn(-4, now, GUILD_ZONE) as Date;
      expect(await auraq.getByTestId("spawn-time").innerText()).toBe(
        nextSpawnText(next.getTime(), GUILD_ZONE, VIEWER_ZONE),
      );
    }
    expect(await auraq.getByRole("button").isDisabled()).toBe(true);
    await phoneViewportShot(page, "boss-timers-next-up");
  });

  it("a boss that just spawned comes first; screenshots with ready, soon, cooling-down and scheduled bosses", async () => {
    const page = await portal.newPage({ viewport: PHONE, timezoneId: VIEWER_ZONE });
    await openBossPage(page);
    const admin = await portal.adminApi();
    expect((await admin.post("/boss-timers", { bossName: "Mirelurk", testDuration: 10 })).status).toBe(200);
    const mirelurk = card(page, "Mirelurk");
    await expect.poll(() => mirelurk.getAttribute("data-state"), { timeout: 30_000 }).toBe("on-cooldown");
    await expect.poll(() => mirelurk.getAttribute("data-state"), { timeout: 30_000 }).toBe("available");
    // Ready bosses come first (decision 076): only a boss up longer (a fixed schedule's slot in its half hour, at
    // some times of day) may come before the one that just spawned, and nothing still to come does.
    await expect
      .poll(
        async () => {
          const states = await cards(page).evaluateAll((els) =>
            els.map((el) => [el.getAttribute("data-boss"), el.getAttribute("data-state")] as const),
          );
          const at = states.findIndex(([boss]) => boss === "Mirelurk");
          const before = states.slice(0, at).map(([, state]) => state);
          return at >= 0 && before.every((state) => state !== "on-cooldown" && state !== "scheduled");
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await mirelurk.getByTestId("spawn-time").innerText()).toMatch(
      /^Spawned at \w{3} \d\d:\d\d Asia\/Manila · (\w{3} )?\d\d:\d\d your time$/,
    );
    // The soonest spawn to come is the first card after the ready ones.
    const toCome = page.locator('li[data-state="on-cooldown"], li[data-state="scheduled"]');
    expect(await toCome.first().getAttribute("data-soon")).toBe("true");
    expect(await page.locator('li[data-state="scheduled"]').count()).toBeGreaterThanOrEqual(7);
    // The phone's first screen with the in-app alert's toast; then the whole page without it.
    await page.getByText("Mirelurk has spawned").waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await phoneViewportShot(page, "boss-timers-ready-soon-cooldown-scheduled");
    await page.getByRole("button", { name: "Close toast" }).first().click();
    await page.getByText("Mirelurk has spawned").waitFor({ state: "detached" });
    await screenshot(page, "boss-timers-ready-soon-cooldown-scheduled");
  });
});

describe("home card (decision 040)", () => {
  it("lists the next three spawns, scheduled bosses included, instead of 'No active timers'", async () => {
    const page = await portal.newPage({ timezoneId: VIEWER_ZONE });
    await page.goto(portal.url("/"));
    const timers = page.getByTestId("home-timers-card");
    const rows = timers.locator("li");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    const now = await page.evaluate(() => Date.now());
    const expected = inNextUpOrder(await serverRows(), now, GUILD_ZONE)
      .filter((entry) => entry.spawn.upSince !== null || entry.spawn.spawnAt !== null)
      .slice(0, 3)
      .map((entry) => entry.row.bossName);
    const names = await rows.evaluateAll((els) => els.map((el) => el.querySelector("span")?.textContent));
    expect(names).toEqual(expected);
    expect(await timers.getByText("No active timers").count()).toBe(0);
  });
});

describe("the in-app spawn alert (decision 040)", () => {
  it("toasts a spawn once while the page is open, beeps when the sound is on, and not after a reload", async () => {
    const context = await portal.newContext({ timezoneId: VIEWER_ZONE });
    // Count the beep's tones: the page plays each through an OscillatorNode.
    await context.addInitScript(() => {
      const counter = window as unknown as { tones: number };
      counter.tones = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
        counter.tones++;
        return start.apply(this, args);
      };
    });
    const tones = () => page.evaluate(() => (window as unknown as { tones: number }).tones);
    const page = await context.newPage();
    await openBossPage(page);

    const sound = page.getByRole("switch", { name: "Spawn sound" });
    expect(await sound.getAttribute("aria-checked")).toBe("false");
    await sound.click();
    expect(await sound.getAttribute("aria-checked")).toBe("true");
    // Turning it on plays the beep once (two tones), so the raider knows what to listen for.
    expect(await tones()).toBe(2);

    const admin = await portal.adminApi();
    expect((await admin.post("/boss-timers", { bossName: "Frostfang", testDuration: 10 })).status).toBe(200);
    const frostfang = card(page, "Frostfang");
    await expect.poll(() => frostfang.getAttribute("data-state"), { timeout: 30_000 }).toBe("on-cooldown");
    const toast = page.getByText("Frostfang has spawned");
    await toast.waitFor({ timeout: 30_000 });
    expect(await frostfang.getAttribute("data-state")).toBe("available");
    expect(await tones()).toBe(4);
    // Once: the page keeps ticking, and neither the cards' re-renders nor the server's expired copy repeat it.
    await page.waitForTimeout(3_000);
    expect(await toast.count()).toBe(1);
    expect(await tones()).toBe(4);
    await screenshot(page, "boss-timers-spawn-toast");

    // A spawn from before the page opened is not announced; the sound choice is remembered on the device.
    await page.reload();
    await cards(page).first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole("switch", { name: "Spawn sound" }).getAttribute("aria-checked")).toBe("true");
    await page.waitForTimeout(3_000);
    expect(await page.getByText("Frostfang has spawned").count()).toBe(0);
    expect(await tones()).toBe(0);
  });
});

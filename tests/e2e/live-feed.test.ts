/**
 * The live feed in the browser against `npm start` (decision 033): two phones on the boss page; a raider starts
 * a timer on one, and the other, which made no request of its own for it, shows it within 2 s.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OwnBrowserPortal,
  PHONE,
  screenshot,
  startBrowserPortal,
  waitForController,
} from "./browser.ts";

// A portal of its own: the last test stops it.
let portal: OwnBrowserPortal;

beforeAll(async () => {
  portal = await startBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

/** Opens (or reloads) the boss page and waits until its live feed's stream is open: straight from the server. */
async function openBossPage(page: Page, open = () => page.goto(portal.url("/boss-timers"))): Promise<void> {
  const feedOpen = page.waitForResponse((r) => new URL(r.url()).pathname === "/_api/live", {
    timeout: 30_000,
  });
  await open();
  await page.locator("li[data-boss]").first().waitFor({ timeout: 30_000 });
  const feed = await feedOpen;
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toMatch(/^text\/event-stream/);
  expect(feed.headers()["content-encoding"]).toBeUndefined();
  expect(feed.headers()["cache-control"]).toBe("no-store");
  expect(feed.fromServiceWorker()).toBe(false);
}

describe("two phones on the boss page", () => {
  it("a timer one raider starts shows on the other phone within 2 s", async () => {
    const starter = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const watcher = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await portal.login(starter, "user");
    await openBossPage(starter);
    await openBossPage(watcher);

    const boss = "Gravemaw";
    await expect
      .poll(() => card(watcher, boss).getAttribute("data-state"), { timeout: 30_000 })
      .toBe("available");
    await expect
      .poll(() => card(starter, boss).getAttribute("data-state"), { timeout: 30_000 })
      .toBe("available");

    // The watcher notes, in the page, when its card turns; the click's time is taken just before it.
    const turned = watcher.waitForFunction(
      (name) =>
        document.querySelector(`li[data-boss="${name}"]`)?.getAttribute("data-state") === "on-cooldown",
      boss,
      { polling: "raf", timeout: 10_000 },
    );
    const clicked = Date.now();
    await card(starter, boss).getByRole("button").tap();
    await turned;
    const ms = Date.now() - clicked;
    console.log(`browser: click on one phone to the timer on the other ${ms} ms`);
    expect(ms).toBeLessThan(2_000);
    expect(await card(watcher, boss).innerText()).toContain("On Cooldown");
    await screenshot(watcher, "live-feed-other-phone");
  });

  it("the stream passes the service worker by, and npm start still stops promptly with it open", async () => {
    const page = await portal.newPage({ viewport: PHONE, serviceWorkers: "allow" });
    await openBossPage(page);
    await waitForController(page);
    await openBossPage(page, () => page.reload());
    const started = Date.now();
    await portal.process.stop();
    const ms = Date.now() - started;
    console.log(`npm start stopped in ${ms} ms with streams open`);
    expect(ms).toBeLessThan(5_000);
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  sharedBrowserPortal,
} from "./browser.ts";

// Undo in the start toast (decision 041), in Chromium against `npm start` with the sample data.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

async function serverTimer(bossName: string) {
  const res = await (await portal.adminApi()).get<{
    timers: { bossName: string; isActive: boolean; startTime: Date | null; endTime: Date | null }[];
  }>("/boss-timers");
  return res.body.timers.find((t) => t.bossName === bossName);
}

async function timerActions(bossName: string): Promise<string[]> {
  const res = await (await portal.adminApi()).get<{ entries: { action: string; entityId: string | null }[] }>(
    "/admin/audit-log?entity=boss_timer&limit=200",
  );
  expect(res.status).toBe(200);
  return res.body.entries
    .filter((e) => e.entityId === bossName)
    .map((e) => e.action)
    .reverse();
}

/** The screen as the user sees it (the toast sits at the bottom of the viewport), phone then desktop. */
async function screenshotViewport(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/${name}-${size.width}x${size.height}.png`,
      animations: "disabled",
    });
  }
  if (original) await page.setViewportSize(original);
}

describe("Undo in the start toast", () => {
  it("a raider taps start, then Undo: the card is ready again and the server has no timer", async () => {
    const page = await portal.newPage({ viewport: PHONE });
    await portal.login(page, "user");
    await page.goto(portal.url("/boss-timers"));
    const duskwing = card(page, "Duskwing");
    await duskwing.waitFor({ timeout: 30_000 });
    await expect.poll(() => duskwing.getAttribute("data-state"), { timeout: 15_000 }).toBe("available");

    await duskwing.getByRole("button").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Timer started for Duskwing" });
    const undo = toast.getByRole("button", { name: "Undo" });
    await undo.waitFor({ timeout: 5_000 });
    // A thumb-sized target, on the phone.
    expect((await undo.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expect.poll(() => duskwing.getAttribute("data-state")).toBe("on-cooldown");
    await screenshotViewport(page, "boss-timers-undo-toast");

    await undo.click();
    await expect.poll(() => duskwing.getAttribute("data-state"), { timeout: 5_000 }).toBe("available");
    await page.getByText("Timer for Duskwing undone").waitFor({ timeout: 5_000 });
    await expect
      .poll(async () => (await serverTimer("Duskwing"))?.startTime ?? null, { timeout: 15_000 })
      .toBeNull();
    await expect.poll(() => timerActions("Duskwing"), { timeout: 15_000 }).toEqual(["start", "undo_start"]);
    expect(await serverTimer("Duskwing")).toMatchObject({ isActive: false, endTime: null });
    expect(await duskwing.innerText()).toContain("Available");
  });
});

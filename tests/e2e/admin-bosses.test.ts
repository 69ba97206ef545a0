import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, E2E_BRAND, screenshot, sharedBrowserPortal } from "./browser.ts";

// /admin/boss-names and /admin/boss-timers in Chromium against `npm start` with the sample data.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface BossNameAnswer {
  bossNames: { id: number; name: string; respawnTimeHours: number }[];
}

async function serverBoss(name: string) {
  const res = await (await portal.adminApi()).get<BossNameAnswer>("/boss-names");
  return res.body.bossNames.find((b) => b.name === name);
}

async function serverTimer(bossName: string) {
  const res = await (await portal.adminApi()).get<{
    timers: { bossName: string; isActive: boolean; endTime: Date | null }[];
  }>("/boss-timers");
  return res.body.timers.find((t) => t.bossName === bossName);
}

async function adminPage(path: string): Promise<Page> {
  const page = await portal.newPage();
  await portal.login(page, "admin");
  await page.goto(portal.url(path));
  return page;
}

const row = (page: Page, name: string) => page.locator(`tr[data-boss-name="${name}"]`);
const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

describe("boss names", () => {
  it("adds, validates, refuses a duplicate, edits and deletes a boss name", async () => {
    const page = await adminPage("/admin/boss-names");
    await row(page, "Gravemaw").waitFor();
    await expect.poll(() => page.title()).toBe(`Boss Names - ${E2E_BRAND}`);
    expect(await page.locator("tr[data-boss-name]").count()).toBe(24);
    await screenshot(page, "admin-boss-names");

    // A fixed-schedule boss saved without touching the hours keeps its schedule: nothing is queued. (Were
    // a write queued, the outbox would send it before the writes below, which the test waits for.)
    await row(page, "RODERICK").getByRole("button", { name: "Edit RODERICK" }).click();
    const fixed = page.getByRole("dialog", { name: "Edit Boss Name" });
    await fixed.getByText("It spawns on a fixed weekly schedule").waitFor();
    await screenshot(page, "admin-boss-names-edit-fixed");
    await fixed.getByRole("button", { name: "Save Changes" }).click();
    await fixed.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add Boss Name" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Boss Name" });
    await dialog.waitFor();
    // Empty name and out-of-range hours: the product's messages (docs/product.md#boss-names), on submit.
    await dialog.getByLabel("Respawn Time (hours)").fill("0");
    await dialog.getByRole("button", { name: "Add Boss" }).click();
    await dialog.getByText("Boss name cannot be empty.").waitFor();
    await dialog.getByText("Respawn time must be at least 1 hour.").waitFor();
    await dialog.getByLabel("Respawn Time (hours)").fill("200");
    await dialog.getByLabel("Boss Name").focus();
    await dialog.getByText("Respawn time cannot exceed 168 hours (1 week).").waitFor();
    await screenshot(page, "admin-boss-names-add-invalid");

    // A name another boss has, in another letter case.
    await dialog.getByLabel("Boss Name").fill("gravemaw");
    await dialog.getByLabel("Respawn Time (hours)").fill("12");
    await dialog.getByRole("button", { name: "Add Boss" }).click();
    await page.getByText('Failed to add boss name: A boss named "gravemaw" already exists.').waitFor();
    // One that only looks like it (a Cyrillic а), and one with a zero-width space in it (docs/decisions/029).
    await dialog.getByLabel("Boss Name").fill("Gr\u0430vemaw");
    await dialog.getByRole("button", { name: "Add Boss" }).click();
    await page
      .getByText(
        'Failed to add boss name: "Gr\u0430vemaw" looks too much like "Gravemaw", which is already in use; choose a clearly different name.',
      )
      .waitFor();
    await dialog.getByLabel("Boss Name").fill("Cinder\u200BWyrm");
    await dialog.getByRole("button", { name: "Add Boss" }).click();
    await dialog
      .getByText("Boss name cannot contain invisible, control or text-direction characters (found U+200B).")
      .waitFor();

    // Added offline: the row shows at once as Not synced, and cannot be edited or deleted until it is saved.
    await page.context().setOffline(true);
    await dialog.getByLabel("Boss Name").fill("Cinder Wyrm");
    await dialog.getByRole("button", { name: "Add Boss" }).click();
    await page.getByText("Boss name added successfully!").waitFor();
    await row(page, "Cinder Wyrm").getByTestId("unsynced-badge").waitFor();
    expect(
      await row(page, "Cinder Wyrm").getByRole("button", { name: "Edit Cinder Wyrm" }).isDisabled(),
    ).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(async () => (await serverBoss("Cinder Wyrm"))?.respawnTimeHours).toBe(12);
    await row(page, "Cinder Wyrm").getByTestId("unsynced-badge").waitFor({ state: "detached" });

    await row(page, "Cinder Wyrm").getByRole("button", { name: "Edit Cinder Wyrm" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Boss Name" });
    await edit.getByLabel("Boss Name").fill("Cinder Drake");
    await edit.getByLabel("Respawn Time (hours)").fill("36");
    await screenshot(page, "admin-boss-names-edit");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Boss name updated successfully!").waitFor();
    await row(page, "Cinder Drake").waitFor();
    await expect.poll(async () => (await serverBoss("Cinder Drake"))?.respawnTimeHours).toBe(36);
    expect(await row(page, "Cinder Drake").innerText()).toContain("Every 36 hours");

    await row(page, "Cinder Drake").getByRole("button", { name: "Delete Cinder Drake" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await screenshot(page, "admin-boss-names-delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Boss name deleted successfully!").waitFor();
    await expect.poll(() => row(page, "Cinder Drake").count()).toBe(0);
    await expect.poll(async () => await serverBoss("Cinder Drake")).toBeUndefined();
    expect((await serverBoss("RODERICK"))?.respawnTimeHours).toBe(-3);
  });
});

describe("admin boss timers", () => {
  it("resets one timer, counts a 10-second test timer down and resets all timers", async () => {
    const admin = await portal.adminApi();
    expect((await admin.post("/boss-timers", { bossName: "Frostfang" })).status).toBe(200);
    expect((await admin.post("/boss-timers", { bossName: "Duskwing" })).status).toBe(200);

    const page = await adminPage("/admin/boss-timers");
    await card(page, "Frostfang").waitFor();
    await expect.poll(() => page.title()).toBe(`Boss Timers - ${E2E_BRAND}`);
    await page.getByText("Changes to the timers are visible to all users.").waitFor();
    await expect.poll(() => card(page, "Frostfang").getAttribute("data-state")).toBe("on-cooldown");
    // The layout's freshness line, once (the page has no second one of its own).
    await page.getByTestId("last-synced").first().waitFor();
    expect(await page.getByTestId("last-synced").count()).toBe(1);
    // Reset Timer only on cards on cooldown.
    expect(await page.getByRole("button", { name: /^Reset Timer for/ }).count()).toBe(2);
    await screenshot(page, "admin-boss-timers");

    await card(page, "Frostfang").getByRole("button", { name: "Reset Timer for Frostfang" }).click();
    await page.getByText("Frostfang timer has been reset successfully").waitFor();
    await expect.poll(() => card(page, "Frostfang").getAttribute("data-state")).toBe("available");
    await expect.poll(async () => (await serverTimer("Frostfang"))?.isActive).toBe(false);

    await page.getByLabel("Test timer boss").selectOption("Mirelurk");
    await page.getByRole("button", { name: "Create Test Timer" }).click();
    await page.getByText("Test timer created (10 second duration)").waitFor();
    const mirelurk = card(page, "Mirelurk");
    await expect.poll(() => mirelurk.getAttribute("data-state")).toBe("on-cooldown");
    expect(await mirelurk.getByTestId("countdown").innerText()).toMatch(/^0h 0m (\d|10)s$/);
    await expect.poll(async () => (await serverTimer("Mirelurk"))?.isActive).toBe(true);
    await expect.poll(() => mirelurk.getAttribute("data-state"), { timeout: 15_000 }).toBe("available");

    await page.getByRole("button", { name: "Reset All Timers" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await screenshot(page, "admin-boss-timers-reset-all");
    await confirm.getByRole("button", { name: "Reset All Timers" }).click();
    await page.getByText("All boss timers have been reset successfully").waitFor();
    await expect.poll(() => card(page, "Duskwing").getAttribute("data-state")).toBe("available");
    await expect.poll(async () => (await serverTimer("Duskwing"))?.isActive).toBe(false);
    expect(await page.locator('li[data-state="on-cooldown"]').count()).toBe(0);
  });
});

describe("guild funds", () => {
  it("shows the seeded reserved guild funds and admin fund", async () => {
    const page = await adminPage("/guild-funds");
    await page.getByText("Guild Funds Overview").waitFor();
    await expect.poll(() => page.title()).toBe(`Guild Funds | ${E2E_BRAND}`);
    await page.getByText("Automatically calculated from market exchange transactions.").waitFor();
    // One name per fund on every page (docs/glossary.md).
    await page.getByText("Guild Fund:", { exact: true }).waitFor();
    await page.getByText("Admin Fund:", { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId("reserved-guild-funds").innerText()).toMatch(/^[\d,.]+ USDT$/);
    await screenshot(page, "admin-guild-funds");
  });
});

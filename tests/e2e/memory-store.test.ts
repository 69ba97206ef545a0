import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, type BrowserPortal, screenshot, startBrowserPortal } from "./browser.ts";

// A browser where IndexedDB cannot be opened (decision 037): blocked site storage and some private modes make
// indexedDB.open throw, as the init script below does. The portal runs from memory: the pages read from the
// network, an admin's writes reach the server at once, and a quiet line says offline use is unavailable.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await startBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const NOTICE = "Offline use is unavailable on this browser.";

/** A profile whose IndexedDB refuses every open, as Chromium does when the site's storage is blocked. */
async function blockedStorageContext(): Promise<BrowserContext> {
  const context = await portal.newContext();
  await context.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException("The user denied permission to access the database.", "SecurityError");
    };
  });
  return context;
}

async function choose(picker: Locator, option: string) {
  const box = picker.getByRole("checkbox", { name: option, exact: true });
  await box.focus();
  await box.press("Space");
  await expect.poll(() => box.isChecked()).toBe(true);
}

async function serverLootNames(): Promise<string[]> {
  const res = await (await portal.adminApi()).get<{ marketExchangeItems: { lootName: string }[] }>(
    "/market-exchange",
  );
  expect(res.status).toBe(200);
  return res.body.marketExchangeItems.map((item) => item.lootName);
}

async function expectNotice(page: Page) {
  const notice = page.getByTestId("memory-store-notice");
  await notice.waitFor({ timeout: 30_000 });
  expect(await notice.innerText()).toContain(NOTICE);
}

describe("a browser without IndexedDB", () => {
  it("shows the public pages from the network, with the notice that offline use is unavailable", async () => {
    const page = await (await blockedStorageContext()).newPage();
    await expect(page.evaluate(() => indexedDB.open("probe"))).rejects.toThrow(/denied permission/);
    await page.goto(portal.url("/public/guild-members"));
    await page.getByText("Stormhollow").first().waitFor({ timeout: 30_000 });
    await expectNotice(page);
    await screenshot(page, "memory-store-public-members");

    await page.goto(portal.url("/boss-timers"));
    await page.locator('li[data-boss="Gravemaw"]').waitFor({ timeout: 30_000 });
    await expectNotice(page);
  });

  it("lets an admin log in and add a loot item, which reaches the server at once", async () => {
    const page = await (await blockedStorageContext()).newPage();
    await page.goto(portal.url("/login"));
    await page.getByLabel("Username").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expectNotice(page);

    await page.goto(portal.url("/market-exchange"));
    await page.getByText("Obsidian Greatblade").first().waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Add New Loot" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Loot" });
    await dialog.getByLabel("Loot Name").fill("Memory Shard");
    await dialog.getByLabel("Boss Name").selectOption("Gravemaw");
    await dialog.getByLabel("Value (USDT)").fill("250");
    await dialog.getByLabel("Status").selectOption("Pending");
    await dialog.getByLabel("Date Acquired").fill("2026-11-21");
    await dialog.getByText("Choose participants...").click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await choose(picker, "Stormhollow");
    await picker.getByRole("button", { name: "Save 1 selected" }).click();
    await dialog.getByRole("button", { name: "Add Loot" }).click();
    await page.getByText("Market item created successfully.").waitFor();

    await expect.poll(serverLootNames, { timeout: 15_000 }).toContain("Memory Shard");
    // Sent, not kept: nothing waits in the header's outbox.
    await page.getByText("Memory Shard").first().waitFor();
    await page.getByTestId("outbox-badge").waitFor({ state: "detached" });
    await expectNotice(page);
    await screenshot(page, "memory-store-admin-market");

    // A reload starts from an empty memory and reads it all from the server again.
    await page.reload();
    await page.getByText("Memory Shard").first().waitFor({ timeout: 30_000 });
    await expectNotice(page);
  });
});

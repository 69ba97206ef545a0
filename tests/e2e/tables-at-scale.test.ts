import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sortAdminMarket, sortPublicMarket } from "@shared/sorting/market-sort.ts";
import { marketImportRows } from "../../scripts/bench-market-rows.ts";
import {
  type BrowserPortal,
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  sharedBrowserPortal,
} from "./browser.ts";

// The market and attendance tables with 10,000 more Sold items in the local store (decision 035): only the rows
// near the screen are in the DOM, scrolling to the end shows the last item, the filters still find an item deep
// in the list, the row count is announced, and a focused row's button keeps the focus while the page scrolls on.
const ITEMS = 10_000;
const WAIT = { timeout: 60_000 };
/** The rows near the screen plus the overscan on each side: far fewer than the items. */
const MAX_DOM_ROWS = 100;

interface ServerItem {
  id: number;
  lootName: string;
  bossName: string;
  status: string;
  dateAcquired: string | null;
  createdAt: Date;
}

let portal: BrowserPortal;
let all: ServerItem[];

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const admin = await portal.adminApi();
  const members = await admin.get<{ guildMembers: { playerName: string }[] }>("/guild-members?status=all");
  const bosses = await admin.get<{ bossNames: { name: string }[] }>("/public/boss-names");
  const imported = await admin.post("/admin/import-market-data", {
    marketData: marketImportRows(
      ITEMS,
      members.body.guildMembers.map((m) => m.playerName),
      bosses.body.bossNames.map((b) => b.name),
    ),
  });
  if (imported.status >= 300) throw new Error(`the import answered ${imported.status}`);
  all = (await admin.get<{ marketExchangeItems: ServerItem[] }>("/market-exchange")).body.marketExchangeItems;
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

/** A row's participants button's name: the count it shows, then the item (decision 090). */
const participantsOf = (lootName: string) =>
  new RegExp(`^\\d+ participants? of ${lootName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

const lootRows = (page: Page) => page.locator("tr[data-loot]");
const shownLoot = (page: Page) =>
  lootRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-loot")));

/** Waits until the page counts every item (the whole collection is in the local store and rendered). */
async function waitForAllItems(page: Page, count = all.length) {
  await expect
    .poll(() => page.getByTestId("total-loots").textContent(), WAIT)
    .toBe(count.toLocaleString("en-US"));
}

/**
 * The screen at 390x844 and 1280x900 with the table's top at the top of the screen (a page of 10,000 rows is too
 * long to capture whole), as `screenshot` names its files.
 */
async function screenshotTable(page: Page, name: string, table: string) {
  if (!SCREENSHOTS) return;
  const original = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Below the app's fixed top bar.
    await page
      .getByRole("region", { name: table })
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
      animations: "disabled",
    });
  }
  if (original) await page.setViewportSize(original);
}

/** Whether the row is rendered and wholly inside the viewport. */
function onScreen(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return box !== undefined && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

/** Scrolls to the page's end until the row is on screen: rows are measured as they render, so the end moves. */
async function scrollToEndUntilShown(page: Page, selector: string) {
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return onScreen(page, selector);
    }, WAIT)
    .toBe(true);
}

/** The highest row number among the rendered rows. */
const lastRowIndex = (page: Page) =>
  lootRows(page).evaluateAll((rows) =>
    Math.max(...rows.map((row) => Number(row.getAttribute("aria-rowindex")))),
  );

describe("the admin market at 10,000 items", () => {
  it("holds only the rows near the screen, announces the count and scrolls to the last item", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/market-exchange"));
    await waitForAllItems(page);
    const order = sortAdminMarket(all).map((item) => item.lootName);
    // The first rows in the admin order, from the top.
    await expect
      .poll(async () => {
        const shown = await shownLoot(page);
        return shown.length > 0 && shown.every((name, index) => name === order[index]);
      }, WAIT)
      .toBe(true);
    expect(await lootRows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
    const table = page.getByRole("region", { name: "Market items" }).getByRole("table");
    expect(await table.getAttribute("aria-rowcount")).toBe(String(all.length + 1));
    await page
      .getByRole("status")
      .filter({ hasText: `${all.length.toLocaleString("en-US")} market items` })
      .waitFor({ state: "attached" });
    await screenshotTable(page, "tables-at-scale-admin-market", "Market items");

    const last = `tr[data-loot="${order.at(-1)}"]`;
    await scrollToEndUntilShown(page, last);
    expect(await lootRows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
    expect(await page.locator(last).getAttribute("aria-rowindex")).toBe(String(all.length + 1));
  });

  it("finds an item deep in the list by its date, and keeps a focused row while the page scrolls away", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/market-exchange"));
    await waitForAllItems(page);

    // Spoils 1 is the oldest item: last of the Sold items, thousands of rows down.
    const deep = all.find((item) => item.lootName === "Spoils 1") as ServerItem;
    const day = deep.dateAcquired as string;
    await page.getByLabel("Date From").fill(day);
    await page.getByLabel("Date To").fill(day);
    const sameDay = all.filter((item) => item.dateAcquired?.slice(0, 10) === day);
    await waitForAllItems(page, sameDay.length);
    await expect.poll(() => shownLoot(page), WAIT).toEqual(sortAdminMarket(sameDay).map((i) => i.lootName));
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await waitForAllItems(page);

    const first = sortAdminMarket(all)[0] as ServerItem;
    const edit = page.getByRole("button", { name: `Edit ${first.lootName}`, exact: true });
    await edit.focus();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    // Rows from the middle of the list are rendered; the focused one stays in the DOM and keeps the focus.
    await expect.poll(() => lastRowIndex(page), WAIT).toBeGreaterThan(all.length / 3);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Edit ${first.lootName}`,
    );
    expect(await onScreen(page, `tr[data-loot="${first.lootName}"]`)).toBe(false);
    expect(await lootRows(page).count()).toBeLessThanOrEqual(MAX_DOM_ROWS + 1);
  });
});

describe("keyboard through the admin market at 10,000 items", () => {
  it("tabs on past the rows first rendered, each row's buttons in turn, from a focus taken before the virtualiser arrived", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    // The virtualiser's module is held back until a row's button has the focus: the rows shown meanwhile are
    // replaced by the virtualised body, which must keep that focus (it was dropped to the page before).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/virtual-rows-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(portal.url("/market-exchange"));
    await waitForAllItems(page);
    const first = sortAdminMarket(all)[0] as ServerItem;
    await page.getByRole("button", { name: participantsOf(first.lootName) }).focus();
    expect(await page.locator("tr[data-index]").count()).toBe(0);
    release();
    await expect.poll(() => page.locator("tr[data-index]").count(), WAIT).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => ({
        row: document.activeElement?.closest("tr")?.getAttribute("aria-rowindex"),
        label: document.activeElement?.getAttribute("aria-label"),
      })),
    ).toEqual({ row: "2", label: expect.stringMatching(participantsOf(first.lootName)) });
    // Four buttons a row (participants, distribution, edit, delete): 40 rows down.
    for (let press = 0; press < 160; press += 1) await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => ({
      row: document.activeElement?.closest("tr")?.getAttribute("aria-rowindex"),
      label: document.activeElement?.getAttribute("aria-label"),
    }));
    const fortyFirst = sortAdminMarket(all)[40] as ServerItem;
    expect(focused).toEqual({ row: "42", label: expect.stringMatching(participantsOf(fortyFirst.lootName)) });
    expect(await onScreen(page, `tr[data-loot="${fortyFirst.lootName}"]`)).toBe(true);
  });
});

describe("the public market at 10,000 items", () => {
  it("filters by boss over every item, on a phone, and scrolls to the filtered list's last item", async () => {
    const page = await portal.newPage({ viewport: PHONE });
    await page.goto(portal.url("/public/market-exchange"));
    await waitForAllItems(page);
    const rows = page.getByRole("region", { name: "Market items" }).locator("tbody tr:not([aria-hidden])");
    expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);

    const boss = all.find((item) => item.lootName === "Spoils 1")?.bossName as string;
    await page.getByLabel("Boss", { exact: true }).selectOption(boss);
    const ofBoss = sortPublicMarket(all.filter((item) => item.bossName === boss));
    await waitForAllItems(page, ofBoss.length);
    await screenshotTable(page, "tables-at-scale-public-market", "Market items");
    // The filtered list's last row is the last row of the table.
    await scrollToEndUntilShown(page, `tbody tr[aria-rowindex="${ofBoss.length + 1}"]`);
    // On a phone the row is a card (decision 046): the loot name heads it, the status is one of its fields.
    const lastName = (ofBoss.at(-1) as ServerItem).lootName;
    expect(await rows.last().locator("td[data-card='title']").textContent()).toBe(lastName);
    expect(await rows.last().locator("td[data-label='Status']").textContent()).toBe("Sold");
    expect(await rows.count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
  });
});

describe("the attendance loot tab at 10,000 items", () => {
  it("holds only the rows near the screen and filters by member", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("tab", { name: "Loot Items" }).click();
    const region = page.getByRole("region", { name: "Loot participation" });
    await region
      .getByRole("status")
      .filter({ hasText: `${all.length.toLocaleString("en-US")} loot items` })
      .waitFor({ state: "attached", ...WAIT });
    expect(await region.locator("tbody tr:not([aria-hidden])").count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
    await screenshotTable(page, "tables-at-scale-attendance-loot", "Loot participation");

    await page.getByLabel("Filter by member").selectOption("Ashvale");
    await page.getByRole("tab", { name: /^Loot Items \([\d,]+\)$/ }).waitFor(WAIT);
    const label = await page.getByRole("tab", { name: /^Loot Items \([\d,]+\)$/ }).textContent();
    const count = Number(label?.match(/\(([\d,]+)\)/)?.[1]?.replaceAll(",", ""));
    expect(count).toBeGreaterThan(MAX_DOM_ROWS);
    await region
      .getByRole("status")
      .filter({ hasText: `${count.toLocaleString("en-US")} loot items` })
      .waitFor({ state: "attached", ...WAIT });
    expect(await region.locator("tbody tr:not([aria-hidden])").count()).toBeLessThanOrEqual(MAX_DOM_ROWS);
  });
});

describe("the salary receipt at 10,000 items", () => {
  it("shows a member's items 100 at a time", async () => {
    const page = await portal.newPage();
    await page.goto(portal.url("/public/salary-calculation"));
    await page.getByRole("button", { name: "Show items of Ashvale" }).click();
    const items = page.locator("#receipt-items-ashvale li");
    await expect.poll(() => items.count(), WAIT).toBe(100);
    const shownLine = page.locator("#receipt-items-ashvale").getByRole("status");
    const total = Number(
      (await shownLine.textContent())?.match(/of ([\d,]+) items shown/)?.[1]?.replace(/,/g, ""),
    );
    expect(total).toBeGreaterThan(200);
    expect(await shownLine.textContent()).toBe(`100 of ${total.toLocaleString("en-US")} items shown`);
    await screenshotTable(page, "tables-at-scale-receipt-items", "Salary breakdown");

    await page.getByRole("button", { name: "Show 100 more" }).click();
    await expect.poll(() => items.count(), WAIT).toBe(200);
    expect(await shownLine.textContent()).toBe(`200 of ${total.toLocaleString("en-US")} items shown`);
    // The button keeps the focus while there are more to show.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Show 100 more");
  });
});

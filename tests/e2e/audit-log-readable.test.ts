/**
 * The audit log as an officer reads it on a phone and a desk (issue 16, point 5): entries named after the item and
 * the member, the actor's display name, amounts as '1,425.00 USDT', a salary recalculation as one sentence, and
 * the search, the person filter and one entity's history answered by the server. And the words (point 6) that
 * only a browser shows: a raider's menu without admin links, the page header of a tool page.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, E2E_BRAND, PHONE, screenshot, sharedBrowserPortal } from "./browser.ts";

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const WAIT = { timeout: 15_000 };

/** Requests the page sent to the audit log's API, with their query strings. */
function auditRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/_api/admin/audit-log") seen.push(url.search);
  });
  return seen;
}

describe("a readable audit log", () => {
  it("names things, formats money, sums up recalculations and filters on the server, at 390 px", async () => {
    const admin = await portal.adminApi();
    const member = await admin.post<{ guildMember: { id: number } }>("/guild-members", {
      playerName: "Quillmarch",
      category: "Core",
    });
    expect(member.status).toBe(201);
    const item = await admin.post<{ marketExchangeItem: { id: number } }>("/market-exchange", {
      lootName: "Dragon Scale Mantle",
      bossName: "Duskwing",
      value: 1350,
      status: "Pending",
      participatedMembers: "Quillmarch",
    });
    expect(item.status).toBe(201);
    const sold = await admin.post("/market-exchange/update", {
      id: item.body.marketExchangeItem.id,
      value: 1425,
      status: "Sold",
    });
    expect(sold.status).toBe(200);

    const page = await portal.newPage({ viewport: PHONE });
    const requests = auditRequests(page);
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/audit-log"));
    const entries = page.getByTestId("audit-entry");
    await entries
      .first()
      .waitFor(WAIT)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await page.locator("main").innerText()}`);
      });

    // The update: the item by name, the officer by display name, the value grouped in USDT.
    const update = entries
      .filter({ hasText: "Updated market item" })
      .filter({ hasText: "Dragon Scale Mantle" });
    await update.first().waitFor(WAIT);
    const updateText = await update.first().innerText();
    expect(updateText).toContain("by Guild Admin (admin@e2e.test)");
    expect(updateText).toContain("1,350.00 USDT");
    expect(updateText).toContain("1,425.00 USDT");
    expect(updateText).not.toMatch(/#\d/);
    // The sale moved a salary and the guild fund: one sentence, not JSON.
    const recalculation = entries.filter({ hasText: "Recalculated salaries" }).first();
    const summary = await recalculation.getByTestId("audit-summary").innerText();
    expect(summary).toMatch(/^1 salary changed, guild fund \+[\d,]+\.\d\d USDT, admin fund \+71\.25 USDT/);
    expect(summary).toContain("Quillmarch: 0.00 USDT →");
    expect(await recalculation.innerText()).not.toContain("{");
    const memberEntry = entries.filter({ hasText: "Added member" }).filter({ hasText: "Quillmarch" });
    expect(await memberEntry.count()).toBe(1);

    // Nothing sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.getByLabel("Search").fill("");
    await screenshot(page, "admin-audit-log-readable");

    // The search goes to the server, once typing pauses.
    await page.getByLabel("Search").fill("dragon sca");
    await expect
      .poll(() => requests.some((q) => new URLSearchParams(q).get("q") === "dragon sca"), WAIT)
      .toBe(true);
    await expect
      .poll(
        async () => (await entries.allInnerTexts()).every((text) => text.includes("Dragon Scale Mantle")),
        WAIT,
      )
      .toBe(true);
    expect(await entries.count()).toBe(2);

    // One item's history, from an entry's button; the chip clears it.
    await page.getByLabel("Search").fill("");
    await expect.poll(() => entries.count(), WAIT).toBeGreaterThan(2);
    await entries
      .filter({ hasText: "Added market item" })
      .getByRole("button", { name: "History of Dragon Scale Mantle" })
      .click();
    await expect.poll(() => entries.count(), WAIT).toBe(2);
    const last = new URLSearchParams(requests.at(-1));
    expect([last.get("entity"), last.get("entityId")]).toEqual([
      "market_item",
      String(item.body.marketExchangeItem.id),
    ]);
    await screenshot(page, "admin-audit-log-one-item");
    // Clearing the chip keeps the kind: every market item's entries (only this one was changed).
    await page.getByRole("button", { name: "Show all, not only Dragon Scale Mantle" }).click();
    await expect.poll(() => new URLSearchParams(requests.at(-1)).has("entityId"), WAIT).toBe(false);
    expect(await page.getByLabel("Show").inputValue()).toBe("market_item");
    await page.getByLabel("Show").selectOption("all");
    await expect.poll(() => entries.count(), WAIT).toBeGreaterThan(2);

    // By person: nobody else changed anything, and an account without changes shows none.
    await page.getByLabel("Changed by").selectOption({ label: "Guild Admin" });
    await expect.poll(() => new URLSearchParams(requests.at(-1)).get("actor"), WAIT).not.toBeNull();
    await expect.poll(() => entries.count(), WAIT).toBeGreaterThan(2);
  });
});

describe("words", () => {
  it("a raider's menu offers no way into the admin area, on a desk and in the phone's menu", async () => {
    const page = await portal.newPage({ viewport: PHONE });
    await portal.login(page, "user");
    await page.goto(portal.url("/public/guild-members"));
    await page.getByText(`Meet the members of the ${E2E_BRAND} guild.`).waitFor(WAIT);
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("link", { name: "Market Exchange" }).first().waitFor(WAIT);
    expect(await sheet.getByRole("link", { name: /Admin/ }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Market Exchange" }).first().waitFor(WAIT);
    expect(await page.getByRole("link", { name: /Return to Admin|^Log in$/ }).count()).toBe(0);
  });

  it("an admin's tool page is named in the header, not 'Dashboard'", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/fix-participants"));
    await expect
      .poll(() => page.getByTestId("admin-header-label").innerText(), WAIT)
      .toBe("Fix Participants");
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "@shared/money/money.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import { addMember, addSoldItem } from "./arrange-earnings.ts";
import {
  type BrowserPortal,
  goOffline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  USER,
  waitForController,
} from "./browser.ts";

// Issue 30 point 1 (decision 088): each chart draws from the synced data, says its numbers in words and in a table,
// and draws again offline after a sync. Screenshots of each at 390x844 and 1280x900.
const WAIT = { timeout: 60_000 };

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const admin = await portal.adminApi();
  const main = await addMember(portal, "Chartwyn", "Core");
  await addMember(portal, "Chartlet", "Members", main.id);
  await addSoldItem(portal, {
    lootName: "Graph Crown",
    bossName: "Chartmaw",
    participants: ["Chartwyn", "Ashvale"],
    value: 1000,
    dateAcquired: daysAgo(40),
  });
  await addSoldItem(portal, {
    lootName: "Plot Ring",
    bossName: "Chartmaw",
    participants: ["Chartlet"],
    value: 20.1,
    dateAcquired: daysAgo(3),
  });
  for (const [days, names] of [
    [2, ["Chartwyn", "Chartlet"]],
    [10, ["Chartwyn"]],
    [60, ["Chartwyn"]],
  ] as const) {
    const res = await admin.post("/attendance", {
      bossName: "Gravemaw",
      dateAttended: daysAgo(days),
      participatedMembers: [...names],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  expect((await admin.post("/boss-timers", { bossName: "Frostfang" })).status).toBe(200);
}, 300_000);
afterAll(async () => {
  await portal?.stop();
});

/** A phone with the app's service worker, so the charts can be tried offline after a sync. */
const phonePage = async () =>
  (
    await portal.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: "allow" })
  ).newPage();

const usdt = (cents: number) => formatMoney(cents, "usdt");
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The chart's figure once it is drawn, scrolled to (which is what loads it). */
async function drawnChart(page: Page, name: string) {
  const figure = page.getByTestId(`chart-${name}`);
  // A chart below the fold waits in a placeholder until it is scrolled to.
  const placeholder = page.locator("[data-chart-placeholder]");
  await figure.or(placeholder).first().waitFor(WAIT);
  // Scroll placeholders into view, one after another, until this chart's figure is there: a placeholder is replaced
  // by its figure as it loads, so one read a moment ago may be gone.
  await expect
    .poll(
      async () => {
        if ((await figure.count()) > 0) return true;
        await placeholder
          .first()
          .scrollIntoViewIfNeeded({ timeout: 2_000 })
          .catch(() => undefined);
        return (await figure.count()) > 0;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  await figure.scrollIntoViewIfNeeded(WAIT);
  await page.locator(`[data-testid="chart-${name}"][data-drawn="true"]`).waitFor(WAIT);
  return figure;
}

const summaryOf = async (page: Page, name: string) =>
  (await (await drawnChart(page, name)).getByTestId("chart-summary").textContent()) ?? "";

/** The rows of the chart's table of figures, each row's cells joined by " | ". */
async function figures(page: Page, name: string): Promise<string[]> {
  const figure = await drawnChart(page, name);
  const card = figure.locator("xpath=..");
  const details = card.locator("details");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
    await card.getByText("Show the figures").click();
  const rows = card.locator("details table tbody tr");
  await rows.first().waitFor(WAIT);
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()).join(" | ")),
  );
}

describe("charts", () => {
  it("draw from the synced data, state their numbers, and draw again offline", async () => {
    const admin = await portal.adminApi();
    // What the server holds, added up here: the charts must say the same.
    const items = (await admin.get<{ marketExchangeItems: MarketExchangeItem[] }>("/market-exchange")).body
      .marketExchangeItems;
    const sold = items.filter((item) => item.status === "Sold");
    const soldTotal = sold.reduce((sum, item) => sum + parseMoney(item.value), 0);
    const chartmaw = sold.filter((item) => item.bossName === "Chartmaw");
    expect(chartmaw.length).toBe(2);

    const page = await phonePage();
    const context = page.context();
    await portal.login(page, "admin");

    // Market: per boss and per month.
    await page.goto(portal.url("/market-exchange"));
    await waitForController(page);
    expect(await summaryOf(page, "sales-by-boss")).toContain(`${usdt(soldTotal)} sold from`);
    expect(await figures(page, "sales-by-boss")).toContain(`Chartmaw | 2 | ${usdt(102010)}`);
    const monthRows = await figures(page, "sales-by-month");
    const month = new Date(Date.now() - 3 * 86_400_000).toLocaleString("en-US", {
      month: "short",
      timeZone: "UTC",
    });
    expect(monthRows.some((row) => row.startsWith(`${month} `))).toBe(true);
    await screenshot(page, "chart-market");

    // Guild funds: the chart ends where the overview stands.
    await page.goto(portal.url("/guild-funds"));
    const reserved = page.getByTestId("reserved-guild-funds");
    await expect.poll(async () => (await reserved.textContent()) ?? "", WAIT).toMatch(/USDT$/);
    const balance = await reserved.textContent();
    const adminBalance = await page.getByTestId("admin-fund").textContent();
    expect(await summaryOf(page, "fund-guild")).toContain(`balance ${balance}.`);
    expect(await summaryOf(page, "fund-admin")).toContain(`balance ${adminBalance}.`);
    await screenshot(page, "chart-funds");

    // Attendance: raids per member (30 and 90 days) and the weekday × hour grid.
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("tab", { name: "Charts" }).click();
    expect(await figures(page, "raids-per-member")).toEqual(
      expect.arrayContaining(["Chartwyn | 2", "Chartlet | 1"]),
    );
    await page.getByRole("button", { name: "90 days" }).click();
    await expect
      .poll(async () => figures(page, "raids-per-member"), WAIT)
      .toEqual(expect.arrayContaining(["Chartwyn | 3"]));
    expect(await summaryOf(page, "raid-times")).toMatch(
      /raids? in the last 90 days; the busiest hour: \w+day \d\d:00/,
    );
    await screenshot(page, "chart-attendance");

    // Boss page: the next 24 hours, behind its button.
    await page.goto(portal.url("/boss-timers"));
    await page.getByRole("button", { name: "Next 24 hours" }).click();
    expect(await figures(page, "next-24-hours")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Frostfang \| /)]),
    );
    expect(await summaryOf(page, "next-24-hours")).toMatch(/^\d+ spawns? in the next 24 hours; the first: /);
    await screenshot(page, "chart-boss-night");

    // Offline after the sync: the market and attendance charts draw from the device's copy.
    await goOffline(context);
    await page.goto(portal.url("/market-exchange"));
    expect(await figures(page, "sales-by-boss")).toContain(`Chartmaw | 2 | ${usdt(102010)}`);
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("tab", { name: "Charts" }).click();
    expect(await figures(page, "raids-per-member")).toEqual(expect.arrayContaining(["Chartwyn | 2"]));
    await screenshot(page, "chart-attendance-offline");
  });

  it("draw a raider's earnings and payouts over time, online and offline", async () => {
    const page = await phonePage();
    const context = page.context();
    await portal.login(page, "user");
    const admin = await portal.adminApi();
    const accounts = (await admin.get<{ accounts: Account[] }>("/admin/accounts")).body.accounts;
    const userId = accounts.find((a) => a.email === USER.email)?.id;
    const member = (
      await admin.get<{ guildMembers: { id: number; playerName: string }[] }>("/guild-members?status=all")
    ).body.guildMembers.find((m) => m.playerName === "Chartwyn");
    expect(member).toBeDefined();
    const linked = await admin.post("/admin/accounts/link-member", { userId, memberId: member?.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    // Chartwyn (Core) and Ashvale (Guild Master) share 1,000.00: base 600 and elite 250 halved, 425.00; Chartlet
    // alone takes the base 12.06 of 20.10 (no elite): earned 437.06 in all.
    await page.goto(portal.url("/me/earnings"));
    await waitForController(page);
    const summary = await summaryOf(page, "earnings");
    expect(summary).toContain(`All characters: earned ${usdt(43706)} and paid ${usdt(0)}`);
    await page.getByLabel("Character").selectOption({ label: "Chartlet" });
    await expect
      .poll(() => page.getByTestId("chart-earnings").getByTestId("chart-summary").textContent(), WAIT)
      .toContain(`Chartlet: earned ${usdt(1206)}`);
    await screenshot(page, "chart-earnings");

    await goOffline(context);
    await page.reload();
    expect(await summaryOf(page, "earnings")).toContain(`All characters: earned ${usdt(43706)}`);
  });
});

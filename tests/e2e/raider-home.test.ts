import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_TEXTS } from "@web/features/claims/claim-texts.ts";
import { addMember, addSoldItem, createAccount } from "./arrange-earnings.ts";
import {
  type BrowserPortal,
  DESKTOP,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForApp,
  waitForController,
} from "./browser.ts";

// Issue 25, point 4 (decision 072): a raider's login lands on My page (or back where they were), which shows their
// next spawns, balance and recent raids; nobody meets 'Access Denied' through the app's own links, and the
// dashboard is offered to officers and admins only.
const WAIT = { timeout: 30_000 };

const RAIDER = { email: "kestrel@e2e.test", password: "kestrel-password-1", displayName: "Kestrel" };
const NEWCOMER = { email: "newcomer@e2e.test", password: "newcomer-password-1", displayName: "Newcomer" };
const OFFICER = {
  email: "home-officer@e2e.test",
  password: "officer-password-1",
  displayName: "Ser Officer",
};

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const admin = await portal.adminApi();
  // Kestrel plays Wrenhollow (Core) and its alt Wrenlet. Wrenhollow and Ashvale (Guild Master) share 10,000.00:
  // base 6,000 and elite 2,500 halved, 4,250.00; Wrenlet and Larkspire share 20.10: base 12.06 halved, 6.03.
  const main = await addMember(portal, "Wrenhollow", "Core");
  await addMember(portal, "Wrenlet", "Members", main.id);
  for (const [lootName, bossName, participants, value, dateAcquired] of [
    ["Ember Crown", "Gravemaw", ["Wrenhollow", "Ashvale"], 10_000, "2026-11-01"],
    ["Ash Ring", "Frostfang", ["Wrenlet", "Larkspire"], 20.1, "2026-11-03"],
    ["Stranger Gem", "Duskwing", ["Larkspire"], 500, "2026-11-04"],
  ] as const) {
    await addSoldItem(portal, { lootName, bossName, participants: [...participants], value, dateAcquired });
  }
  // Raids attended: one that dropped no sold loot, one whose loot is the Ash Ring above.
  for (const [dateAttended, participatedMembers] of [
    ["2026-11-05", ["Wrenhollow"]],
    ["2026-11-03", ["Wrenlet"]],
  ] as const) {
    const res = await admin.post("/attendance", {
      bossName: "Frostfang",
      dateAttended,
      participatedMembers: [...participatedMembers],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const raiderId = await createAccount(portal, RAIDER, "user");
  const linked = await admin.post("/admin/accounts/link-member", { userId: raiderId, memberId: main.id });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  await createAccount(portal, NEWCOMER, "user");
  await createAccount(portal, OFFICER, "officer");
  // A running timer, so a spawn is known whatever the sample data's schedules say.
  expect((await admin.post("/boss-timers", { bossName: "Frostfang" })).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

/** Flags, for the whole visit, any page that shows 'Access Denied', and keeps every address the tab went to. */
async function watchForAccessDenied(context: BrowserContext, page: Page): Promise<string[]> {
  await context.addInitScript(() => {
    const check = () => {
      if (document.body?.textContent?.includes("Access Denied")) {
        sessionStorage.setItem("saw-access-denied", location.pathname);
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  return visited;
}

async function sawAccessDenied(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem("saw-access-denied"));
}

async function logIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** The home page's Quick Actions card. */
const quickActionsOf = (page: Page) => page.getByRole("heading", { name: "Quick Actions" }).locator("..");

/** The links that would lead a raider to a page of the admin area. */
const STAFF_LINKS = /^(Return to Admin|Admin Dashboard|Dashboard|Go to the Dashboard)$/;

describe("My page on a phone", () => {
  it("is where a raider's login from the public menu lands: balance, next spawns, recent raids, no Access Denied", async () => {
    const context = await portal.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    });
    const page = await context.newPage();
    const visited = await watchForAccessDenied(context, page);
    await page.goto(portal.url("/"));
    await waitForApp(page);
    // A visitor: 'Log in' in Quick Actions and in the menu, nothing of an account's own.
    const quickActions = quickActionsOf(page);
    await quickActions.getByRole("link", { name: "Log in" }).waitFor(WAIT);
    expect(await quickActions.getByRole("link", { name: STAFF_LINKS }).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor(WAIT);
    expect(await menu.getByRole("link", { name: "My page" }).count()).toBe(0);
    await menu.getByRole("link", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/login", WAIT);
    await logIn(page, RAIDER);

    await page.waitForURL(portal.url("/me"), WAIT);
    await page.getByRole("heading", { name: "Welcome, Kestrel", level: 1 }).waitFor(WAIT);
    await expect.poll(() => page.getByTestId("my-balance").textContent(), WAIT).toBe("4,256.03 USDT");
    expect(await page.getByTestId("my-earned").textContent()).toBe("4,256.03 USDT");
    expect(await page.getByTestId("my-paid").textContent()).toBe("0.00 USDT");
    expect(await page.getByTestId("not-linked").count()).toBe(0);

    // The next spawns, in the boss page's order (checked there below): the timer started is among them.
    const spawns = page.getByTestId("next-spawns");
    await spawns.getByText("Frostfang").waitFor(WAIT);
    await spawns.getByRole("button", { name: "Spawn alerts" }).waitFor(WAIT);
    const shown = await spawns.locator("li > span:first-child").allInnerTexts();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.length).toBeLessThanOrEqual(4);

    // Recent raids: the raids Kestrel's characters attended or shared loot in, newest first, nobody else's.
    const raids = page.getByTestId("recent-raid");
    await expect.poll(() => raids.count(), WAIT).toBe(3);
    expect(await raids.nth(0).innerText()).toMatch(/^Frostfang · Nov 5, 2026\s+No sold loot · Wrenhollow$/);
    expect(await raids.nth(1).innerText()).toMatch(
      /Frostfang · Nov 3, 2026[\s\S]*Ash Ring · Wrenlet[\s\S]*6\.03/,
    );
    expect(await raids.nth(2).innerText()).toMatch(
      /Gravemaw · Nov 1, 2026[\s\S]*Ember Crown · Wrenhollow[\s\S]*4,250\.00/,
    );
    expect(await page.getByText("Stranger Gem").count()).toBe(0);

    // It fits the phone: no sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "my-page");

    // The boss page lists the same bosses in the same order, after the bosses ready with no known spawn (decision 076).
    await spawns.getByRole("link", { name: "All boss timers" }).click();
    await page.waitForURL(portal.url("/boss-timers"), WAIT);
    await page.locator("[data-boss]").first().waitFor(WAIT);
    const bossPage = await page
      .locator("[data-boss]")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-boss")));
    expect(bossPage.filter((name) => shown.includes(name as string))).toEqual(shown);

    expect(await sawAccessDenied(page)).toBeNull();
    expect(visited.filter((path) => path.startsWith("/admin"))).toEqual([]);
  });

  it("never offers a raider the dashboard: not in the menu, the header or Quick Actions", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(portal.url("/login"));
    await logIn(page, RAIDER);
    await page.waitForURL(portal.url("/me"), WAIT);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "My page" }).waitFor(WAIT);
    await menu.getByRole("link", { name: "My earnings" }).waitFor(WAIT);
    expect(await menu.getByRole("link", { name: STAFF_LINKS }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: "Log in" }).count()).toBe(0);
    await screenshot(page, "public-menu-sheet-raider");
    await menu.getByRole("link", { name: "My earnings" }).click();
    await page.getByRole("heading", { name: "My earnings" }).waitFor(WAIT);

    await page.goto(portal.url("/"));
    const quickActions = quickActionsOf(page);
    await quickActions.getByRole("link", { name: "My page" }).waitFor(WAIT);
    await quickActions.getByRole("link", { name: "My earnings" }).waitFor(WAIT);
    expect(await quickActions.getByRole("link", { name: STAFF_LINKS }).count()).toBe(0);
    expect(await quickActions.getByRole("link", { name: "Log in" }).count()).toBe(0);
    await quickActions.scrollIntoViewIfNeeded();
    await screenshot(page, "home-raider");

    await page.setViewportSize(DESKTOP);
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "My page" }).waitFor(WAIT);
    expect(await header.getByRole("link", { name: STAFF_LINKS }).count()).toBe(0);
    expect(await page.getByRole("link", { name: STAFF_LINKS }).count()).toBe(0);
  });

  it("reads offline from this device: the spawns and the saved copy of the earnings, saying it is saved", async () => {
    const context = await portal.newContext({ viewport: PHONE, isMobile: true, serviceWorkers: "allow" });
    const page = await context.newPage();
    await page.goto(portal.url("/login"));
    await logIn(page, RAIDER);
    await page.waitForURL(portal.url("/me"), WAIT);
    await expect.poll(() => page.getByTestId("my-balance").textContent(), WAIT).toBe("4,256.03 USDT");
    await page.getByTestId("next-spawns").getByText("Frostfang").waitFor(WAIT);

    await waitForController(page);
    await goOffline(context);
    await page.reload();
    await page.getByRole("heading", { name: "Welcome, Kestrel", level: 1 }).waitFor(WAIT);
    await expect.poll(() => page.getByTestId("my-balance").textContent(), WAIT).toBe("4,256.03 USDT");
    expect(await page.getByTestId("my-saved-copy").innerText()).toMatch(/^Saved .+ · you are offline$/);
    await page.getByTestId("next-spawns").getByText("Frostfang").waitFor(WAIT);
    await expect.poll(() => page.getByTestId("recent-raid").count(), WAIT).toBe(3);
    await goOnline(context);
  });
});

describe("where a login lands", () => {
  it("back on the page that sent the visitor, when the role may open it; else the account's home", async () => {
    const page = await portal.newPage({ viewport: DESKTOP });
    await page.goto(portal.url("/boss-timers"));
    await waitForApp(page);
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/login", WAIT);
    expect(new URL(page.url()).searchParams.get("next")).toBe("/boss-timers");
    await logIn(page, RAIDER);
    await page.waitForURL(portal.url("/boss-timers"), WAIT);
    await page.getByRole("heading", { name: "Boss Timers", level: 1 }).waitFor(WAIT);

    // A page the raider may not open, or another site, lands on My page instead.
    for (const next of ["/admin/attendance", "//evil.example/me", "https://evil.example/"]) {
      const other = await portal.newPage({ viewport: DESKTOP });
      await other.goto(portal.url(`/login?next=${encodeURIComponent(next)}`));
      await logIn(other, RAIDER);
      await other.waitForURL(portal.url("/me"), WAIT);
      await other.getByRole("heading", { name: "Welcome, Kestrel", level: 1 }).waitFor(WAIT);
      expect(await other.getByText("Access Denied").count()).toBe(0);
    }
  });

  it("on My page when My page asked for the login", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(portal.url("/me"));
    await page.waitForURL((url) => url.pathname === "/login", WAIT);
    expect(new URL(page.url()).searchParams.get("next")).toBe("/me");
    await logIn(page, RAIDER);
    await page.waitForURL(portal.url("/me"), WAIT);
    await expect.poll(() => page.getByTestId("my-balance").textContent(), WAIT).toBe("4,256.03 USDT");
  });

  it("on the dashboard for an officer, whose menus offer it", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(portal.url("/login"));
    await logIn(page, OFFICER);
    await page.waitForURL(portal.url("/admin"), WAIT);
    await page.getByRole("heading", { name: "Welcome, Ser Officer" }).waitFor(WAIT);
    await page.getByText("Guild Officer").waitFor(WAIT);

    await page.goto(portal.url("/"));
    const quickActions = quickActionsOf(page);
    await quickActions.getByRole("link", { name: "Admin Dashboard" }).waitFor(WAIT);
    await quickActions.getByRole("link", { name: "My page" }).waitFor(WAIT);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("link", { name: "Return to Admin" })
      .waitFor(WAIT);
  });
});

describe("My page without a character", () => {
  it("offers the claim of a character at the top (decision 071)", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(portal.url("/login"));
    await logIn(page, NEWCOMER);
    await page.waitForURL(portal.url("/me"), WAIT);
    const waiting = page.getByRole("region", { name: "Waiting for you" });
    // The panel loads the account's claim first ('Loading...'), then offers the search.
    await waiting.getByRole("searchbox", { name: CLAIM_TEXTS.searchLabel }).waitFor(WAIT);
    await waiting.getByText(CLAIM_TEXTS.intro).waitFor(WAIT);
    await page.getByTestId("next-spawns").getByText("Frostfang").waitFor(WAIT);
    expect(await page.getByTestId("my-balance").count()).toBe(0);
    expect(await page.getByTestId("recent-raid").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "my-page-not-linked");
  });
});

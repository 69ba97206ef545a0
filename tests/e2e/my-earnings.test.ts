import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "@shared/schemas/accounts.ts";
import { addMember, addSoldItem } from "./arrange-earnings.ts";
import {
  type BrowserPortal,
  DESKTOP,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  trackNetwork,
  USER,
  waitForApp,
  waitForController,
} from "./browser.ts";

// Issue 17 point 3 (decision 051): a raider signed in on a phone opens My earnings from the menu, sees their
// items and balance (their main and its alt), goes offline, reloads and still sees them from the device's copy.
// An admin links an alt and an account on the Characters screen.
const WAIT = { timeout: 60_000 };

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
}, 300_000);
afterAll(async () => {
  await portal?.stop();
});

async function accountId(email: string): Promise<number> {
  const res = await (await portal.adminApi()).get<{ accounts: Account[] }>("/admin/accounts");
  const account = res.body.accounts.find((a) => a.email === email);
  if (!account) throw new Error(`no account ${email}`);
  return account.id;
}

async function expectEarnings(page: Page) {
  await expect.poll(() => page.getByTestId("balance").textContent(), WAIT).toBe("4,256.03 USDT");
  expect(await page.getByTestId("earned").textContent()).toBe("4,256.03 USDT");
  expect(await page.getByTestId("paid").textContent()).toBe("0.00 USDT");
  expect(await page.getByTestId("earnings-characters").textContent()).toBe(
    "Characters: Thornfang (main), Thornlet",
  );
  const items = page.getByRole("region", { name: "Items" });
  const crown = items.locator("tr", { hasText: "Ember Crown" });
  await crown.waitFor(WAIT);
  expect(await crown.innerText()).toContain("4,250.00 USDT");
  expect(await crown.innerText()).toContain("Nov 1, 2026");
  const ring = items.locator("tr", { hasText: "Ash Ring" });
  expect(await ring.innerText()).toContain("6.03 USDT");
  expect(await ring.innerText()).toContain("Thornlet");
  expect(await ring.innerText()).toContain("Gravemaw");
  // Nobody else's item.
  expect(await items.locator("tr", { hasText: "Stranger Gem" }).count()).toBe(0);
}

describe("My earnings on a phone", () => {
  it("shows a raider their items and balance, and the same after going offline and reloading", async () => {
    // Thornfang (Core) and Ashvale (Guild Master) share 10,000.00: base 6,000 and elite 2,500 halved, 4,250.00.
    // Thornlet (Thornfang's alt) and Larkspire share 20.10: base 12.06 halved, 6.03. Earned 4,256.03.
    const main = await addMember(portal, "Thornfang", "Core");
    await addMember(portal, "Thornlet", "Members", main.id);
    await addSoldItem(portal, {
      lootName: "Ember Crown",
      participants: ["Thornfang", "Ashvale"],
      value: 10_000,
      dateAcquired: "2026-11-01",
    });
    await addSoldItem(portal, {
      lootName: "Ash Ring",
      participants: ["Thornlet", "Larkspire"],
      value: 20.1,
      dateAcquired: "2026-11-03",
    });
    await addSoldItem(portal, {
      lootName: "Stranger Gem",
      participants: ["Larkspire"],
      value: 500,
      dateAcquired: "2026-11-04",
    });

    const context = await portal.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    });
    const page = await context.newPage();
    await portal.login(page, "user");
    const linked = await (await portal.adminApi()).post("/admin/accounts/link-member", {
      userId: await accountId(USER.email),
      memberId: main.id,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);

    const network = trackNetwork(page);
    await page.goto(portal.url("/"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "My earnings" }).click();
    await page.waitForURL(portal.url("/me/earnings"), WAIT);
    await page.getByRole("heading", { name: "My earnings" }).waitFor(WAIT);
    await expectEarnings(page);
    // The page fits the phone: no sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await network.quiet();
    await screenshot(page, "my-earnings");
    await page.setViewportSize(PHONE);

    await waitForController(page);
    await goOffline(context);
    await page.reload();
    await page.getByRole("heading", { name: "My earnings" }).waitFor(WAIT);
    await page.getByTestId("saved-copy").waitFor(WAIT);
    expect(await page.getByTestId("saved-copy").innerText()).toMatch(/^Saved \w{3} \d{1,2}, \d{4} at \d/);
    await expectEarnings(page);
    await screenshot(page, "my-earnings-offline");
    await goOnline(context);
  });

  it("tells a signed-in account without a character to ask an officer, and shows anonymous visitors nothing new", async () => {
    const page = await portal.newPage({ viewport: PHONE });
    await page.goto(portal.url("/"));
    await waitForApp(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor(WAIT);
    expect(await page.getByRole("link", { name: "My earnings" }).count()).toBe(0);

    await portal.login(page, "admin");
    await page.goto(portal.url("/me/earnings"));
    await page.getByText("Ask an officer to link your account to your character.").waitFor(WAIT);
  });
});

describe("Characters (admin)", () => {
  it("links an alt to its main and an account to the main, with buttons named after their row", async () => {
    await addMember(portal, "Brambleton", "Members");
    await addMember(portal, "Bramlet", "Members");
    const created = await (await portal.adminApi()).post("/admin/accounts", {
      email: "bram@e2e.test",
      displayName: "Bram",
      role: "user",
      password: "bram-password-1",
    });
    expect(created.status).toBe(201);

    const page = await portal.newPage({ viewport: DESKTOP });
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/characters"));
    await page.getByRole("heading", { name: "Characters", level: 1 }).waitFor(WAIT);
    await page.getByRole("searchbox", { name: "Search characters" }).fill("bram");
    const row = page.locator("tr[data-main='Brambleton']");
    await row.waitFor(WAIT);
    expect(await page.locator("tr[data-main='Thornfang']").count()).toBe(0);

    await row.getByRole("button", { name: "Add an alt to Brambleton" }).click();
    const addAlt = page.getByRole("dialog", { name: "Add an alt to Brambleton" });
    await addAlt.getByLabel("Alt character").selectOption({ label: "Bramlet" });
    // An alt of another main cannot take alts, and a main with alts cannot become an alt: neither is offered.
    const offered = await addAlt.getByLabel("Alt character").locator("option").allInnerTexts();
    expect(offered).not.toContain("Thornfang");
    await addAlt.getByRole("button", { name: "Link alt" }).click();
    await row.getByRole("button", { name: "Unlink Bramlet from Brambleton" }).waitFor(WAIT);
    expect(await page.locator("tr[data-main='Bramlet']").count()).toBe(0);

    await row.getByRole("button", { name: "Link account to Brambleton" }).click();
    const link = page.getByRole("dialog", { name: "Account of Brambleton" });
    await link.getByLabel("Account").selectOption({ label: "Bram (bram@e2e.test)" });
    await link.getByRole("button", { name: "Link", exact: true }).click();
    await link.waitFor({ state: "detached", ...WAIT });
    await expect.poll(() => row.innerText(), WAIT).toContain("Bram");
    const accountRow = page.locator("tr[data-account='bram@e2e.test']");
    await expect.poll(() => accountRow.getByTestId("linked-character").innerText(), WAIT).toBe("Brambleton");
    // The raider's account from the first test shows its character too.
    await expect
      .poll(() =>
        page.locator(`tr[data-account='${USER.email}']`).getByTestId("linked-character").innerText(),
      )
      .toBe("Thornfang");

    // Without a search: only the players with alts or an account, so the accounts stay near on a phone.
    await page.getByRole("searchbox", { name: "Search characters" }).fill("");
    await page.locator("tr[data-main='Thornfang']").waitFor(WAIT);
    expect(await page.locator("tr[data-main='Zephyrine']").count()).toBe(0);
    expect(await page.locator("tr[data-main='Brambleton']").count()).toBe(1);
    await screenshot(page, "admin-characters");
    await page.getByRole("button", { name: "Show every member" }).click();
    await page.locator("tr[data-main='Zephyrine']").waitFor(WAIT);
  });
});

describe("signed-in devices (issue 25, point 5; decision 068)", () => {
  it("a raider sees their phone and computer, signs the computer out, and an admin signs them out everywhere", async () => {
    const email = "two-devices@e2e.test";
    const password = "two-devices-password-1";
    const created = await (await portal.adminApi()).post("/admin/accounts", {
      email,
      displayName: "Two Devices",
      role: "user",
      password,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const signIn = async (page: Page) => {
      const res = await page.request.post(portal.url("/_api/auth/login_with_password"), {
        data: { email, password },
      });
      expect(res.status()).toBe(200);
    };
    const phone = await portal.newPage({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    });
    const computer = await portal.newPage({
      viewport: DESKTOP,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    });
    await signIn(phone);
    await signIn(computer);

    await phone.goto(portal.url("/me/earnings"));
    const devices = phone.getByTestId("signed-in-devices");
    await devices.getByText("Firefox on Windows").waitFor(WAIT);
    expect(await devices.locator("li").count()).toBe(2);
    const own = devices.locator("li", { hasText: "This device" });
    expect(await own.innerText()).toContain("Chrome on Android");
    await screenshot(phone, "my-earnings-devices");

    await devices.getByRole("button", { name: /^Sign out of Firefox on Windows/ }).click();
    await phone.getByText("Signed out of that device.").waitFor(WAIT);
    await expect.poll(() => devices.locator("li").count(), WAIT).toBe(1);
    // The computer is signed out: its next visit asks for a login.
    await computer.goto(portal.url("/me/earnings"));
    await computer.waitForURL(/\/login/, WAIT);

    // An admin signs the raider out everywhere from Accounts.
    const admin = await portal.newPage();
    await portal.login(admin, "admin");
    await admin.goto(portal.url("/admin/accounts"));
    await admin.getByRole("button", { name: "Sign Two Devices out everywhere" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Sign Out Everywhere" });
    await confirm.getByRole("button", { name: "Sign Out Everywhere" }).click();
    await admin.getByText("Two Devices is signed out of 1 device.").waitFor(WAIT);
    await phone.reload();
    await phone.waitForURL(/\/login/, WAIT);
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  apiLogin,
  type BrowserPortal,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  trackNetwork,
} from "./browser.ts";

// Issue 25, point 2 (decision 071): a raider on a phone claims their character from the roster, their account's
// name suggested first; an officer on a phone opens the dashboard's badge and approves in one tap, and the
// raider's account is then linked to that character.
const WAIT = { timeout: 30_000 };

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
}, 300_000);
afterAll(async () => {
  await portal?.stop();
});

async function addMember(playerName: string, mainMemberId?: number): Promise<GuildMember> {
  const res = await (await portal.adminApi()).post<{ guildMember: GuildMember }>("/guild-members", {
    playerName,
    category: "Members",
    mainMemberId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.guildMember;
}

/** An account of `role` named `displayName` (as Discord sign-in names it after the guild nickname). */
async function account(displayName: string, role: "user" | "officer") {
  const email = `${displayName
    .normalize("NFKD")
    .replace(/[^a-z]/gi, "")
    .toLowerCase()}-${role}@e2e.test`;
  const password = `${role}-password-1`;
  const res = await (await portal.adminApi()).post("/admin/accounts", { email, displayName, role, password });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, password };
}

async function phonePage(login: { email: string; password: string }): Promise<Page> {
  const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  const res = await page.request.post(portal.url("/_api/auth/login_with_password"), { data: login });
  expect(res.status()).toBe(200);
  return page;
}

/** Nothing on the page needs a sideways scroll. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("Claim your character", () => {
  it("a raider on a phone is offered their character by name and claims it in one tap", async () => {
    const main = await addMember("Séraphine");
    await addMember("Seraphlet", main.id);
    const raider = await account("seraphine", "user");
    const page = await phonePage(raider);
    const network = trackNetwork(page);
    // My earnings, where a raider lands after signing in, leads to the claim while the account has no character.
    await page.goto(portal.url("/me/earnings"));
    await page.getByRole("link", { name: "Claim your character" }).click();
    await page.waitForURL(portal.url("/me/claim"), WAIT);
    const panel = page.getByTestId("claim-character-panel");
    const suggested = panel.getByTestId("claim-suggestions");
    await suggested.getByText("Séraphine", { exact: true }).waitFor(WAIT);
    // The roster is searched too, case and accents folded; an alt is claimed as its main.
    await panel.getByRole("searchbox", { name: "Search the roster" }).fill("SERAPH");
    const found = panel.getByTestId("claim-options");
    await found.getByText("alt of Séraphine: claims Séraphine").waitFor(WAIT);
    await fitsThePhone(page);
    await network.quiet();
    await screenshot(page, "claim-character");

    await suggested.getByRole("button", { name: "Claim Séraphine" }).click();
    await panel.getByText("Waiting for an officer's approval").waitFor(WAIT);
    await panel.getByText("You claimed Séraphine. An officer will approve it soon.").waitFor(WAIT);
    await panel.getByRole("button", { name: "Cancel claim" }).waitFor();
    await fitsThePhone(page);
    await screenshot(page, "claim-character-waiting");

    // Claiming needs the server: offline the panel says so, and shows the claim again once back online.
    await page.context().setOffline(true);
    await panel
      .getByText("Claiming your character needs a connection. Connect to the internet to claim it.")
      .waitFor(WAIT);
    await page.context().setOffline(false);
    await panel.getByText("Waiting for an officer's approval").waitFor(WAIT);
  });

  it("an officer on a phone opens the dashboard's badge and approves in one tap; the raider is linked", async () => {
    const hale = await addMember("Halvard");
    const other = await addMember("Mirelle");
    const haleLogin = await account("Halvard", "user");
    const strangerLogin = await account("Zed the Unknown", "user");
    const haleApi = await apiLogin(portal.baseUrl, haleLogin.email, haleLogin.password);
    const strangerApi = await apiLogin(portal.baseUrl, strangerLogin.email, strangerLogin.password);
    expect((await haleApi.post("/me/claim", { memberId: hale.id })).status).toBe(201);
    expect((await strangerApi.post("/me/claim", { memberId: other.id })).status).toBe(201);
    const officer = await account("Captain Odo", "officer");

    const page = await phonePage(officer);
    await page.goto(portal.url("/admin"));
    const badge = page.getByTestId("claims-badge");
    // The first test's claim waits too.
    await expect.poll(() => badge.innerText(), WAIT).toBe("3 character claims waiting");
    await screenshot(page, "claims-dashboard-badge");
    await badge.click();
    await page.waitForURL(portal.url("/admin/claims"), WAIT);
    await page.getByRole("heading", { name: "Character Claims", level: 1 }).waitFor(WAIT);
    const row = page.locator("li", { hasText: "Halvard claims Halvard" });
    await row.getByText("Name matches").waitFor(WAIT);
    const approve = row.getByRole("button", { name: "Approve Halvard as Halvard" });
    const reject = row.getByRole("button", { name: "Reject Halvard's claim on Halvard" });
    // The name, the character and both actions in view on the phone, nothing sideways.
    for (const target of [row.getByText("Halvard claims Halvard"), approve, reject]) {
      const box = await target.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, await target.innerText()).toBe(true);
    }
    await fitsThePhone(page);
    await page.getByRole("button", { name: "Approve all matching names (2)" }).waitFor();
    await screenshot(page, "character-claims");

    await approve.click();
    await page.getByText("Halvard is now Halvard.").waitFor(WAIT);
    await row.waitFor({ state: "detached", ...WAIT });
    await expect
      .poll(() => page.getByTestId("claims-waiting").innerText(), WAIT)
      .toBe("2 character claims waiting");
    const state = await haleApi.get<{ character: { name: string } | null }>("/me/claim");
    expect(state.body.character?.name).toBe("Halvard");
    const earnings = await haleApi.get<{ linked: boolean; mainName?: string }>("/me/earnings");
    expect(earnings.body).toMatchObject({ linked: true, mainName: "Halvard" });

    await page.context().setOffline(true);
    await page
      .getByText("Approving claims needs a connection. Connect to the internet to see and decide them.")
      .waitFor(WAIT);
    await page.context().setOffline(false);

    // The raider's own screen says so.
    const raiderPage = await phonePage(haleLogin);
    await raiderPage.goto(portal.url("/me/claim"));
    const panel = raiderPage.getByTestId("claim-character-panel");
    await panel
      .getByText("Your account is linked to Halvard; My earnings shows it and its alts.")
      .waitFor(WAIT);
    await panel.getByRole("link", { name: "My earnings" }).waitFor();
    await screenshot(raiderPage, "claim-character-linked");
  });
});

/**
 * Sign in with Discord (issue 25 point 1, decision 070) in Chromium against the shared `npm start` portal, whose
 * Discord is the run's fake (worker/discord/testing/): an admin sets it up on Guild settings, the login page offers
 * 'Continue with Discord', and a raider goes through Discord's page and comes back signed in.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCORD_REFUSALS } from "@shared/auth/discord-sign-in-refusals.ts";
import {
  DISCORD_SIGN_IN_OFF,
  type FakeDiscordSignIn,
  fakeDiscordSignIn,
  newSnowflake,
  raiderSignIn,
} from "@worker/discord/testing/test-discord-sign-in.ts";
import { type BrowserPortal, PHONE, screenshot, sharedBrowserPortal } from "./browser.ts";

let portal: BrowserPortal;
let fake: FakeDiscordSignIn;
const clientId = newSnowflake();
const clientSecret = `e2e-secret-${newSnowflake()}`;
const guildId = newSnowflake();
const raiderRole = newSnowflake();
const guestRole = newSnowflake();

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  if (!portal.fakeDiscord)
    throw new Error("the shared portal has no fake Discord: run through vitest.config.ts");
  fake = fakeDiscordSignIn(portal.fakeDiscord);
  await fake.registerApplication(clientId, clientSecret);
});

afterAll(async () => {
  await (await portal?.adminApi())?.put("/admin/discord-sign-in", DISCORD_SIGN_IN_OFF);
  await portal?.stop();
});

async function discordMember(username: string, roles: string[]): Promise<string> {
  const id = newSnowflake();
  await fake.addUser({ id, username, globalName: username });
  await fake.setMember(guildId, id, { nick: `${username} of the Vanguard`, roles });
  return id;
}

describe("Discord sign-in", () => {
  it("an admin sets it up on Guild settings: the redirect URL to copy, the application, the server and a role", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/guild-settings"));
    const status = page.getByTestId("discord-sign-in-status");
    await expect.poll(() => status.textContent()).toContain("Off:");
    expect(await page.getByTestId("discord-redirect-url").textContent()).toBe(
      `${portal.baseUrl}/_api/auth/discord/callback`,
    );
    await page.getByLabel("Client ID").fill(clientId);
    await page.getByLabel("Client secret").fill(clientSecret);
    await page.getByLabel("Server ID").fill(guildId);
    await page.getByRole("button", { name: "Add a role" }).click();
    await page.getByLabel("Discord role ID").fill(raiderRole);
    await page.getByLabel("Label (optional)").fill("Member");
    await page.getByRole("button", { name: "Save Discord sign-in" }).click();
    await expect.poll(() => status.textContent()).toContain("On:");
    // The secret is never shown again: the field is empty and says it is set.
    expect(await page.getByLabel("Client secret").inputValue()).toBe("");
    expect(await page.getByLabel("Client secret").getAttribute("placeholder")).toContain("(set)");
    expect(await page.content()).not.toContain(clientSecret);
    await page.getByTestId("discord-sign-in-status").scrollIntoViewIfNeeded();
    await screenshot(page, "guild-settings-discord-sign-in");
  });

  it("a raider continues with Discord from the login page and comes back signed in, on a phone", async () => {
    const id = await discordMember("Ashvale", [raiderRole]);
    const page = await portal.newPage({ viewport: PHONE });
    await page.goto(portal.url("/login"));
    const button = page.getByRole("link", { name: "Continue with Discord" });
    await button.waitFor({ timeout: 30_000 });
    await screenshot(page, "login-continue-with-discord");
    // The fake's consent page signs in whoever the test chose for this application.
    await fake.setNextUser(clientId, id);
    await button.click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/_api"), {
      timeout: 30_000,
    });
    const session = await page.evaluate(async () => (await fetch("/_api/auth/session")).text());
    expect(session).toContain("Ashvale of the Vanguard");
    expect(session).toContain(`${id}@discord.invalid`);
    expect(session).toMatch(/"role":"user"/);

    // The admin's Accounts screen lists the new account as a Discord one.
    const admin = await portal.newPage();
    await portal.login(admin, "admin");
    await admin.goto(portal.url("/admin/accounts"));
    const row = admin.locator(`tr[data-account="${id}@discord.invalid"]`);
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain(`Discord ${id}`);
    expect(await row.textContent()).toContain("Ashvale of the Vanguard");
  });

  it("a member without a guild role comes back to the login page, which says why", async () => {
    const id = await discordMember("Wanderer", [guestRole]);
    const page = await portal.newPage({ viewport: PHONE });
    await page.goto(portal.url("/login?next=/boss-timers"));
    const button = page.getByRole("link", { name: "Continue with Discord" });
    await button.waitFor({ timeout: 30_000 });
    expect(await button.getAttribute("href")).toBe("/_api/auth/discord/start?next=%2Fboss-timers");
    await fake.setNextUser(clientId, id);
    await button.click();
    await page.getByText(DISCORD_REFUSALS.discord_no_role).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe("?error=discord_no_role");
    expect((await page.request.get(portal.url("/_api/auth/session"))).status()).toBe(401);
    await screenshot(page, "login-discord-refused");
  });

  it("a new raider: from 'Continue with Discord' to claiming, and after an officer's approval to their earnings in 2 taps", async () => {
    // Set up as the first test left it (this test may run alone).
    const admin = await portal.adminApi();
    const settings = raiderSignIn({ clientId, clientSecret, guildId, raiderRole });
    expect((await admin.put("/admin/discord-sign-in", settings)).status).toBe(200);
    const character = `Ysolde${newSnowflake().slice(-4)}`;
    const created = await admin.post<{ guildMember: { id: number } }>("/guild-members", {
      playerName: character,
      category: "Members",
    });
    expect(created.status).toBe(201);
    // The member's server nickname is the character's name, cased otherwise: the claim suggests it.
    const id = newSnowflake();
    await fake.addUser({ id, username: "ysolde", globalName: "Ysolde" });
    await fake.setMember(guildId, id, { nick: character.toUpperCase(), roles: [raiderRole] });

    const taps = { count: 0 };
    const tap = async (target: { click(): Promise<void> }) => {
      taps.count += 1;
      await target.click();
    };
    const seen: string[] = [];
    const noAccessDenied = async (page: Page) => {
      seen.push(new URL(page.url()).pathname);
      expect(await page.getByText("Access Denied").count(), page.url()).toBe(0);
    };

    // First sign-in on the phone: straight to My page, which offers the character by name.
    const phone = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto(portal.url("/login"));
    await fake.setNextUser(clientId, id);
    await tap(phone.getByRole("link", { name: "Continue with Discord" }));
    await phone.waitForURL(portal.url("/me"), { timeout: 30_000 });
    await noAccessDenied(phone);
    const panel = phone.getByTestId("claim-character-panel");
    await tap(panel.getByRole("button", { name: `Claim ${character}` }));
    await panel
      .getByText(`You claimed ${character}. An officer will approve it soon.`)
      .waitFor({ timeout: 30_000 });
    await noAccessDenied(phone);
    await screenshot(phone, "my-page-claim-waiting");

    // An officer approves it in one tap.
    const officer = await portal.newPage();
    await portal.login(officer, "admin");
    await officer.goto(portal.url("/admin/claims"));
    await officer
      .getByRole("button", { name: `Approve ${character.toUpperCase()} as ${character}` })
      .click({ timeout: 30_000 });
    await officer.getByText(`${character.toUpperCase()} is now ${character}.`).waitFor({ timeout: 30_000 });

    // After the approval, on another phone: 'Continue with Discord', then My earnings.
    taps.count = 0;
    const second = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await second.goto(portal.url("/login"));
    await fake.setNextUser(clientId, id);
    await tap(second.getByRole("link", { name: "Continue with Discord" }));
    await second.waitForURL(portal.url("/me"), { timeout: 30_000 });
    await second.getByTestId("my-balance").waitFor({ timeout: 30_000 });
    await noAccessDenied(second);
    await tap(second.getByRole("link", { name: "Items and payouts" }));
    await second.waitForURL(portal.url("/me/earnings"), { timeout: 30_000 });
    await second.getByText(character).first().waitFor({ timeout: 30_000 });
    await noAccessDenied(second);
    expect(taps.count).toBeLessThanOrEqual(4);
    expect(seen).toEqual(["/me", "/me", "/me", "/me/earnings"]);
  });
});

import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOSS_ALERT_MESSAGES } from "@shared/schemas/boss-alerts.ts";
import { DISCORD_WEBHOOK_INVALID } from "@shared/schemas/spawn-alerts.ts";
import { BOSS_ALERTS_SAVED } from "@web/features/discord/boss-alerts-section.tsx";
import { type FakeDiscord, startFakeDiscord } from "@worker/discord/testing/fake-discord.ts";
import {
  type BrowserPortal,
  goOffline,
  goOnline,
  screenshot,
  startBrowserPortal,
  waitForController,
} from "./browser.ts";

// The Discord settings screen (decision 043) in Chromium against `npm start`, with a local server playing Discord
// (OUTBOUND_TEST_ORIGINS lets the portal post to it, decision 053).
let portal: BrowserPortal;
let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord();
  portal = await startBrowserPortal({ env: { OUTBOUND_TEST_ORIGINS: discord.url } });
});

afterAll(async () => {
  await portal?.stop();
  await discord?.close();
});

async function discordPage(
  role: "admin" | "user",
  size = { width: 1280, height: 900 },
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await portal.newPage({ viewport: size, ...options });
  await portal.login(page, role);
  await page.goto(portal.url("/admin/discord"));
  return page;
}

describe("the Discord settings screen", () => {
  it("refuses a webhook that is not Discord's, saves one, and shows the last delivery error and when", async () => {
    const page = await discordPage("admin");
    await page.getByRole("heading", { name: "Discord", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("discord-status").textContent()).toContain("Discord is off");

    const url = page.getByLabel("Webhook URL");
    await url.fill("https://example.com/hooks/123");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByText(DISCORD_WEBHOOK_INVALID).count()).toBeGreaterThan(0);

    // A webhook Discord answers 404 (deleted in Discord): the test message fails, and the screen says why.
    await url.fill(`${discord.url}/api/webhooks/4242/s404`);
    await page.getByLabel("Spawn alerts come").selectOption("15");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByTestId("discord-status").textContent()).toContain("Discord is on");
    const saved = await (await portal.adminApi()).get<{
      discord: { webhookUrl: string; leadMinutes: number };
    }>("/discord-settings");
    expect(saved.body.discord).toMatchObject({
      webhookUrl: `${discord.url}/api/webhooks/4242/s404`,
      leadMinutes: 15,
    });

    await page.getByRole("button", { name: "Send test message" }).click();
    const error = page.getByTestId("discord-last-error");
    await expect
      .poll(() => error.textContent())
      .toContain("Discord refused the message (HTTP 404: Unknown Webhook)");
    expect(await error.textContent()).toMatch(/Last delivery failed \w{3} \d{1,2}, \d{4}/);
    // The toasts have said it too; the screenshot shows the page as it stays.
    await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, "discord-settings-error");
  });

  it("is for admins only, and says it needs a connection when offline", async () => {
    const res = await fetch(portal.url("/_api/discord-settings"));
    expect(res.status).toBe(401);
    const phone = await discordPage("admin", { width: 390, height: 844 }, { serviceWorkers: "allow" });
    // The settings have loaded: their delivery status shows, the last error or, once a scheduled spawn alert has
    // gone through meanwhile (a fixed-schedule boss near this hour), that messages get through.
    await phone.getByTestId("discord-last-error").or(phone.getByTestId("discord-status")).waitFor();
    await waitForController(phone);
    await goOffline(phone.context());
    await expect
      .poll(() => phone.getByTestId("online-only").textContent())
      .toContain("Discord settings are not stored on this device");
    await screenshot(phone, "discord-settings-offline");
    await goOnline(phone.context());
  });
});

describe("alerts per boss", () => {
  it("sets a boss's lead time and role on a phone, refusing a role id that is not Discord's", async () => {
    const api = await portal.adminApi();
    const { bosses } = (
      await api.get<{ bosses: { id: number; name: string }[] }>("/discord-settings/boss-alerts")
    ).body;
    const boss = bosses[0] as { id: number; name: string };
    const phone = await discordPage("admin", { width: 390, height: 844 });
    const lead = phone.getByLabel(`Minutes before ${boss.name} spawns`);
    const role = phone.getByLabel(`Discord role ID to mention for ${boss.name}`);
    await lead.waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId("boss-alert-row").count()).toBe(bosses.length);

    await lead.fill("15");
    await role.fill("@Raiders");
    await phone.getByRole("button", { name: "Save boss alerts" }).click();
    await expect.poll(() => phone.getByText(BOSS_ALERT_MESSAGES.roleId).count()).toBe(1);
    await role.fill("1187654321098765432");
    await phone.getByRole("button", { name: "Save boss alerts" }).click();
    await expect
      .poll(() => phone.getByText(BOSS_ALERTS_SAVED).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const saved = await api.get<{
      bosses: { id: number; leadMinutes: number | null; roleId: string | null }[];
    }>("/discord-settings/boss-alerts");
    expect(saved.body.bosses.find((b) => b.id === boss.id)).toMatchObject({
      leadMinutes: 15,
      roleId: "1187654321098765432",
    });
    // Both fields of a boss are on the screen without sideways scrolling.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(() => phone.locator("[data-sonner-toast]").count(), { timeout: 30_000 }).toBe(0);
    await screenshot(phone, "discord-boss-alerts");

    // Another admin's screen reads what was saved.
    const desktop = await discordPage("admin");
    await desktop.getByLabel(`Minutes before ${boss.name} spawns`).waitFor({ timeout: 30_000 });
    expect(await desktop.getByLabel(`Minutes before ${boss.name} spawns`).inputValue()).toBe("15");
  });
});

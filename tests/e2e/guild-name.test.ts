import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUILD_NAME_MESSAGES } from "@shared/schemas/guild-name.ts";
import { GUILD_NAME_RESET, guildNameSaved } from "@web/features/guild-settings/guild-name-section.tsx";
import { type BrowserPortal, E2E_BRAND, screenshot, sharedBrowserPortal, waitForApp } from "./browser.ts";

// Admin › Guild Settings › Guild name (decision 078) in Chromium against `npm start`: a rename shows in the header of
// another open page at once, through the live feed, without a reload.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const NAME = "Ember Wardens";

describe("the guild's name", () => {
  it("an admin renames the guild on a phone, and a raider's open page shows it in the header at once", async () => {
    // A raider's page, open before the rename and never reloaded.
    const raider = await portal.newPage({ viewport: { width: 1280, height: 900 } });
    await portal.login(raider, "user");
    await raider.goto(portal.url("/public/guild-members"));
    await waitForApp(raider);
    const header = (name: string) => raider.getByRole("banner").getByRole("link", { name: `${name} home` });
    await header(E2E_BRAND).waitFor({ timeout: 30_000 });

    const admin = await portal.newPage({ viewport: { width: 390, height: 844 } });
    await portal.login(admin, "admin");
    await admin.goto(portal.url("/admin/guild-settings"));
    const inUse = admin.getByTestId("guild-name-in-use");
    await inUse.waitFor({ timeout: 30_000 });
    expect(await inUse.innerText()).toBe(
      `In use: ${E2E_BRAND}, the server's GUILD_BRAND setting, until you choose one here.`,
    );
    const field = admin.getByRole("textbox", { name: "Guild name" });
    await field.fill(`Ember${"\u0007"}Wardens`);
    await admin.getByRole("button", { name: "Save guild name" }).click();
    await admin.getByText(GUILD_NAME_MESSAGES.control).waitFor();

    await field.fill(`  ${NAME} `);
    await admin.getByRole("button", { name: "Save guild name" }).click();
    await admin.getByText(guildNameSaved(NAME)).first().waitFor({ timeout: 15_000 });
    await expect.poll(() => inUse.innerText(), { timeout: 15_000 }).toBe(`In use: ${NAME}, chosen here.`);
    // The raider's header and title follow without a reload.
    await header(NAME).waitFor({ timeout: 15_000 });
    await expect.poll(() => raider.title(), { timeout: 15_000 }).toContain(NAME);
    await expect.poll(() => admin.title(), { timeout: 15_000 }).toBe(`Guild Settings - ${NAME}`);

    const audit = await (await portal.adminApi()).get<{
      entries: { action: string; before: unknown; after: unknown }[];
    }>("/admin/audit-log?entity=guild_settings");
    expect(audit.body.entries[0]).toMatchObject({
      action: "update",
      before: { guildName: E2E_BRAND, guildNameSource: "GUILD_BRAND" },
      after: { guildName: NAME, guildNameSource: "guild-settings" },
    });
    await expect.poll(() => admin.locator("[data-sonner-toast]").count(), { timeout: 30_000 }).toBe(0);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(admin, "guild-settings-guild-name");

    // Back to the server's name: the header follows again.
    await admin.getByRole("button", { name: "Use the server's name" }).click();
    await admin.getByText(GUILD_NAME_RESET).first().waitFor({ timeout: 15_000 });
    await header(E2E_BRAND).waitFor({ timeout: 15_000 });
  });
});

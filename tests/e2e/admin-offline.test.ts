import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  goOffline,
  goOnline,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";

// The admin's offline promise: writes made without a network are kept on the device (also across a
// reload), shown as pending, sent exactly once when the network returns, and a write the server refuses
// stays visible with its error until it is discarded.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal({ serviceWorkers: "allow" });
});

afterAll(async () => {
  await portal?.stop();
});

const SAVED_OFFLINE = "Saved on this device; it will sync when you are back online.";
const RAIDERS = ["Ashvale", "Brightforge", "Larkspire"];

/** Chromium reports navigator.onLine true after a reload while offline; toggling restores it. */
async function reassertOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

async function serverRaids(): Promise<Record<string, number>> {
  const res = await (await portal.adminApi()).get<{
    guildMembers: { playerName: string; raidsParticipated: number }[];
  }>("/guild-members?status=all");
  return Object.fromEntries(res.body.guildMembers.map((m) => [m.playerName, m.raidsParticipated]));
}

async function serverRecords() {
  const res = await (await portal.adminApi()).get<{
    attendanceRecords: { id: number; bossName: string; participatedMembers: string[] }[];
  }>("/attendance");
  expect(res.status).toBe(200);
  return res.body.attendanceRecords;
}

async function shownRaids(page: Page, name: string): Promise<number> {
  await page.getByLabel("Filter by member").selectOption(name);
  return Number(await page.getByTestId("member-raids").innerText());
}

async function openAdminPage(context: BrowserContext, path: string, ready: string): Promise<Page> {
  const page = await context.newPage();
  await portal.login(page, "admin");
  await page.goto(portal.url(path));
  await waitForController(page);
  await page.getByText(ready).first().waitFor({ timeout: 15_000 });
  return page;
}

describe("admin writes offline", () => {
  it("attendance recorded offline survives a reload, reaches the server once and raises each raid count by one", async () => {
    const context = await portal.newContext();
    const page = await openAdminPage(context, "/admin/attendance", "Ironhide Behemoth");
    await page.getByRole("option", { name: "Ashvale" }).waitFor({ state: "attached" });
    const raidsBefore = await serverRaids();
    const recordsBefore = await serverRecords();

    await goOffline(context);
    await page.getByRole("button", { name: "Add Attendance" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Attendance Record" });
    await dialog.getByLabel("Boss").selectOption("Gravemaw");
    await dialog.getByRole("button", { name: "Choose participants..." }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await picker.getByRole("checkbox", { name: "Ashvale (Guild Master)" }).check();
    await picker.getByRole("checkbox", { name: "Brightforge (Core)" }).check();
    await picker.getByRole("checkbox", { name: "Larkspire", exact: true }).check();
    await screenshot(page, "admin-offline-picker");
    await picker.getByRole("button", { name: "Save 3 selected" }).click();
    await dialog.getByRole("button", { name: "3 participants selected" }).waitFor();
    await screenshot(page, "admin-offline-attendance-form");
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await page.getByText("Attendance record added.").waitFor();
    await page.getByText(SAVED_OFFLINE).first().waitFor();

    const row = page.locator("tr", { hasText: "Gravemaw" });
    await row.getByTestId("unsynced-badge").waitFor();
    await page.getByTestId("pending-changes").waitFor();
    for (const name of RAIDERS) expect(await shownRaids(page, name)).toBe((raidsBefore[name] ?? 0) + 1);
    await screenshot(page, "admin-offline-attendance-pending");

    // A reload without a network: the queued write and its local effect are still there.
    await page.reload();
    await reassertOffline(context);
    await page
      .locator("tr", { hasText: "Gravemaw" })
      .getByTestId("unsynced-badge")
      .waitFor({ timeout: 15_000 });
    await page.getByTestId("pending-changes").waitFor();
    for (const name of RAIDERS) expect(await shownRaids(page, name)).toBe((raidsBefore[name] ?? 0) + 1);
    expect(await serverRecords()).toHaveLength(recordsBefore.length);
    await screenshot(page, "admin-offline-attendance-reloaded");

    await goOnline(context);
    await expect
      .poll(async () => (await serverRecords()).length, { timeout: 30_000 })
      .toBe(recordsBefore.length + 1);
    await page.getByTestId("pending-changes").waitFor({ state: "detached", timeout: 30_000 });
    await page.getByTestId("unsynced-badge").waitFor({ state: "detached", timeout: 30_000 });
    // Exactly once, also after the page has had time to retry and resync.
    await page.waitForTimeout(2_000);
    const records = await serverRecords();
    expect(records).toHaveLength(recordsBefore.length + 1);
    const added = records.find((r) => !recordsBefore.some((b) => b.id === r.id));
    expect(added).toMatchObject({ bossName: "Gravemaw" });
    expect([...(added?.participatedMembers ?? [])].sort()).toEqual(RAIDERS);
    const raidsAfter = await serverRaids();
    for (const name of RAIDERS) expect(raidsAfter[name]).toBe((raidsBefore[name] ?? 0) + 1);
    for (const name of RAIDERS) expect(await shownRaids(page, name)).toBe((raidsBefore[name] ?? 0) + 1);
    await screenshot(page, "admin-offline-attendance-synced");
  });

  it("a write the server refuses after reconnecting shows its error with Discard, which removes it", async () => {
    const context = await portal.newContext();
    const page = await openAdminPage(context, "/guild-members", "Ashvale");

    await goOffline(context);
    await page.getByRole("button", { name: "Add Member" }).click();
    const add = page.getByRole("dialog", { name: "Add Guild Member" });
    await add.getByLabel("Player Name").fill("Ashvale");
    await add.getByRole("button", { name: "Add Member" }).click();
    await page.getByText("Guild member created successfully.").waitFor();
    await page.getByText(SAVED_OFFLINE).first().waitFor();
    await page.locator('tr[data-member="Ashvale"]').getByTestId("unsynced-badge").waitFor();
    await screenshot(page, "admin-offline-member-pending");

    await goOnline(context);
    const failed = page.getByTestId("failed-write");
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.innerText()).toContain(
      'Adding Ashvale failed: A guild member named "Ashvale" already exists.',
    );
    await screenshot(page, "admin-offline-member-refused");
    await failed.getByRole("button", { name: "Discard" }).click();
    await failed.waitFor({ state: "detached" });
    await page.getByTestId("unsynced-badge").waitFor({ state: "detached" });
    expect(await page.locator('tr[data-member="Ashvale"]').count()).toBe(1);
    const res = await (await portal.adminApi()).get<{ guildMembers: { playerName: string }[] }>(
      "/guild-members?status=all",
    );
    expect(res.body.guildMembers.filter((m) => m.playerName.toLowerCase() === "ashvale")).toHaveLength(1);
  });
});

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, screenshot, sharedBrowserPortal } from "./browser.ts";

// /admin/attendance: the member filter and summary, both tabs, and adding, editing and deleting a record,
// with the raid counts checked on the page and on the server.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

async function serverRaids(): Promise<Record<string, number>> {
  const res = await (await portal.adminApi()).get<{
    guildMembers: { playerName: string; raidsParticipated: number }[];
  }>("/guild-members?status=all");
  return Object.fromEntries(res.body.guildMembers.map((m) => [m.playerName, m.raidsParticipated]));
}

async function serverRecords() {
  const res = await (await portal.adminApi()).get<{
    attendanceRecords: { id: number; bossName: string; dateAttended: Date; participatedMembers: string[] }[];
  }>("/attendance");
  return res.body.attendanceRecords;
}

async function shownRaids(page: Page, name: string): Promise<number> {
  await page.getByLabel("Filter by member").selectOption(name);
  return Number(await page.getByTestId("member-raids").innerText());
}

function localDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function openAttendance(): Promise<Page> {
  const page = await portal.newPage();
  await portal.login(page, "admin");
  await page.goto(portal.url("/admin/attendance"));
  await page.getByText("Ironhide Behemoth").first().waitFor({ timeout: 15_000 });
  await page.getByRole("option", { name: "Ashvale" }).waitFor({ state: "attached" });
  return page;
}

describe("/admin/attendance", () => {
  it("filters by member with a summary card and counts on both tabs", async () => {
    const page = await openAttendance();
    await screenshot(page, "admin-attendance");
    await page.getByRole("tab", { name: "Loot Items" }).click();
    await page.getByRole("region", { name: "Loot participation" }).locator("tbody tr").first().waitFor();
    await screenshot(page, "admin-attendance-loot");

    await page.getByLabel("Filter by member").selectOption("Kestrelmoor");
    await page.getByTestId("member-summary").waitFor();
    await page.getByRole("tab", { name: "Attendance Records (0)" }).click();
    await page.getByText("No attendance records found for Kestrelmoor.").waitFor();
    await screenshot(page, "admin-attendance-filtered-empty");

    const raids = await serverRaids();
    expect(await shownRaids(page, "Ashvale")).toBe(raids.Ashvale);
    await page.getByRole("tab", { name: "Attendance Records (1)" }).waitFor();
    await page.getByRole("tab", { name: /^Loot Items \(\d+\)$/ }).waitFor();
    await screenshot(page, "admin-attendance-filtered");
  });

  it("adds, edits and deletes a record; the raid counts follow on the page and on the server", async () => {
    const page = await openAttendance();
    const before = await serverRaids();
    const recordsBefore = await serverRecords();

    await page.getByRole("button", { name: "Add Attendance" }).click();
    const add = page.getByRole("dialog", { name: "Add Attendance Record" });
    await add.getByLabel("Date Attended").fill("");
    await add.getByRole("button", { name: "Add Record" }).click();
    await add.getByText("Please select a boss, date, and at least one participant.").waitFor();
    await add.getByText("A date is required.").waitFor();
    await screenshot(page, "admin-attendance-add-errors");

    await add.getByLabel("Boss").selectOption("Thornqueen");
    await add.getByLabel("Date Attended").fill(localDay(1));
    await add.getByRole("button", { name: "Choose participants..." }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await picker.getByRole("checkbox", { name: "Cinderwhisk (Core)" }).check();
    await picker.getByRole("checkbox", { name: "Dawnrider (Core)" }).check();
    await picker.getByRole("button", { name: "Save 2 selected" }).click();
    await add.getByRole("button", { name: "Add Record" }).click();
    await add.getByText("Date attended cannot be in the future.").first().waitFor();
    await add.getByLabel("Date Attended").fill(localDay(-1));
    await add.getByRole("button", { name: "Add Record" }).click();
    await page.getByText("Attendance record added.").waitFor();
    await expect
      .poll(async () => (await serverRecords()).length, { timeout: 15_000 })
      .toBe(recordsBefore.length + 1);
    const added = (await serverRecords()).find((r) => r.bossName === "Thornqueen");
    expect(added?.participatedMembers).toEqual(["Cinderwhisk", "Dawnrider"]);
    // Saved at 12:00 local time on the chosen day.
    expect(new Date(added?.dateAttended as Date).getHours()).toBe(12);
    let raids = await serverRaids();
    expect(raids.Cinderwhisk).toBe((before.Cinderwhisk ?? 0) + 1);
    expect(raids.Dawnrider).toBe((before.Dawnrider ?? 0) + 1);
    await page.getByTestId("unsynced-badge").waitFor({ state: "detached", timeout: 15_000 });
    expect(await shownRaids(page, "Cinderwhisk")).toBe((before.Cinderwhisk ?? 0) + 1);
    await page.getByLabel("Filter by member").selectOption("");

    await page.getByRole("button", { name: /^Edit Thornqueen record/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Attendance Record" });
    await edit.getByRole("button", { name: "2 participants selected" }).click();
    await picker.getByRole("checkbox", { name: "Dawnrider (Core)" }).uncheck();
    await picker.getByRole("checkbox", { name: "Larkspire", exact: true }).check();
    await picker.getByRole("button", { name: "Save 2 selected" }).click();
    await screenshot(page, "admin-attendance-edit");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Attendance record updated.").waitFor();
    await expect
      .poll(async () => (await serverRaids()).Larkspire, { timeout: 15_000 })
      .toBe((before.Larkspire ?? 0) + 1);
    raids = await serverRaids();
    expect(raids.Dawnrider).toBe(before.Dawnrider);
    expect(raids.Cinderwhisk).toBe((before.Cinderwhisk ?? 0) + 1);
    expect(await shownRaids(page, "Dawnrider")).toBe(before.Dawnrider);
    await page.getByLabel("Filter by member").selectOption("");

    await page.getByRole("button", { name: /^Delete Thornqueen record/ }).click();
    const del = page.getByRole("dialog", { name: "Delete Attendance Record" });
    await del.waitFor();
    await screenshot(page, "admin-attendance-delete");
    await del.getByRole("button", { name: "Delete Record" }).click();
    await page.getByText("Attendance record deleted.").waitFor();
    await expect
      .poll(async () => (await serverRecords()).length, { timeout: 15_000 })
      .toBe(recordsBefore.length);
    await expect
      .poll(async () => (await serverRaids()).Larkspire, { timeout: 15_000 })
      .toBe(before.Larkspire);
    raids = await serverRaids();
    expect(raids.Cinderwhisk).toBe(before.Cinderwhisk);
    expect(await shownRaids(page, "Larkspire")).toBe(before.Larkspire);
  });
});

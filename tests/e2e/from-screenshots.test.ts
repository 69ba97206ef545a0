import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderListImage } from "../../scripts/ocr-corpus/corpus.ts";
import {
  type BrowserPortal,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";
import { SAMPLE_FIRST_20 } from "./sample-roster.ts";
import { tapCounter } from "./tap-counter.ts";

// Issue 27's acceptance (decision 083): an officer on a phone records a 20-person raid from two screenshots of the
// game's lists, offline, in at most 8 taps; after reconnecting the server holds one attendance record with those 20
// names. The screenshots are drawn by the corpus generator (decision 082) from names of the sample roster.
let portal: BrowserPortal;
let shots: string;
let files: [string, string];

const BOSS = "Screenshot Wyrm";
// The two screenshots: the first 10 of the sample roster in a party list, the next 10 in a guild list.
const PARTY = SAMPLE_FIRST_20.slice(0, 10);
const GUILD_LIST = SAMPLE_FIRST_20.slice(10);
const RAID = [...PARTY, ...GUILD_LIST].sort();

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  shots = mkdtempSync(join(tmpdir(), "from-screenshots-"));
  files = [join(shots, "party.jpg"), join(shots, "guild.jpg")];
  const [party, guild] = files;
  await renderListImage({ names: PARTY, file: party, layout: "party", browser: portal.browser });
  await renderListImage({
    names: GUILD_LIST,
    file: guild,
    layout: "guild",
    theme: "parchment",
    font: "roboto-condensed",
    browser: portal.browser,
  });
  const boss = await (await portal.adminApi()).post("/boss-names", { name: BOSS });
  expect(boss.status).toBe(201);
});

afterAll(async () => {
  await portal?.stop();
  if (shots) rmSync(shots, { recursive: true, force: true });
});

interface ServerRecord {
  id: number;
  bossName: string;
  participatedMembers: string[];
}

async function bossRecords(): Promise<ServerRecord[]> {
  const res = await (await portal.adminApi()).get<{ attendanceRecords: ServerRecord[] }>("/attendance");
  expect(res.status).toBe(200);
  return res.body.attendanceRecords.filter((r) => r.bossName === BOSS);
}

describe("from screenshots", () => {
  it("a phone records a 20-person raid from two screenshots offline in at most 8 taps; the server gets one record of the 20", async () => {
    const context = await portal.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      serviceWorkers: "allow",
    });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/record-raid"));
    await waitForController(page);
    await page.getByLabel("Boss").locator("option", { hasText: BOSS }).waitFor({ state: "attached" });

    // The first use, online, stores the recognition files (the service worker keeps them for offline use).
    await page.getByRole("button", { name: "From screenshots" }).click();
    const dialog = page.getByRole("dialog", { name: "From screenshots" });
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByText("Choose screenshots").click();
    await (await chooser).setFiles(files[0]);
    await dialog.getByRole("region", { name: "On the roster", exact: true }).waitFor({ timeout: 60_000 });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    const before = await bossRecords();
    expect(before).toEqual([]);

    await goOffline(context);
    const taps = tapCounter(page);
    await taps.tap(page.getByRole("button", { name: "From screenshots" }));
    await taps.pickFiles(dialog.getByText("Choose screenshots"), files);
    await dialog
      .getByText("Reading screenshot")
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    const add = dialog.getByRole("button", { name: "Add 20 to participants" });
    await add.waitFor({ timeout: 90_000 });
    await screenshot(page, "from-screenshots-read");
    await dialog.getByText("Not on the roster").scrollIntoViewIfNeeded();
    await screenshot(page, "from-screenshots-groups");
    await taps.tap(add);
    await page.getByRole("button", { name: "20 participants selected" }).waitFor();
    await taps.choose(page.getByLabel("Boss"), BOSS);
    await taps.tap(page.getByRole("button", { name: "Record raid" }));
    await page.getByText(`Raid recorded: ${BOSS}, 20 participants, no loot.`).waitFor({ timeout: 15_000 });
    console.log(`from screenshots: ${taps.count} taps`);
    expect(taps.count).toBeLessThanOrEqual(8);
    expect(await bossRecords()).toEqual([]);

    await goOnline(context);
    await expect.poll(async () => (await bossRecords()).length, { timeout: 30_000 }).toBe(1);
    await page.getByTestId("pending-changes").waitFor({ state: "detached", timeout: 30_000 });
    const [record] = await bossRecords();
    expect([...(record?.participatedMembers ?? [])].sort()).toEqual(RAID);
  });

  it("Add Attendance fills its picker from a screenshot, and a file that is not an image is refused by its name", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("button", { name: "Add Attendance" }).first().click();
    const form = page.getByRole("dialog", { name: "Add Attendance Record" });
    await form.getByRole("button", { name: "From screenshots" }).click();
    const dialog = page.getByRole("dialog", { name: "From screenshots" });
    const input = dialog.locator('input[type="file"][multiple]');
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Ashvale") });
    await dialog.getByText("notes.txt is not an image.").waitFor();
    await input.setInputFiles(files[1]);
    const add = dialog.getByRole("button", { name: "Add 10 to participants" });
    await add.waitFor({ timeout: 90_000 });
    // Unticking a matched name leaves it out.
    await dialog.getByRole("checkbox", { name: "Thistledown" }).uncheck();
    await dialog.getByRole("button", { name: "Add 9 to participants" }).click();
    await form.getByRole("button", { name: "9 participants selected" }).waitFor();
    await form.getByRole("button", { name: "9 participants selected" }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    const chips = picker.getByRole("list", { name: "Selected participants" }).getByRole("button");
    expect((await chips.allTextContents()).map((t) => t.trim()).sort()).toEqual(
      GUILD_LIST.filter((name) => name !== "Thistledown").sort(),
    );
  });
});

import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  trackNetwork,
  waitForController,
} from "./browser.ts";
import { SAMPLE_FIRST_20 } from "./sample-roster.ts";
import { tapCounter } from "./tap-counter.ts";

// Issue 16's acceptance: an officer on a phone records a raid of 20 with two loot items, offline, reloads and
// reconnects; the server gets one attendance record and two items, each exactly once, and the 20 raid counts
// move by one. The taps the officer makes (not the typing) are counted: the target is at most 15.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

// Last raid's 20: the first 20 of the sample roster.
const LAST_RAID: readonly string[] = SAMPLE_FIRST_20;
// Tonight one of them is away and another comes instead.
const TONIGHT = [...LAST_RAID.filter((name) => name !== "Thistledown"), "Umbravane"].sort();

interface ServerRecord {
  id: number;
  bossName: string;
  participatedMembers: string[];
}
interface ServerItem {
  id: number;
  lootName: string;
  bossName: string;
  value: string;
  status: string;
  participatedMembers: string | string[];
}

async function serverRecords(): Promise<ServerRecord[]> {
  const res = await (await portal.adminApi()).get<{ attendanceRecords: ServerRecord[] }>("/attendance");
  expect(res.status).toBe(200);
  return res.body.attendanceRecords;
}

async function serverItems(): Promise<ServerItem[]> {
  const res = await (await portal.adminApi()).get<{ marketExchangeItems: ServerItem[] }>("/market-exchange");
  expect(res.status).toBe(200);
  return res.body.marketExchangeItems;
}

async function serverRaids(): Promise<Record<string, number>> {
  const res = await (await portal.adminApi()).get<{
    guildMembers: { playerName: string; raidsParticipated: number }[];
  }>("/guild-members?status=all");
  return Object.fromEntries(res.body.guildMembers.map((m) => [m.playerName, m.raidsParticipated]));
}

/** Chromium reports navigator.onLine true after a reload while offline; toggling restores it. */
async function reassertOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

describe("record a raid", () => {
  it("a phone records 20 participants and 2 loot items offline; after a reload and reconnect the server has each once", async () => {
    // The previous raid, a day earlier, recorded from the desk.
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(12, 0, 0, 0);
    const arranged = await (await portal.adminApi()).post("/attendance", {
      bossName: "Thornqueen",
      dateAttended: yesterday,
      participatedMembers: LAST_RAID,
    });
    expect(arranged.status).toBe(201);

    const context = await portal.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      serviceWorkers: "allow",
    });
    const page = await context.newPage();
    const network = trackNetwork(page);
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/record-raid"));
    await waitForController(page);
    await page.getByLabel("Boss").locator("option", { hasText: "Gravemaw" }).waitFor({ state: "attached" });
    await network.quiet();
    const recordsBefore = await serverRecords();
    const itemsBefore = await serverItems();
    const raidsBefore = await serverRaids();
    await screenshot(page, "record-raid-empty");

    await goOffline(context);
    const taps = tapCounter(page);
    await taps.choose(page.getByLabel("Boss"), "Gravemaw");
    // The date is today already.
    await taps.tap(page.getByRole("button", { name: "Choose participants..." }));
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await taps.tap(picker.getByRole("button", { name: "Same as last raid (20)" }));
    await picker.getByRole("button", { name: "Save 20 selected" }).waitFor();
    // Thistledown is away: tap the chip's remove; Umbravane came: search, then tap the one match.
    await taps.tap(picker.getByRole("button", { name: "Remove Thistledown" }));
    await taps.type(picker.getByRole("searchbox", { name: "Search members" }), "umbr");
    await taps.tap(picker.getByRole("checkbox", { name: "Umbravane", exact: true }));
    await picker.getByRole("button", { name: "Save 20 selected" }).waitFor();
    await picker.getByRole("searchbox", { name: "Search members" }).fill("");
    await screenshot(page, "record-raid-picker");
    await taps.tap(picker.getByRole("button", { name: "Save 20 selected" }));
    await page.getByRole("button", { name: "20 participants selected" }).waitFor();

    await taps.tap(page.getByRole("button", { name: "Add loot item" }));
    const items = page.getByTestId("raid-loot-item");
    await taps.type(items.nth(0).getByLabel("Loot Name"), "Gravemaw Fang");
    await taps.type(items.nth(0).getByLabel("Value (USDT)"), "1250.50");
    await taps.tap(page.getByRole("button", { name: "Add loot item" }));
    await taps.type(items.nth(1).getByLabel("Loot Name"), "Molten Core Shard");
    await taps.type(items.nth(1).getByLabel("Value (USDT)"), "300");
    await taps.tap(items.nth(1).getByText("Sold", { exact: true }));
    expect(await items.nth(1).getByRole("radio", { name: "Sold" }).isChecked()).toBe(true);
    await screenshot(page, "record-raid-filled");
    await taps.tap(page.getByRole("button", { name: "Record raid and 2 loot items" }));

    await page.getByText("Raid recorded: Gravemaw, 20 participants, 2 loot items.").waitFor();
    await page.waitForURL(portal.url("/admin/attendance"));
    console.log(`record a raid: ${taps.count} taps`);
    expect(taps.count).toBeLessThanOrEqual(15);
    const row = page.locator("tr", { hasText: "Gravemaw" });
    await row.getByTestId("unsynced-badge").first().waitFor();
    await screenshot(page, "record-raid-queued");

    // A reload without a network: both writes are still queued, nothing reached the server.
    await page.reload();
    await reassertOffline(context);
    await page.locator("tr", { hasText: "Gravemaw" }).getByTestId("unsynced-badge").first().waitFor({
      timeout: 15_000,
    });
    expect(await serverRecords()).toHaveLength(recordsBefore.length);
    expect(await serverItems()).toHaveLength(itemsBefore.length);

    await goOnline(context);
    await expect
      .poll(async () => [(await serverRecords()).length, (await serverItems()).length], { timeout: 30_000 })
      .toEqual([recordsBefore.length + 1, itemsBefore.length + 2]);
    await page.getByTestId("pending-changes").waitFor({ state: "detached", timeout: 30_000 });
    // Exactly once, also after the page has had time to retry and resync.
    await page.waitForTimeout(2_000);
    await network.quiet();
    const records = await serverRecords();
    const added = records.filter((r) => !recordsBefore.some((b) => b.id === r.id));
    expect(added).toHaveLength(1);
    expect(added[0]?.bossName).toBe("Gravemaw");
    expect([...(added[0]?.participatedMembers ?? [])].sort()).toEqual(TONIGHT);
    const newItems = (await serverItems()).filter((i) => !itemsBefore.some((b) => b.id === i.id));
    expect(newItems.map((i) => [i.lootName, i.bossName, Number(i.value), i.status]).sort()).toEqual([
      ["Gravemaw Fang", "Gravemaw", 1250.5, "Pending"],
      ["Molten Core Shard", "Gravemaw", 300, "Sold"],
    ]);
    for (const item of newItems) {
      const stored = item.participatedMembers;
      const names = Array.isArray(stored) ? stored : (JSON.parse(stored) as string[]);
      expect([...names].sort()).toEqual(TONIGHT);
    }
    const raidsAfter = await serverRaids();
    for (const [name, before] of Object.entries(raidsBefore)) {
      expect([name, raidsAfter[name]]).toEqual([name, TONIGHT.includes(name) ? before + 1 : before]);
    }
  });

  it("shows the attendance form's and the loot form's messages, and keeps the raid's participants on each item", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/attendance"));
    await page.getByRole("link", { name: "Record a Raid" }).first().click();
    await page.waitForURL(portal.url("/admin/record-raid"));
    await page.getByLabel("Boss").locator("option", { hasText: "Gravemaw" }).waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Add loot item" }).click();
    await page.getByRole("button", { name: "Record raid and 1 loot item" }).click();
    await page.getByText("Please select a boss, date, and at least one participant.").waitFor();
    const item = page.getByTestId("raid-loot-item");
    await item.getByText("Loot name is required").waitFor();
    await item.getByText("Participated members are required").waitFor();
    await screenshot(page, "record-raid-invalid");

    await page.getByLabel("Boss").selectOption("Mirelurk");
    // The raid's picker; the item's follows it.
    await page.getByRole("button", { name: "Choose participants..." }).first().click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    // Search as you type, then select all of what the search shows.
    const search = picker.getByRole("searchbox", { name: "Search members" });
    await search.fill("hollow");
    // The keyboard: ArrowDown from the search into the grid, arrows across, Enter and Space toggle, a letter jumps.
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest("label")?.textContent?.trim() ?? null);
    await search.press("ArrowDown");
    expect(await focused()).toBe("Hollowpeak (Core)");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Stormhollow");
    await page.keyboard.press("Enter");
    await picker.getByRole("button", { name: "Save 1 selected" }).waitFor();
    await page.keyboard.press("h");
    expect(await focused()).toBe("Hollowpeak (Core)");
    await page.keyboard.press(" ");
    await picker.getByRole("button", { name: "Save 2 selected" }).waitFor();
    // Select none / all act on what the search shows.
    await picker.getByRole("button", { name: "Clear shown" }).click();
    await picker.getByRole("button", { name: "Save 0 selected" }).waitFor();
    await picker.getByRole("button", { name: "Select all 2 shown" }).click();
    await picker.getByRole("button", { name: "Save 2 selected" }).click();
    await item.getByRole("button", { name: "2 participants selected" }).waitFor();
    await item.getByLabel("Loot Name").fill("Mire Pearl");
    await item.getByLabel("Value (USDT)").fill("12.345");
    await page.getByRole("button", { name: "Record raid and 1 loot item" }).click();
    await item.getByText(/Value/).first().waitFor();
    expect(await item.locator("[role=alert]").count()).toBe(1);
  });

  // Wall-clock under 4x throttling on a shared two-core machine: another test file's load once took "select all"
  // from 1.7 s to 3.0 s. Retried (it saves nothing) so a neighbour's burst is not read as a slow picker.
  it("measures the picker with 200 members on a phone (whether it needs a virtual list)", {
    retry: 2,
  }, async () => {
    const api = await portal.adminApi();
    const existing = Object.keys(await serverRaids()).length;
    const names = Array.from(
      { length: 200 - existing },
      (_, i) => `Recruit${String(i + 1).padStart(3, "0")}`,
    );
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10);
      const answers = await Promise.all(
        batch.map((playerName) => api.post("/guild-members", { playerName, category: "Members" })),
      );
      for (const answer of answers) expect(answer.status).toBe(201);
    }
    const page = await portal.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/record-raid"));
    const button = page.getByRole("button", { name: "Choose participants..." });
    await button.waitFor();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await expect
      .poll(async () => {
        await button.tap();
        const shown = await picker.getByRole("checkbox").count();
        await picker.getByRole("button", { name: "Cancel" }).tap();
        return shown;
      })
      .toBeGreaterThanOrEqual(199);
    // 199 active (Rimefall is kicked). Four times slower than this machine, as a mid-range phone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const timings: Record<string, number> = {};
    const time = async (label: string, action: () => Promise<unknown>) => {
      const started = Date.now();
      await action();
      timings[label] = Date.now() - started;
    };
    await time("open", async () => {
      await button.tap();
      await picker.getByRole("checkbox").nth(198).waitFor({ state: "attached" });
    });
    await time("select all", async () => {
      await picker.getByRole("button", { name: "Select all" }).tap();
      await picker.getByRole("button", { name: "Save 199 selected" }).waitFor();
    });
    await time("search", async () => {
      await picker.getByRole("searchbox", { name: "Search members" }).fill("recruit01");
      await expect.poll(() => picker.getByRole("checkbox").count()).toBe(10);
    });
    await screenshot(page, "record-raid-picker-200");
    console.log(`picker with 200 members at 4x CPU slowdown: ${JSON.stringify(timings)} ms`);
    // Decision 045 virtualises past 2.5 s on a quiet machine. The test run keeps both cores busy (decision 064),
    // where the same build measured 2.0-3.4 s from one run to the next: the bound here catches a list that
    // renders per row (several times slower), and the figures above are the measurement.
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(6_000);
  });
});

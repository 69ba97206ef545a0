import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, addSoldItem } from "./arrange-earnings.ts";
import {
  type BrowserPortal,
  DESKTOP,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForApp,
} from "./browser.ts";

// Issue 26, point 2 (decision 075): an admin changes the split from a day after a preview per member; the market's
// explanation, its worked example and the receipt follow the rules in force and say which days use which.
const WAIT = { timeout: 30_000 };

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  // A 1,000 USDT sale on June 15 between a Core and a Member: under the default split, 300 + 250 elite and 300.
  await addMember(portal, "Splitcore", "Core");
  await addMember(portal, "Splitmember", "Members");
  await addSoldItem(portal, {
    lootName: "Solstice Blade",
    participants: ["Splitcore", "Splitmember"],
    value: 1000,
    dateAcquired: "2026-06-15",
  });
}, 300_000);

afterAll(async () => {
  await portal?.stop();
});

const section = (page: Page) => page.getByRole("region", { name: "Salary split" });

/** A row of the preview's table: [member, before, after]. */
async function previewRow(page: Page, name: string): Promise<string[]> {
  const row = section(page)
    .getByRole("region", { name: "Preview" })
    .getByRole("row")
    .filter({ hasText: name });
  await row.waitFor(WAIT);
  return row.getByRole("cell").allInnerTexts();
}

async function fillRules(page: Page, parts: Record<string, string>): Promise<void> {
  const rules = section(page);
  await rules.getByLabel("Take effect from").fill("2026-06-01");
  for (const [label, value] of Object.entries(parts))
    await rules.getByLabel(label, { exact: true }).fill(value);
}

describe("the guild's split rules", () => {
  it("an admin previews 90/10 from June 1 per member, then saves it; earlier items keep the default split", async () => {
    const page = await portal.newPage({ viewport: DESKTOP });
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/guild-settings"));
    await waitForApp(page);
    await section(page).waitFor(WAIT);
    // Before any rule set: the default split for every item, offered as the starting point.
    await section(page).getByText("Every item", { exact: true }).waitFor(WAIT);
    expect(await section(page).getByLabel("Base pool", { exact: true }).inputValue()).toBe("60");

    await fillRules(page, { "Guild fund": "10", "Admin fee": "0", "Elite pool": "0", "Base pool": "80" });
    await section(page).getByTestId("split-total").filter({ hasText: "Total: 90%" }).waitFor(WAIT);
    await section(page).getByLabel("Base pool", { exact: true }).fill("90");
    await section(page).getByTestId("split-total").filter({ hasText: "Total: 100%" }).waitFor(WAIT);
    // Saving waits for a preview of exactly these rules.
    const save = section(page).getByRole("button", { name: "Save these rules" });
    expect(await save.isDisabled()).toBe(true);
    await section(page).getByRole("button", { name: "Preview" }).click();
    expect(await previewRow(page, "Splitcore")).toEqual(["Splitcore", "550.00", "450.00"]);
    expect(await previewRow(page, "Splitmember")).toEqual(["Splitmember", "300.00", "450.00"]);
    await screenshot(page, "guild-settings-split-preview");
    // Nothing is saved by a preview: the public settings still list no rule set.
    const settings = await (await portal.adminApi()).get<{ splitRules: unknown[] }>("/public/guild-settings");
    expect(settings.body.splitRules).toEqual([]);

    await save.click();
    await page.getByText("The split rules from 2026-06-01 are saved.").waitFor(WAIT);
    const ranges = section(page).getByRole("list", { name: "Split rules by date" });
    await ranges.getByText("Items from 2026-06-01", { exact: true }).waitFor(WAIT);
    await ranges.getByText("Items before 2026-06-01", { exact: true }).waitFor(WAIT);
    expect(await ranges.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("10% guild fund, 5% admin fee, 25% elite pool, 60% base pool"),
      expect.stringMatching(
        /In force today[\s\S]*10% guild fund, 0% admin fee, 0% elite pool, 90% base pool/,
      ),
    ]);
  });

  it("the market's explanation and its example follow the rules in force, and say which days use which", async () => {
    const page = await portal.newPage({ viewport: DESKTOP });
    await page.goto(portal.url("/public/market-exchange"));
    await waitForApp(page);
    await page.getByRole("button", { name: "How Salary Calculations Work" }).click();
    await page.getByText("Base pool: 900 USDT split 5 ways = 180 USDT each").waitFor(WAIT);
    expect(await page.getByText("Members get 180 USDT, Core get 180 USDT").count()).toBe(1);
    await page.getByText("There is no elite bonus: everyone gets the base share.").waitFor(WAIT);
    const byDate = page.getByRole("region", { name: "Rules by date" });
    expect(await byDate.getByRole("listitem").allInnerTexts()).toEqual([
      "Items before 2026-06-01: 10% guild fund, 5% admin fee, 25% elite pool, 60% base pool",
      "Items from 2026-06-01: 10% guild fund, 0% admin fee, 0% elite pool, 90% base pool (in force today)",
    ]);
    await screenshot(page, "public-market-explainer-split-rules");
  });

  it("the receipt says how the items were split, and pays the new split", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(portal.url("/public/salary-calculation"));
    await waitForApp(page);
    const split = page.getByRole("region", { name: "Split rules" });
    await split.getByText(/^Items from 2026-06-01: /).waitFor(WAIT);
    expect(await split.getByRole("listitem").allInnerTexts()).toEqual([
      "Items before 2026-06-01: 10% guild fund, 5% admin fee, 25% elite pool, 60% base pool; the elite pool is shared equally among participating Guild Master and Core; with none of them, it goes to the guild fund.",
      "Items from 2026-06-01: 10% guild fund, 0% admin fee, 0% elite pool, 90% base pool; the elite pool is shared equally among participating Guild Master and Core; with none of them, it goes to the guild fund (in force today).",
    ]);
    const row = page.getByRole("row").filter({ hasText: "Splitcore" });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain("450.00 USDT");
    await split.scrollIntoViewIfNeeded();
    await screenshot(page, "receipt-split-rules");
  });

  it("on a phone, the settings section and its preview fit the screen", async () => {
    const page = await portal.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/guild-settings"));
    await waitForApp(page);
    await section(page).waitFor(WAIT);
    await fillRules(page, {
      "Guild fund": "12.5",
      "Admin fee": "2.5",
      "Elite pool": "20",
      "Base pool": "65",
    });
    await section(page).getByRole("button", { name: "Preview" }).click();
    expect(await previewRow(page, "Splitcore")).toEqual(["Splitcore", "450.00", "525.00"]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await section(page).getByRole("region", { name: "Preview" }).scrollIntoViewIfNeeded();
    await screenshot(page, "guild-settings-split-preview-phone");
  });
});

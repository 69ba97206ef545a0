import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, PHONE, screenshot, sharedBrowserPortal, waitForApp } from "./browser.ts";

// Decision 060: every money field reads what the portal prints ('1,250.00', '1.250,00', '1 250,00'), asks back an
// amount that reads two ways ('1,250') beside the field, and brings that question into view on a phone.
let portal: BrowserPortal;
/** One phone profile, logged in as the admin, for the file's pages: its store is loaded once, not per screen. */
let phone: BrowserContext;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  phone = await portal.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await portal.login(page, "admin");
  await page.close();
});

afterAll(async () => {
  await portal?.stop();
});

const QUESTION = 'Is "1,250" 1,250.00 or 1.25? Write it as 1,250.00 or 1.25.';

/**
 * The question shown for `field`: tied to it (its aria-describedby), just below it, and on screen: inside the
 * viewport and not under anything drawn over it (the sticky Record button, a dialog's footer).
 */
async function expectAskedBeside(field: Locator): Promise<void> {
  const question = field.page().getByText(QUESTION);
  await question.waitFor({ timeout: 30_000 });
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const questionId = await question.getAttribute("id");
  expect(describedBy.split(" ")).toContain(questionId);
  const [fieldBox, questionBox] = [await field.boundingBox(), await question.boundingBox()];
  expect(questionBox && fieldBox && questionBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
  await expect
    .poll(
      () =>
        question.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const onTop = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
          return box.top >= 0 && box.bottom <= window.innerHeight && onTop !== null && el.contains(onTop);
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

async function phonePage(path: string): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(portal.url(path));
  // A tap before the app runs lands on the page's first paint, whose buttons do nothing yet (seen on a busy machine).
  await waitForApp(page);
  return page;
}

describe("money fields (decision 060)", () => {
  it("Record a raid on a phone: '1,250' is asked back beside the value, in view; '1,250.00' is saved as 1,250.00", async () => {
    const page = await phonePage("/admin/record-raid");
    const boss = page.getByLabel("Boss");
    await boss.locator("option", { hasText: "Gravemaw" }).waitFor({ state: "attached", timeout: 30_000 });
    await boss.selectOption("Gravemaw");
    await page.getByRole("button", { name: "Choose participants..." }).tap();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await picker.getByRole("searchbox", { name: "Search members" }).fill("Ashvale");
    await picker.getByRole("checkbox", { name: /^Ashvale/ }).tap();
    await picker.getByRole("button", { name: "Save 1 selected" }).tap();
    await page.getByRole("button", { name: "1 participant selected" }).waitFor();

    await page.getByRole("button", { name: "Add loot item" }).tap();
    const item = page.getByTestId("raid-loot-item");
    await item.getByLabel("Loot Name").fill("Crown of Embers");
    const value = item.getByLabel("Value (USDT)");
    await value.fill("1,250");
    // The submit bar is at the foot of the page; the page is scrolled back to the top as a person would read it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Record raid and 1 loot item" }).tap();
    await expectAskedBeside(value);
    await screenshot(page, "money-input-record-raid-question");

    await value.fill("1,250.00");
    await page.getByRole("button", { name: "Record raid and 1 loot item" }).tap();
    await page.getByText("Raid recorded: Gravemaw, 1 participant, 1 loot item.").waitFor({ timeout: 30_000 });
    await page.waitForURL(portal.url("/admin/attendance"));

    await page.goto(portal.url("/market-exchange"));
    const row = page.locator('tr[data-loot="Crown of Embers"]');
    await row.getByText("1,250.00 USDT").waitFor({ timeout: 30_000 });
    await screenshot(page, "money-input-market");
    await expect
      .poll(
        async () => {
          const res = await (await portal.adminApi()).get<{
            marketExchangeItems: { lootName: string; value: string }[];
          }>("/market-exchange");
          return res.body.marketExchangeItems.find((i) => i.lootName === "Crown of Embers")?.value;
        },
        { timeout: 30_000 },
      )
      .toBe("1250.00");
  });

  it("Add New Loot asks on Total Funds, its last field, in view, and saves '1.250,00' as 1,250.00", async () => {
    const market = await phonePage("/market-exchange");
    await market.getByRole("button", { name: "Add New Loot" }).tap();
    const loot = market.getByRole("dialog", { name: "Add New Loot" });
    await loot.getByLabel("Loot Name").fill("Tide Sigil");
    await loot.getByLabel("Boss Name").selectOption("Gravemaw");
    await loot.getByLabel("Value (USDT)").fill("1.250,00");
    await loot.getByText("Choose participants...").tap();
    const picker = market.getByRole("dialog", { name: "Select Participants" });
    await picker.getByRole("searchbox", { name: "Search members" }).fill("Ashvale");
    await picker.getByRole("checkbox", { name: /^Ashvale/ }).tap();
    await picker.getByRole("button", { name: "Save 1 selected" }).tap();
    const totalFunds = loot.getByLabel("Total Funds (USDT)");
    await totalFunds.fill("1,250");
    await loot.getByLabel("Loot Name").scrollIntoViewIfNeeded();
    await loot.getByRole("button", { name: "Add Loot" }).tap();
    await expectAskedBeside(totalFunds);
    await screenshot(market, "money-input-loot-question");
    await totalFunds.fill("0");
    await loot.getByRole("button", { name: "Add Loot" }).tap();
    await market
      .locator('tr[data-loot="Tide Sigil"]')
      .getByText("1,250.00 USDT")
      .waitFor({ timeout: 30_000 });
  });

  it("Kick asks and saves '1 250,00' (a number field dropped it), and Pay asks", async () => {
    const members = await phonePage("/guild-members");
    await members.getByRole("button", { name: "Kick Ashvale" }).tap();
    const kick = members.getByRole("dialog", { name: "Kick Guild Member" });
    const finalSalary = kick.getByLabel("Final Salary (optional)");
    await finalSalary.fill("1,250");
    await kick.getByRole("button", { name: "Kick Member" }).tap();
    await expectAskedBeside(finalSalary);
    await screenshot(members, "money-input-kick-question");
    await finalSalary.fill("1 250,00");
    await kick.getByRole("button", { name: "Kick Member" }).tap();
    await members.getByText("Guild member kicked successfully.").waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const res = await (await portal.adminApi()).get<{
            guildMembers: { playerName: string; finalSalaryAmount: string | null }[];
          }>("/guild-members?status=all");
          return res.body.guildMembers.find((m) => m.playerName === "Ashvale")?.finalSalaryAmount;
        },
        { timeout: 30_000 },
      )
      .toBe("1250.00");

    // Pay: the amount field.
    const pay = members.getByRole("button", { name: /^Pay / }).first();
    await pay.tap();
    const payDialog = members.getByRole("dialog", { name: /^Pay / });
    const amount = payDialog.getByLabel("Amount (USDT)");
    await amount.fill("1,250");
    await payDialog.getByRole("button", { name: "Pay", exact: true }).tap();
    await expectAskedBeside(amount);
    await screenshot(members, "money-input-pay-question");
  });

  it("Record spending asks beside its amount", async () => {
    const funds = await phonePage("/guild-funds");
    await funds.locator('[data-fund="guild"]').getByRole("button", { name: "Record spending" }).tap();
    const spending = funds.getByRole("dialog", { name: "Record Spending" });
    const spent = spending.getByLabel("Amount (USDT)");
    await spent.fill("1,250");
    await spending.getByLabel("Purpose").fill("Guild hall upkeep");
    await spending.getByRole("button", { name: "Record Spending" }).tap();
    await expectAskedBeside(spent);
    await screenshot(funds, "money-input-spending-question");
  });
});

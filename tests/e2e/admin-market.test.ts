import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, E2E_BRAND, screenshot, sharedBrowserPortal } from "./browser.ts";

// /market-exchange (admin) and /guild-funds in Chromium against `npm start` with the sample data: three items,
// one Sold (3,200.00 USDT), so the guild fund starts at 320 and the admin fund at 160.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const MEMBERS = ["Stormhollow", "Thistledown", "Umbravane"];
const CORE = ["Hollowpeak", "Jadeclaw"];

interface Receipt {
  calculationDetails: { memberName: string; finalCalculatedSalary: string }[];
  summaryTotals: { totalGuildFund: string; totalAdminFund: string };
}

async function receipt(): Promise<Receipt> {
  const res = await fetch(portal.url("/_api/public/salary-calculation"));
  const body = (await res.json()) as { json?: Receipt } & Receipt;
  return body.json ?? body;
}

async function salaryOf(name: string): Promise<string | undefined> {
  return (await receipt()).calculationDetails.find((d) => d.memberName === name)?.finalCalculatedSalary;
}

async function funds(): Promise<[string, string]> {
  const totals = (await receipt()).summaryTotals;
  return [totals.totalGuildFund, totals.totalAdminFund];
}

async function openMarket(page: Page) {
  await page.goto(portal.url("/market-exchange"));
  await page.locator("tr[data-loot]").first().waitFor();
}

/** Ticks a member in the 'Select Participants' grid from the keyboard (the checkbox is labelled by the option). */
async function choose(picker: Locator, option: string) {
  const box = picker.getByRole("checkbox", { name: option, exact: true });
  await box.focus();
  await box.press("Space");
  await expect.poll(() => box.isChecked()).toBe(true);
}

const row = (page: Page, loot: string) => page.locator(`tr[data-loot="${loot}"]`);
const lootNames = (page: Page) =>
  page.locator("tr[data-loot]").evaluateAll((els) => els.map((el) => el.getAttribute("data-loot")));

/** Opens /guild-funds and waits until it shows these figures (the cached row is refreshed on load). */
async function expectGuildFundsPage(page: Page, expected: [string, string]) {
  await page.goto(portal.url("/guild-funds"));
  await page.getByTestId("reserved-guild-funds").waitFor();
  await expect
    .poll(async () => [
      await page.getByTestId("reserved-guild-funds").innerText(),
      await page.getByTestId("admin-fund").innerText(),
    ])
    .toEqual(expected);
  // One money format on the page (issue 30): the overview prints each fund as its ledger does, 2 decimals.
  await expect
    .poll(async () => [
      await page.getByTestId("guild-balance").innerText(),
      await page.getByTestId("admin-balance").innerText(),
    ])
    .toEqual(expected);
  const amounts = await page.locator("main dd, main td").filter({ hasText: "USDT" }).allInnerTexts();
  expect(amounts.length).toBeGreaterThan(6);
  for (const amount of amounts) expect(amount.trim()).toMatch(/^[+−-]?\d{1,3}(,\d{3})*\.\d{2} USDT$/);
}

describe("the admin market exchange", () => {
  it("adds a Sold item with participants; receipt, guild funds and distribution details follow exactly", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await expectGuildFundsPage(page, ["320.00 USDT", "160.00 USDT"]);
    await expect.poll(() => page.title()).toBe(`Guild Funds | ${E2E_BRAND}`);
    await screenshot(page, "admin-guild-funds");

    await openMarket(page);
    await expect.poll(() => page.title()).toBe(`Market Exchange - ${E2E_BRAND}`);
    expect((await lootNames(page))[0]).toBe("Obsidian Greatblade");
    expect(await page.getByTestId("total-funds").innerText()).toBe("3,200.00 USDT");
    expect(await page.getByTestId("total-loots").innerText()).toBe("3");
    await screenshot(page, "admin-market");

    await page.getByRole("button", { name: "Add New Loot" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Loot" });
    await dialog.getByRole("button", { name: "Add Loot" }).click();
    await dialog.getByText("Loot name is required").waitFor();
    await dialog.getByText("Boss name is required").waitFor();
    await dialog.getByText("Participated members are required").waitFor();
    await screenshot(page, "admin-market-add-invalid");

    await dialog.getByLabel("Loot Name").fill("Relic of the Deep");
    await dialog.getByLabel("Boss Name").selectOption("Gravemaw");
    // A message goes away as soon as the field is right.
    await expect.poll(() => dialog.getByText("Boss name is required").count()).toBe(0);
    await dialog.getByLabel("Value (USDT)").fill("1000");
    await dialog.getByLabel("Status").selectOption("Sold");
    await dialog.getByLabel("Date Acquired").fill("2026-11-21");
    // The picker button is labelled 'Participants' by the form; its text says what is selected.
    await dialog.getByText("Choose participants...").click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    for (const name of MEMBERS) await choose(picker, name);
    for (const name of CORE) await choose(picker, `${name} (Core)`);
    await screenshot(page, "admin-market-picker");
    await picker.getByRole("button", { name: "Save 5 selected" }).click();
    await dialog.getByText("5 participants selected").waitFor();
    await screenshot(page, "admin-market-add");
    await dialog.getByRole("button", { name: "Add Loot" }).click();
    await page.getByText("Market item created successfully.").waitFor();
    await row(page, "Relic of the Deep").waitFor();
    await expect.poll(() => page.getByTestId("total-funds").innerText()).toBe("4,200.00 USDT");

    // The server's receipt: 60% base pool over 5 = 120 each, 25% elite over the 2 Core = 125 more each.
    await expect.poll(() => salaryOf("Stormhollow"), { timeout: 15_000 }).toBe("120.00");
    expect(await salaryOf("Thistledown")).toBe("120.00");
    expect(await salaryOf("Hollowpeak")).toBe("245.00");
    expect(await salaryOf("Jadeclaw")).toBe("245.00");
    expect(await funds()).toEqual(["420.00", "210.00"]);

    // Distribution Details: the same split from the shared engine, in the browser.
    await openMarket(page);
    await row(page, "Relic of the Deep")
      .getByRole("button", { name: /^Distribution details/ })
      .click();
    const details = page.getByRole("dialog", { name: "Distribution Details" });
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toMatch(/Guild Fund\s+100\.00 USDT/i);
    expect(text).toMatch(/Admin Fund\s+50\.00 USDT/i);
    expect(text).toMatch(/Elite Pool\s+250\.00 USDT/i);
    expect(text).toMatch(/Base Pool\s+600\.00 USDT/i);
    const share = async (name: string) => {
      const entry = details.locator(`li[data-participant="${name}"]`);
      return [
        await entry.getByTestId("general-share").innerText(),
        await entry.getByTestId("elite-share").innerText(),
        await entry.getByTestId("share-total").innerText(),
      ];
    };
    for (const name of MEMBERS)
      expect(await share(name)).toEqual(["120.00 USDT", "0.00 USDT", "120.00 USDT"]);
    for (const name of CORE) expect(await share(name)).toEqual(["120.00 USDT", "125.00 USDT", "245.00 USDT"]);
    await screenshot(page, "admin-market-distribution");
    await page.keyboard.press("Escape");

    await expectGuildFundsPage(page, ["420.00 USDT", "210.00 USDT"]);
  });

  it("shows and manages an item's participants", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await openMarket(page);
    // The button's name starts with the count it shows (decision 090).
    await row(page, "Frostbound Circlet")
      .getByRole("button", { name: "3 participants of Frostbound Circlet" })
      .click();
    const view = page.getByRole("dialog", { name: "Participants" });
    await view.getByText("Pyrelight").waitFor();
    await screenshot(page, "admin-market-participants");
    await view.getByRole("button", { name: "Manage Participants" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Participants" });
    await manage.getByRole("button", { name: "3 participants selected" }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await choose(picker, "Stormhollow");
    await picker.getByRole("button", { name: "Save 4 selected" }).click();
    await screenshot(page, "admin-market-manage-participants");
    await manage.getByRole("button", { name: "Save Participants" }).click();
    await page.getByText("Market item updated successfully.").waitFor();
    await expect
      .poll(() =>
        row(page, "Frostbound Circlet")
          .getByRole("button", { name: "4 participants of Frostbound Circlet" })
          .innerText(),
      )
      .toBe("4");
    const admin = await portal.adminApi();
    await expect
      .poll(async () => {
        const res = await admin.get<{
          marketExchangeItems: { lootName: string; participatedMembers: string }[];
        }>("/market-exchange");
        return res.body.marketExchangeItems.find((i) => i.lootName === "Frostbound Circlet")
          ?.participatedMembers;
      })
      .toContain("Stormhollow");
  });

  it("filters by status, boss and date range; Clear Filters shows every item again", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await openMarket(page);
    const count = () => page.locator("tr[data-loot]").count();
    await expect.poll(count).toBe(4);

    await page.getByLabel("Status").selectOption("Sold");
    await expect.poll(count).toBe(2);
    expect(await page.getByTestId("total-loots").innerText()).toBe("2");
    await page.getByLabel("Boss", { exact: true }).selectOption("Gravemaw");
    await expect.poll(() => lootNames(page)).toEqual(["Relic of the Deep"]);
    await page.getByLabel("Status").selectOption("Pending");
    await page.getByText("No market items found.").waitFor();
    await screenshot(page, "admin-market-filter-empty");
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(count).toBe(4);

    await page.getByLabel("Date From").fill("2026-11-19");
    await page.getByLabel("Date To").fill("2026-11-20");
    await expect
      .poll(async () => (await lootNames(page)).sort())
      .toEqual(["Frostbound Circlet", "Tome of Ember Runes"]);
    await screenshot(page, "admin-market-filter-dates");
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect.poll(count).toBe(4);
  });

  it("edits and deletes an item; the guild funds follow", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await openMarket(page);
    await row(page, "Relic of the Deep").getByRole("button", { name: "Edit Relic of the Deep" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Loot" });
    await edit.getByLabel("Value (USDT)").fill("2000");
    await screenshot(page, "admin-market-edit");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Market item updated successfully.").waitFor();
    await expect.poll(() => row(page, "Relic of the Deep").innerText()).toContain("2,000.00 USDT");
    await expect.poll(() => salaryOf("Stormhollow"), { timeout: 15_000 }).toBe("240.00");
    expect(await funds()).toEqual(["520.00", "260.00"]);

    await row(page, "Relic of the Deep").getByRole("button", { name: "Delete Relic of the Deep" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await screenshot(page, "admin-market-delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Market item deleted successfully.").waitFor();
    await expect.poll(() => row(page, "Relic of the Deep").count()).toBe(0);
    await expect.poll(funds, { timeout: 15_000 }).toEqual(["320.00", "160.00"]);
    await expectGuildFundsPage(page, ["320.00 USDT", "160.00 USDT"]);
  });

  it("opens Manage Boss Names from the market page", async () => {
    const page = await portal.newPage();
    await portal.login(page, "admin");
    await openMarket(page);
    await page.getByRole("button", { name: "Manage Boss Names" }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Boss Names" });
    await dialog.locator('tr[data-boss-name="Gravemaw"]').waitFor();
    await screenshot(page, "admin-market-boss-names");
  });
});

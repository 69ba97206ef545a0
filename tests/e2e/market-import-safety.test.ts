import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, downloadedText, PHONE, screenshot, sharedBrowserPortal } from "./browser.ts";

// The market data import never drops money silently (issue 16, decision 047): real-world files through the
// import page in Chromium against `npm start` with the sample data (Rimefall is kicked).
let portal: BrowserPortal;
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "import");
const fixture = (name: string) => join(FIXTURES, name);

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface MarketItem {
  lootName: string;
  value: string;
  dateAcquired: string | null;
}

async function serverItems(match: (item: MarketItem) => boolean): Promise<MarketItem[]> {
  const res = await (await portal.adminApi()).get<{ marketExchangeItems: MarketItem[] }>("/market-exchange");
  expect(res.status).toBe(200);
  return res.body.marketExchangeItems.filter(match);
}

async function importPage(): Promise<Page> {
  const page = await portal.newPage({ viewport: PHONE });
  await portal.login(page, "admin");
  await page.goto(portal.url("/admin/import"));
  await page.getByTestId("import-dropzone").waitFor();
  return page;
}

const importButton = (page: Page) => page.getByRole("button", { name: /^Import [\d,]+ Items?$/ });

describe("the import preview", () => {
  it("shows a Google Sheets export whole: totals, flagged names, every skipped row and their download", async () => {
    const page = await importPage();
    await page.getByTestId("import-file-input").setInputFiles(fixture("google-sheets-200.csv"));
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("200");
    expect(await page.getByTestId("preview-value").textContent()).toBe("5,447,116.39 USDT");
    expect(await page.getByTestId("preview-skipped").textContent()).toBe("1");

    const flagged = page.getByTestId("flagged-participants");
    await flagged.waitFor();
    const flaggedText = await flagged.textContent();
    expect(flaggedText).toContain("Grimshaw: not on the roster");
    expect(flaggedText).toContain("Rimefall: kicked");
    expect(await importButton(page).isDisabled()).toBe(true);

    const skipped = await page.getByTestId("skipped-rows").textContent();
    expect(skipped).toContain(
      "Row 205: Total row: its value 5,447,116.39 USDT is the sum of the items above it",
    );
    expect(await page.getByTestId("blank-rows").textContent()).toBe("Blank rows left out: 41, 122, 124");
    await screenshot(page, "admin-import-preview-warnings");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download skipped rows" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("google-sheets-200-skipped-rows.csv");
    const csv = await downloadedText(download);
    expect(csv.split("\r\n")[0]).toBe("Row,Reason,Date,Boss,Loot,Value,Status,Participants");
    expect(csv).toContain(
      '205,"Total row: its value 5,447,116.39 USDT is the sum of the items above it",,TOTAL,,"5,447,116.39",,',
    );

    await page.getByLabel("Import anyway with these names").check();
    await importButton(page).click();
    await page.getByTestId("import-success").waitFor();
    expect(await page.getByTestId("inserted-count").textContent()).toBe("200");
    const items = await serverItems((item) => /^[A-Z][a-z]+ [A-Z][a-z]+ \d+$/.test(item.lootName));
    expect(items).toHaveLength(200);
    const cents = items.reduce((sum, item) => sum + Math.round(Number(item.value) * 100), 0);
    expect(cents).toBe(544_711_639);
  });

  it("warns about rows already in the market, skips them by default, and adds them only when confirmed", async () => {
    const page = await importPage();
    const choose = () =>
      page.getByTestId("import-file-input").setInputFiles(fixture("total-and-blank-rows.csv"));
    await choose();
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("3");
    await importButton(page).click();
    await page.getByTestId("import-success").waitFor();
    expect(await page.getByTestId("inserted-count").textContent()).toBe("3");
    const tally = (item: MarketItem) => item.lootName.startsWith("Tally ");
    expect(await serverItems(tally)).toHaveLength(3);

    // The same file again: the local store knows the 3 items once the page has synced them.
    await page.getByRole("button", { name: "Import Another File" }).click();
    await choose();
    await expect
      .poll(() => page.getByTestId("duplicate-rows").textContent())
      .toContain("3 rows are already in the market");
    expect(await page.getByTestId("preview-count").textContent()).toBe("0");
    expect(await importButton(page).isDisabled()).toBe(true);
    // The real errors first, counted, in the file's own column names; the rows already in the market after them,
    // as one line whose row numbers open on request (decision 089).
    const errors = page.getByTestId("skipped-rows");
    expect(await page.getByTestId("row-errors-title").textContent()).toBe(
      "Left out: 1 row with an error and 2 total rows",
    );
    expect(await errors.locator("li").allInnerTexts()).toEqual([
      expect.stringContaining("Row 5: Total row"),
      expect.stringContaining("Row 9: Boss is empty or missing"),
      expect.stringContaining("Row 10: Looks like a total row"),
    ]);
    expect(await errors.textContent()).not.toContain("Already in the market");
    const duplicates = page.getByTestId("duplicate-rows");
    const order = await page
      .getByTestId("left-out-rows")
      .evaluate((box) =>
        [...box.querySelectorAll("[data-testid]")].map((el) => el.getAttribute("data-testid")),
      );
    expect(order.indexOf("skipped-rows")).toBeLessThan(order.indexOf("duplicate-rows"));
    const numbers = duplicates.getByText("Rows 2, 3, 8");
    expect(await numbers.isVisible()).toBe(false);
    await screenshot(page, "admin-import-preview-duplicates");
    await duplicates.getByText("Show their row numbers").click();
    await numbers.waitFor();

    await page.getByLabel("Skip the rows already in the market").uncheck();
    expect(await page.getByTestId("preview-count").textContent()).toBe("3");
    await importButton(page).click();
    await page.getByTestId("import-success").waitFor();
    expect(await serverItems(tally)).toHaveLength(6);
  });

  it("asks which order ambiguous dates are in before anything is imported", async () => {
    const page = await importPage();
    await page.getByTestId("import-file-input").setInputFiles(fixture("ambiguous-dates.csv"));
    const question = page.getByTestId("question-dateOrder");
    await question.waitFor();
    expect(await question.textContent()).toContain('"05/11/2026" → May 11, 2026');
    expect(await page.getByTestId("preview-count").count()).toBe(0);
    await screenshot(page, "admin-import-question-dates");

    await page.getByLabel(/^Month first/).check();
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("3");
    await importButton(page).click();
    await page.getByTestId("import-success").waitFor();
    const items = await serverItems((item) => item.lootName.startsWith("Twoway "));
    expect(items.map((item) => [item.lootName, item.dateAcquired]).sort()).toEqual([
      ["Twoway Ember Tome", null],
      ["Twoway Gilded Circlet", "2026-03-04"],
      ["Twoway Runed Longbow", "2026-05-11"],
    ]);
  });
});

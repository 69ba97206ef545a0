import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, screenshot, sharedBrowserPortal, waitForController } from "./browser.ts";

// The admin data tools in Chromium against `npm start` with the sample data: the market data import, the SQL
// export, the schema script and the corrupted-participants repair tool.
let portal: BrowserPortal;
const FIXTURES = join(import.meta.dirname, "fixtures");
const fixture = (name: string) => join(FIXTURES, name);

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface MarketItem {
  id: number;
  lootName: string;
  bossName: string;
  value: string;
  status: string;
  participatedMembers: string;
  dateAcquired: string | null;
}

async function serverItems(prefix: string): Promise<MarketItem[]> {
  const res = await (await portal.adminApi()).get<{ marketExchangeItems: MarketItem[] }>("/market-exchange");
  expect(res.status).toBe(200);
  return res.body.marketExchangeItems
    .filter((item) => item.lootName.startsWith(prefix))
    .sort((a, b) => a.id - b.id);
}

async function adminPage(path: string, options: Parameters<BrowserPortal["newPage"]>[0] = {}): Promise<Page> {
  const page = await portal.newPage(options);
  await portal.login(page, "admin");
  await page.goto(portal.url(path));
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  return page;
}

const importCard = (page: Page) => page.getByTestId("market-import");

async function chooseFile(page: Page, name: string) {
  await page.getByTestId("import-file-input").setInputFiles(fixture(name));
}

/** These files name participants who are not on the roster: the preview asks to confirm them (decision 047). */
async function confirmFlaggedNames(page: Page) {
  await page.getByTestId("flagged-participants").waitFor();
  await page.getByLabel("Import anyway with these names").check();
}

async function importThroughPage(page: Page, name: string): Promise<number> {
  await chooseFile(page, name);
  await page.getByTestId("preview-count").waitFor();
  await confirmFlaggedNames(page);
  await page.getByRole("button", { name: /^Import \d+ Items?$/ }).click();
  await page.getByTestId("import-success").waitFor();
  return Number(await page.getByTestId("inserted-count").textContent());
}

describe("the market data import", () => {
  it("previews a JSON file, imports it and the items reach the server", async () => {
    const page = await adminPage("/admin/import");
    await expect(page.getByRole("heading", { level: 1, name: "Import" }).isVisible()).resolves.toBe(true);
    await page.getByTestId("import-dropzone").waitFor();
    await screenshot(page, "admin-import-idle");

    await chooseFile(page, "market-import.json");
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("4");
    const rows = page.getByTestId("preview-table").locator("tbody tr");
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).textContent()).resolves.toContain("Import Test Blade");
    await expect(rows.nth(2).textContent()).resolves.toContain("Import Test Cloak");
    await expect(page.getByTestId("preview-skipped").textContent()).resolves.toBe("0");
    await screenshot(page, "admin-import-preview-json");

    await confirmFlaggedNames(page);
    await page.getByRole("button", { name: "Import 4 Items" }).click();
    await page.getByTestId("import-success").waitFor();
    await expect(page.getByTestId("inserted-count").textContent()).resolves.toBe("4");
    await expect(importCard(page).textContent()).resolves.toContain("4 items imported.");
    await screenshot(page, "admin-import-success");

    const items = await serverItems("Import Test ");
    expect(items.map((i) => [i.lootName, i.bossName, i.value, i.status, i.dateAcquired])).toEqual([
      ["Import Test Blade", "Venatus", "1200.00", "Sold", "2025-03-04"],
      ["Import Test Ring", "Viorent", "350.50", "Pending", null],
      ["Import Test Cloak", "Ego", "75.00", "Pending", null],
      ["Import Test Gem", "Livera", "20.25", "Sold", null],
    ]);
    expect(JSON.parse(items[0]?.participatedMembers ?? "")).toEqual([
      "Import Tester One",
      "Import Tester Two",
    ]);
    expect(items.some((i) => i.id === 901)).toBe(false);

    // The SQL export, on its own page now, includes the new items.
    const sql = await adminPage("/admin/sql-export");
    await expect
      .poll(() => sql.getByTestId("sql-market_exchange").locator("code").textContent())
      .toContain("Import Test Blade");

    await page.getByRole("button", { name: "Import Another File" }).click();
    await page.getByTestId("import-dropzone").waitFor();
  });

  it("skips the bad rows of a CSV file, says how many, and imports the rest", async () => {
    const page = await adminPage("/admin/import");
    await chooseFile(page, "market-import-bad-rows.csv");
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("3");
    await expect(page.getByTestId("preview-skipped").textContent()).resolves.toBe("3");
    const skipped = await page.getByTestId("skipped-rows").textContent();
    // In the file's own column names (Boss, Price), not the code's (decision 089).
    expect(skipped).toContain("Row 3: Boss is empty or missing");
    expect(skipped).toContain('Row 4: Price "abc" is not a valid number');
    expect(skipped).toContain("Row 5: Price must be greater than 0, got 0");
    expect(await page.getByTestId("row-errors-title").textContent()).toBe("Left out: 3 rows with errors");
    await page.getByText("CSV columns and sample rows").click();
    await expect(page.getByTestId("csv-samples").locator("li").count()).resolves.toBe(3);
    await screenshot(page, "admin-import-preview-csv-skipped");

    await confirmFlaggedNames(page);
    await page.getByRole("button", { name: "Import 3 Items" }).click();
    await page.getByTestId("import-success").waitFor();
    await expect(page.getByTestId("inserted-count").textContent()).resolves.toBe("3");

    const items = await serverItems("CSV Test ");
    expect(items.map((i) => [i.lootName, i.bossName, i.value, i.status, i.dateAcquired])).toEqual([
      ['CSV Test Bow, "Ancient"', "Araneo", "800.00", "Sold", "2025-02-01"],
      ["CSV Test Helm", "General Aquleus", "125.50", "Pending", null],
      ["CSV Test Boots", "Amentis", "60.00", "Sold", "2025-02-03"],
    ]);
  });

  it("shows 'Import Failed' for a JSON file that is not an array, and refuses other file types", async () => {
    const page = await adminPage("/admin/import");
    await chooseFile(page, "market-import-not-array.json");
    await page.getByTestId("import-error").waitFor();
    const error = await page.getByTestId("import-error").textContent();
    expect(error).toContain("Import Failed");
    expect(error).toContain("Invalid JSON structure. Expected an array of items.");
    await screenshot(page, "admin-import-error");

    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByTestId("import-file-input").setInputFiles({
      name: "loot.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("bossName,lootName,value\n"),
    });
    await expect
      .poll(() => page.getByTestId("market-import").getByRole("alert").textContent())
      .toBe("Invalid file type. Accepted: .json,.csv");
    await screenshot(page, "admin-import-invalid-type");

    // Dropping: two files are refused, one CSV file is read.
    const drop = (files: { name: string; text: string }[]) =>
      page.getByTestId("import-dropzone").evaluate((zone, list) => {
        const data = new DataTransfer();
        for (const file of list) data.items.add(new File([file.text], file.name));
        zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
      }, files);
    const csv = "boss,loot,value\nVenatus,Dropped Blade,10\n";
    await drop([
      { name: "a.csv", text: csv },
      { name: "b.csv", text: csv },
    ]);
    await expect
      .poll(() => page.getByTestId("market-import").getByRole("alert").textContent())
      .toBe("Maximum 1 file(s) allowed");
    await drop([{ name: "dropped.csv", text: csv }]);
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe("1");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("import-dropzone").waitFor();
  });
});

describe("import and repair failures", () => {
  it("shows the importing state, then the server's message for a bad row past the first 10", async () => {
    const page = await adminPage("/admin/import");
    const items = Array.from({ length: 11 }, (_, i) => ({
      bossName: "Venatus",
      lootName: `Refused Item ${i + 1}`,
      value: i === 10 ? -5 : 10,
    }));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/_api/admin/import-market-data", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("import-file-input").setInputFiles({
      name: "refused.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(items)),
    });
    await page.getByRole("button", { name: "Import 11 Items" }).click();
    await page.getByTestId("import-busy").waitFor();
    await expect(page.getByTestId("import-busy").textContent()).resolves.toContain("Sending 11 items");
    await screenshot(page, "admin-import-importing");
    release();
    await page.getByTestId("import-error").waitFor();
    await expect(page.getByTestId("import-error").textContent()).resolves.toContain(
      "Row 11: Value must be a positive number",
    );
    expect(await serverItems("Refused Item ")).toEqual([]);
  });

  it("repair tool: a refused call toasts 'Operation failed'; no answer toasts and shows the 'Error' card", async () => {
    const page = await adminPage("/admin/fix-participants");
    const path = "**/_api/admin/fix-corrupted-participants";
    await page.route(path, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "The database is busy" }),
      }),
    );
    await page.getByRole("button", { name: "Analyze Data" }).click();
    await page.getByText("Operation failed").waitFor();
    await page.getByText("The database is busy").waitFor();
    await expect(page.getByTestId("fix-error").count()).resolves.toBe(0);

    await page.unroute(path);
    await page.route(path, (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Analyze Data" }).click();
    await page.getByText("An unexpected error occurred").waitFor();
    await page.getByTestId("fix-error").waitFor();
    await expect(page.getByTestId("fix-error").getByRole("heading").textContent()).resolves.toBe("Error");
    await screenshot(page, "admin-fix-participants-error");
  });
});

describe("the SQL export and the schema script", () => {
  it("lists the five tables' INSERT statements; copying shows 'Copied!' for 2 seconds", async () => {
    const page = await adminPage("/admin/sql-export", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    expect(await page.getByRole("heading", { level: 1, name: "SQL Export" }).isVisible()).toBe(true);
    for (const table of ["guild_members", "market_exchange", "guild_funds", "boss_names", "boss_timers"]) {
      await page.getByTestId(`sql-${table}`).waitFor();
    }
    await expect(page.getByTestId("sql-boss_names").locator("code").textContent()).resolves.toContain(
      "INSERT INTO boss_names",
    );
    const copy = page.getByRole("button", { name: "Copy boss_names" });
    const clickedAt = Date.now();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe("Copied!");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("INSERT INTO boss_names");
    await expect.poll(() => copy.textContent(), { timeout: 5000, interval: 50 }).toBe("Copy");
    const shown = Date.now() - clickedAt;
    expect(shown).toBeGreaterThanOrEqual(1900);
    expect(shown).toBeLessThan(4000);

    await copy.click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "admin-sql-export-copied");
    await page.getByRole("button", { name: "Copy all SQL" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/BEGIN;[\s\S]*COMMIT;/);
  });

  it("shows the schema script with a copy button", async () => {
    const page = await adminPage("/admin/database-setup", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await page.getByTestId("schema-sql").waitFor();
    const script = await page.getByTestId("schema-sql").locator("code").textContent();
    expect(script).toContain("CREATE TABLE");
    expect(script).toContain("schema_migrations");
    const copy = page.getByRole("button", { name: "Copy schema.sql" });
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe("Copied!");
    // The page shows the first lines of a long script and says how many more there are; Copy takes it all.
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const shown = script ?? "";
    expect(copied.startsWith(shown)).toBe(true);
    expect(copied).toContain("INSERT INTO schema_migrations");
    const hidden = copied.split("\n").length - shown.split("\n").length;
    if (hidden > 0) await page.getByText(`${hidden.toLocaleString("en-US")} more are not shown`).waitFor();
    else expect(copied).toBe(shown);
    await screenshot(page, "admin-database-setup");
  });
});

describe("the corrupted participant fix tool", () => {
  it("finds an imported corrupted list, resets it after confirming, then finds nothing; recalculation shows the receipt", async () => {
    const importPage = await adminPage("/admin/import");
    expect(await importThroughPage(importPage, "market-import-corrupted.csv")).toBe(1);
    const [seeded] = await serverItems("Fix Test Corrupted Axe");
    expect(seeded?.participatedMembers).toBe('["Ashvale", "Lark');

    const page = await adminPage("/admin/fix-participants");
    await page.getByRole("heading", { level: 1, name: "Corrupted Participant Data Fix" }).waitFor();
    await expect(
      page.getByText("Tool to identify and resolve items with corrupted participant lists.").isVisible(),
    ).resolves.toBe(true);
    const reset = page.getByRole("button", { name: "Reset Participants" });
    await expect(reset.isDisabled()).resolves.toBe(true);
    await screenshot(page, "admin-fix-participants-initial");

    await page.getByRole("button", { name: "Analyze Data" }).click();
    await page.getByTestId("analysis-found").waitFor();
    const found = page.getByTestId("analysis-found");
    // The count agrees in number ('Found 1 item'), the value is in USDT (docs/glossary.md).
    await expect(found.textContent()).resolves.toMatch(
      /Found (1 item|([2-9]|\d[\d,]+) items) with corrupted participant data\./,
    );
    await expect(found.textContent()).resolves.toMatch(/Total value of affected items: [\d,]+\.\d{2} USDT/);
    const row = page.getByTestId("corrupted-row").filter({ hasText: "Fix Test Corrupted Axe" });
    await expect(row.textContent()).resolves.toContain(String(seeded?.id));
    await expect(row.textContent()).resolves.toContain("500.00 USDT");
    await expect(row.locator("code").textContent()).resolves.toBe('["Ashvale", "Lark…');
    await expect(reset.isEnabled()).resolves.toBe(true);
    await screenshot(page, "admin-fix-participants-found");

    await reset.click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading").textContent()).resolves.toBe("Confirm Participant Reset");
    await expect(dialog.textContent()).resolves.toContain(
      "This will clear the participant list for all corrupted items. This action cannot be undone. Are you sure you want to proceed?",
    );
    await screenshot(page, "admin-fix-participants-confirm-reset");
    await dialog.getByRole("button", { name: "Yes, Reset Participants" }).click();
    await page.getByText("Operation successful").waitFor();
    await page.getByTestId("fix-receipt").waitFor();
    const [cleared] = await serverItems("Fix Test Corrupted Axe");
    expect(cleared?.participatedMembers).toBe("");
    await expect(reset.isDisabled()).resolves.toBe(true);

    await page.getByRole("button", { name: "Analyze Data" }).click();
    await page.getByTestId("analysis-clean").waitFor();
    await expect(page.getByTestId("analysis-clean").textContent()).resolves.toContain(
      "The scan completed successfully and found no items with corrupted participant lists.",
    );
    await expect(reset.isDisabled()).resolves.toBe(true);
    await screenshot(page, "admin-fix-participants-clean");

    await page.getByRole("button", { name: "Recalculate All Salaries" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading").textContent()).resolves.toBe(
      "Confirm Full Salary Recalculation",
    );
    await screenshot(page, "admin-fix-participants-confirm-recalculate");
    await confirm.getByRole("button", { name: "Yes, Recalculate All Salaries" }).click();
    await expect.poll(() => page.getByTestId("fix-receipt").textContent()).toContain("Salaries Recalculated");
    // Every write kept the stored figures right, so the rebuild says it corrected nothing.
    await expect(page.getByTestId("recalculation-differences").textContent()).resolves.toBe(
      "Every stored figure already matched the full recalculation.",
    );
    await expect(page.getByTestId("processed-items").textContent()).resolves.toMatch(/^\d+$/);
    await expect(page.getByRole("button", { name: "Export CSV" }).isVisible()).resolves.toBe(true);
    await screenshot(page, "admin-fix-participants-receipt");
    // This receipt lists every item: a row opens to them without asking the server for the member's items.
    const memberCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/_api/public/salary-calculation/member")) memberCalls.push(request.url());
    });
    await page.getByRole("button", { name: "Show items of Ashvale" }).click();
    await page.locator("#receipt-items-ashvale").getByText("Obsidian Greatblade").first().waitFor();
    expect(memberCalls).toEqual([]);
  });

  it("says the tools need a connection when the browser is offline", async () => {
    const page = await adminPage("/admin/fix-participants", { serviceWorkers: "allow" });
    await page.getByRole("button", { name: "Analyze Data" }).waitFor();
    await waitForController(page);
    await page.context().setOffline(true);
    await page.getByTestId("online-only").waitFor();
    await expect(page.getByRole("button", { name: "Analyze Data" }).count()).resolves.toBe(0);
    await screenshot(page, "admin-fix-participants-offline");
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Analyze Data" }).waitFor();
  });
});

// Last, because 12,000 more items make every later export and recalculation slower.
describe("a large market data file", () => {
  it("shows parsing progress for a large CSV file and imports every row", async () => {
    const page = await adminPage("/admin/import");
    const rows = 12_000;
    const lines = ["Boss Name,Loot Name,Value,Status,Participants"];
    for (let i = 1; i <= rows; i += 1) {
      lines.push(
        `Venatus,Bulk Item ${i} ${"x".repeat(60)},${(i % 500) + 1}.25,Pending,"Ashvale, Brightforge"`,
      );
    }
    const csv = lines.join("\n");
    expect(csv.length).toBeGreaterThan(1_000_000);
    // Record every progress text the page shows while it parses.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const busy = document.querySelector("[data-testid=import-busy]");
        if (busy?.textContent) seen.push(busy.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId("import-file-input").setInputFiles({
      name: "bulk.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    // Counts show with thousands separators (issue 16).
    const shown = rows.toLocaleString("en-US");
    await expect.poll(() => page.getByTestId("preview-count").textContent()).toBe(shown);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    const counts = seen.flatMap((text) => /([\d,]+) rows parsed/.exec(text)?.[1]?.replaceAll(",", "") ?? []);
    expect(counts.map(Number).some((n) => n > 0 && n < rows)).toBe(true);

    await page.getByRole("button", { name: `Import ${shown} Items` }).click();
    await page.getByTestId("import-success").waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("inserted-count").textContent()).resolves.toBe(shown);
    expect(await serverItems("Bulk Item ")).toHaveLength(rows);
    // The export shows the first lines of a long table and says that Copy takes all of it.
    const sql = await adminPage("/admin/sql-export");
    await expect
      .poll(() => sql.getByTestId("sql-market_exchange").textContent(), { timeout: 30_000 })
      .toContain("Showing the first 300 lines");
  });
});

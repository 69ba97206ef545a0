import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKUP_NOT_JSON,
  type BackupFile,
  type BackupTable,
  MADE_BY_THIS_VERSION,
  recordCount,
} from "@shared/schemas/backup.ts";
import { SCHEMA_MIGRATIONS } from "@worker/admin/schema-migrations.generated.ts";
import {
  ADMIN,
  apiLogin,
  type BrowserPortal,
  downloadedText,
  E2E_BRAND,
  screenshot,
  sharedBrowserPortal,
} from "./browser.ts";

// The schema a backup is made at: the newest migration.
const SCHEMA = Number(SCHEMA_MIGRATIONS.at(-1)?.version);

// /admin/backup in Chromium against `npm start` (decision 052): download a backup, see what a file holds, and
// replace everything only after typing the guild's name; a copy of what was there is saved first, and an app open
// in another tab loses what the restore took away without being reloaded; another device the restore signed out is
// told so on the login page (decision 089). A damaged file is refused with every reason listed, row by row, and
// nothing changes (decision 054).
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});
afterAll(async () => {
  await portal?.stop();
});

const memberRow = (name: string) => `tr[data-member="${name}"]`;

describe("the backup screen", () => {
  it("downloads a backup, and restores it over the portal's data after the guild's name is typed", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/backup"));
    await page.getByRole("heading", { name: "Backup", level: 1 }).waitFor();
    await page.getByTestId("backup-replace-warning").waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download backup" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^guild-portal-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await downloadedText(download);
    const backup = JSON.parse(text);
    expect(backup).toMatchObject({ format: "guild-portal-backup", guild: E2E_BRAND, schema: SCHEMA });
    expect(backup.tables.user_passwords).toBeUndefined();
    await page.getByText(/^Saved guild-portal-backup-/).waitFor();

    // After the backup, a member the restore will take away, shown in another tab of the same app.
    const added = await (await portal.adminApi()).post("/guild-members", {
      playerName: "Added After Backup",
      category: "Members",
    });
    expect(added.status).toBe(201);
    const members = await context.newPage();
    await members.goto(portal.url("/guild-members"));
    await members.locator(memberRow("Added After Backup")).waitFor();

    // Another device of the admin's, signed in before the restore: the restore signs it out, and it is told why.
    const otherDevice = await portal.newPage();
    await portal.login(otherDevice, "admin");
    await otherDevice.goto(portal.url("/admin"));
    await otherDevice.getByRole("heading", { level: 1 }).first().waitFor();

    // A file that is not a backup is refused before anything is sent.
    await page.getByTestId("backup-file-input").setInputFiles({
      name: "notes.json",
      mimeType: "application/json",
      buffer: Buffer.from("{not json"),
    });
    await page.getByText(BACKUP_NOT_JSON).waitFor();

    await page.getByTestId("backup-file-input").setInputFiles({
      name: download.suggestedFilename(),
      mimeType: "application/json",
      buffer: Buffer.from(text),
    });
    const summary = page.getByTestId("backup-summary");
    await summary.waitFor();
    expect(await page.getByTestId("backup-summary-guild").textContent()).toBe(E2E_BRAND);
    expect(await summary.textContent()).toContain("Loot items");
    // Plain words, not "Schema 21" and bare row counts (issue 30).
    expect(await page.getByTestId("backup-summary-made-by").textContent()).toBe(MADE_BY_THIS_VERSION);
    const file = JSON.parse(text) as BackupFile;
    const lootCount = file.tables.market_exchange?.rows.length ?? 0;
    expect(await page.getByTestId("backup-summary-rows").innerText()).toContain(
      `Loot items\n${recordCount(lootCount)}`,
    );
    expect(await summary.textContent()).not.toContain("Schema");
    // Every table in words: no database names such as guild_settings.
    expect(await summary.textContent()).not.toMatch(/[a-z]+_[a-z]+/);
    const replace = page.getByRole("button", { name: "Replace everything" });
    expect(await replace.isDisabled()).toBe(true);
    await page.getByLabel("Type the guild's name to replace everything").fill(E2E_BRAND.toLowerCase());
    expect(await replace.isDisabled()).toBe(true);
    await page.getByLabel("Type the guild's name to replace everything").fill(E2E_BRAND);
    await screenshot(page, "backup-restore-review");

    const [before] = await Promise.all([page.waitForEvent("download"), replace.click()]);
    expect(before.suggestedFilename()).toMatch(/^guild-portal-backup-before-restore-.*\.json$/);
    const saved = JSON.parse(await downloadedText(before));
    expect(JSON.stringify(saved.tables.guild_members.rows)).toContain("Added After Backup");
    await page.getByTestId("backup-restored").waitFor({ timeout: 60_000 });
    const total = Object.values(file.tables).reduce((sum, table) => sum + table.rows.length, 0);
    expect(await page.getByTestId("backup-restored").textContent()).toContain(
      `Restored ${recordCount(total)}.`,
    );
    expect(await page.getByTestId("backup-restored").textContent()).toContain(
      "The server also kept it, in backups/",
    );
    await screenshot(page, "backup-restored");

    // The other tab pulls everything: the member the restore took away goes, without a reload.
    await expect
      .poll(() => members.locator(memberRow("Added After Backup")).count(), { timeout: 30_000 })
      .toBe(0);
    await members.locator(memberRow("Ashvale")).waitFor();
    // The admin is still signed in, with the same password (the backup had no hashes: they were kept by email).
    const api = await apiLogin(portal.baseUrl, ADMIN.email, ADMIN.password);
    expect((await api.get("/admin/backup/status")).body).toMatchObject({
      guild: E2E_BRAND,
      hasGuildData: true,
      schema: SCHEMA,
    });
    await page.reload();
    await page.getByTestId("backup-download-button").waitFor();

    // The other device, opened again, lands on the login page with the reason and the restore's time (decision 089).
    await otherDevice.reload();
    await otherDevice.waitForURL(/\/login\?next=/, { timeout: 30_000 });
    const notice = otherDevice.getByTestId("restore-signed-out");
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toMatch(
      /^The guild's data was restored from a backup on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M, which signed this device out\. Sign in again to go on\.$/,
    );
    expect(await otherDevice.getByRole("button", { name: "Log in", exact: true }).isVisible()).toBe(true);
    await screenshot(otherDevice, "restore-signed-out-notice");
    // A visitor who was never signed in sees no such notice.
    const visitor = await portal.newPage();
    await visitor.goto(portal.url("/login"));
    await visitor.getByRole("button", { name: "Log in", exact: true }).waitFor();
    expect(await visitor.getByTestId("restore-signed-out").count()).toBe(0);
  });

  it("refuses a damaged file, listing every problem with its table and row, and changes nothing", async () => {
    // Signed in afresh: the restore above ended every session but the restoring page's.
    const api = await apiLogin(portal.baseUrl, ADMIN.email, ADMIN.password);
    const backup = (await api.get<BackupFile>("/admin/backup")).body;
    const items = backup.tables.market_exchange as BackupTable;
    const members = backup.tables.guild_members as BackupTable;
    const [first, second] = items.rows;
    if (!first || !second || !members.rows[0]) throw new Error("the sample data has no items or members");
    first[items.columns.indexOf("value")] = "NaN";
    second[items.columns.indexOf("participated_members")] = "not json at all";
    members.rows.push([...members.rows[0]]);
    const lists = async () =>
      Promise.all(
        ["/guild-members?status=all", "/market-exchange"].map(async (path) => (await api.get(path)).body),
      );
    const before = await lists();

    const context = await portal.newContext();
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/backup"));
    await page.getByTestId("backup-replace-warning").waitFor();
    await page.getByTestId("backup-file-input").setInputFiles({
      name: "damaged.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(backup)),
    });
    await page.getByTestId("backup-summary").waitFor();
    await page.getByLabel("Type the guild's name to replace everything").fill(E2E_BRAND);
    await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Replace everything" }).click(),
    ]);

    const problems = page.getByTestId("backup-problems");
    await problems.waitFor({ timeout: 60_000 });
    expect(await problems.textContent()).toContain(
      "This file was refused and nothing was changed: 3 problems.",
    );
    const lines = await page.getByTestId("backup-problem").allTextContents();
    expect(lines).toEqual([
      `Members (guild_members), id ${members.rows[0][0]}: id "${members.rows[0][0]}": is in the file twice: rows 1 and ${members.rows.length} have it.`,
      `Loot items (market_exchange), id ${first[0]}: value "NaN": Value must be a number.`,
      expect.stringMatching(
        new RegExp(
          `^Loot items \\(market_exchange\\), id ${second[0]}: participated_members "not json at all": is not a JSON list of names`,
        ),
      ),
    ]);
    // Still the review, with the file and the name: nothing was sent twice, nothing changed.
    expect(await page.getByRole("button", { name: "Replace everything" }).isVisible()).toBe(true);
    await screenshot(page, "backup-restore-refused");
    expect(await lists()).toEqual(before);
    await context.close();
  });
});

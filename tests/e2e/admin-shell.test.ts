/**
 * The admin frame in a real browser: sidebar and header labels, the phone menu, logout, the dashboard's
 * figures from the sample data, accounts (create a user who then meets 'Access Denied'), the audit log of
 * that creation, and the outbox badge and panel for waiting and refused writes.
 */
import type { Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  E2E_BRAND,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  screenshot,
  sharedBrowserPortal,
} from "./browser.ts";

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const WAIT = { timeout: 15_000 };

/** What a screen reader reads after a field's name: the texts its aria-describedby points at. */
const descriptionOf = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ")
      .trim(),
  );

async function openAdmin(
  path = "/admin",
  options: Parameters<BrowserPortal["newPage"]>[0] = {},
): Promise<Page> {
  const page = await portal.newPage(options);
  await portal.login(page, "admin");
  await page.goto(portal.url(path));
  await page.getByTestId("admin-header-label").waitFor(WAIT);
  return page;
}

const headerLabel = (page: Page) => page.getByTestId("admin-header-label").innerText();

describe("admin layout", () => {
  it("lists the sidebar links, labels the header per page and links to the public portal", async () => {
    const page = await openAdmin();
    const sidebar = page.locator("aside nav[aria-label=Admin]");
    const links = sidebar.getByRole("link");
    expect(await links.allInnerTexts()).toEqual([
      "Dashboard",
      "Guild Members",
      "Market Exchange",
      "Guild Funds",
      "Payouts",
      "Boss Timers",
      "Boss Names",
      "Record a Raid",
      "Check-ins",
      "Auctions",
      "Attendance",
      "Character Claims",
      "Import",
      "Characters",
      "Accounts",
      "Audit Log",
      "Discord",
      "Guild Settings",
      "Backup",
      "SQL Export",
    ]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/admin",
      "/guild-members",
      "/market-exchange",
      "/guild-funds",
      "/admin/payouts",
      "/admin/boss-timers",
      "/admin/boss-names",
      "/admin/record-raid",
      "/admin/check-ins",
      "/admin/auctions",
      "/admin/attendance",
      "/admin/claims",
      "/admin/import",
      "/admin/characters",
      "/admin/accounts",
      "/admin/audit-log",
      "/admin/discord",
      "/admin/guild-settings",
      "/admin/backup",
      "/admin/sql-export",
    ]);
    expect(await headerLabel(page)).toBe("Dashboard");

    const expected: [string, string, string][] = [
      ["Guild Members", "/guild-members", "Guild Members"],
      ["Guild Funds", "/guild-funds", "Guild Funds"],
      ["Attendance", "/admin/attendance", "Attendance Management"],
      ["Record a Raid", "/admin/record-raid", "Record a Raid"],
      ["Boss Names", "/admin/boss-names", "Boss Names"],
      ["Accounts", "/admin/accounts", "Accounts"],
      ["Audit Log", "/admin/audit-log", "Audit Log"],
      ["Discord", "/admin/discord", "Discord"],
      ["Guild Settings", "/admin/guild-settings", "Guild Settings"],
      ["Import", "/admin/import", "Import"],
      ["SQL Export", "/admin/sql-export", "SQL Export"],
      ["Dashboard", "/admin", "Dashboard"],
    ];
    for (const [link, path, label] of expected) {
      await sidebar.getByRole("link", { name: link, exact: true }).click();
      await page.waitForURL(portal.url(path));
      await expect.poll(() => headerLabel(page)).toBe(label);
    }
    // Data Migration was split in two (decision 089): its old address opens the import.
    await page.goto(portal.url("/admin/data-migration"));
    await page.waitForURL(portal.url("/admin/import"), WAIT);
    await expect.poll(() => headerLabel(page), WAIT).toBe("Import");

    const aside = page.locator("aside");
    expect(await aside.getByText("G", { exact: true }).count()).toBe(1); // avatar: 'Guild Admin'
    expect(await aside.getByRole("link", { name: "View Public Portal" }).getAttribute("href")).toBe("/");
    expect(await aside.getByRole("link", { name: "My page" }).getAttribute("href")).toBe("/me");
  });

  it("on a phone the sidebar is a menu sheet that closes after a tap", async () => {
    const page = await openAdmin("/admin", { viewport: PHONE });
    expect(await page.locator("aside").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    expect(await sheet.getByRole("link", { name: "Audit Log" }).isVisible()).toBe(true);
    expect(await sheet.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/admin-menu-sheet-390x844.png`,
        animations: "disabled",
      });
    await sheet.getByRole("link", { name: "Guild Funds" }).click();
    await page.waitForURL(portal.url("/guild-funds"));
    await sheet.waitFor({ state: "detached" });
    expect(await headerLabel(page)).toBe("Guild Funds");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });

  it("Logout ends the session and opens /public; the admin pages then ask for a login", async () => {
    const page = await openAdmin();
    await page.locator("aside").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(portal.url("/public"));
    await page.goto(portal.url("/admin"));
    await page.waitForURL(/\/login\?next=/, WAIT);
  });
});

describe("dashboard", () => {
  it("greets the admin and shows the sample data's figures from the local store", async () => {
    const page = await openAdmin();
    await page.getByRole("heading", { name: "Welcome, Guild Admin" }).waitFor(WAIT);
    await page.getByText("Guild Administrator").waitFor();
    const stat = (id: string) => page.getByTestId(id).getByTestId("stat-value");
    await expect.poll(() => stat("stat-active-members").innerText(), WAIT).toBe("46");
    await expect.poll(() => stat("stat-pending-loots").innerText(), WAIT).toBe("2");
    // 320 reserved plus 160 admin fund.
    await expect.poll(() => stat("stat-total-funds").innerText(), WAIT).toBe("480.00 USDT");
    const main = page.locator("main");
    expect(await main.getByRole("link", { name: "View Public Portal" }).getAttribute("href")).toBe(
      "/public/guild-members",
    );
    const tools = page.locator("nav[aria-label='Admin tools'] a");
    expect(await tools.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/admin/record-raid",
      "/admin/check-ins",
      "/admin/fix-participants",
      "/admin/attendance",
      "/guild-members",
      "/market-exchange",
      "/guild-funds",
      "/admin/boss-timers",
      "/admin/import",
    ]);
    await page.getByTestId("last-synced").waitFor(WAIT);
    expect(await page.title()).toBe(`Dashboard - ${E2E_BRAND}`);
    await screenshot(page, "admin-dashboard");

    await main.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(portal.url("/public"));
  });
});

describe("accounts and the audit log", () => {
  const email = "newraider@e2e.test";
  const password = "new-raider-password-1";

  it("creates a raider account, whose login lands on My page rather than an admin page", async () => {
    const page = await openAdmin("/admin/accounts");
    await page.locator("tr[data-account='admin@e2e.test']").waitFor(WAIT);
    await screenshot(page, "admin-accounts");

    await page.getByRole("button", { name: "New Account" }).click();
    const dialog = page.getByRole("dialog", { name: "New Account" });
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Email is required.").waitFor();
    await dialog.getByText("Display name is required.").waitFor();
    await dialog.getByText("Password must be at least 8 characters.").waitFor();
    expect(await dialog.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(dialog.getByLabel("Email"))).toBe("Email is required.");
    expect(await descriptionOf(dialog.getByLabel("Password"))).toBe(
      "Password must be at least 8 characters.",
    );
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Display name").fill("New Raider");
    await dialog.getByLabel("Role").selectOption("user");
    await dialog.getByLabel("Password").fill(password);
    // A corrected field drops its message and is described by its hint again.
    expect(await dialog.getByLabel("Email").getAttribute("aria-invalid")).toBeNull();
    expect(await descriptionOf(dialog.getByLabel("Password"))).toBe(
      "At least 8 characters. Share it with the account's owner.",
    );
    await screenshot(page, "admin-accounts-create-dialog");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Account created successfully.").waitFor(WAIT);
    await dialog.waitFor({ state: "detached" });
    const row = page.locator(`tr[data-account='${email}']`);
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain("Raider");

    // A second create of the same email shows the server's message in the dialog.
    await page.getByRole("button", { name: "New Account" }).click();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Display name").fill("Copy");
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByRole("alert").getByText("An account with this email already exists.").waitFor(WAIT);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const raider = await portal.newPage();
    await raider.goto(portal.url("/login"));
    await raider.getByLabel("Email", { exact: true }).fill(email);
    await raider.getByLabel("Password").fill(password);
    await raider.getByRole("button", { name: "Log in", exact: true }).click();
    // With no page to go back to, a raider lands on My page (decision 072).
    await raider.waitForURL(portal.url("/me"), WAIT);
    await raider.getByRole("heading", { name: /^Welcome, / }).waitFor(WAIT);
    expect(await raider.getByText("Access Denied").count()).toBe(0);
  });

  it("gives an officer raid night and the books, and none of the admins' pages or buttons (decision 067)", async () => {
    const officerEmail = "officer@e2e.test";
    const officerPassword = "officer-password-1";
    const page = await openAdmin("/admin/accounts");
    await page.getByRole("button", { name: "New Account" }).click();
    const dialog = page.getByRole("dialog", { name: "New Account" });
    await dialog.getByLabel("Email").fill(officerEmail);
    await dialog.getByLabel("Display name").fill("Ser Officer");
    await dialog.getByLabel("Role").selectOption({ label: "Officer" });
    await dialog.getByLabel("Password").fill(officerPassword);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Account created successfully.").waitFor(WAIT);
    expect(await page.locator(`tr[data-account='${officerEmail}']`).innerText()).toContain("Officer");

    const officer = await portal.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await officer.goto(portal.url("/login"));
    await officer.getByLabel("Email", { exact: true }).fill(officerEmail);
    await officer.getByLabel("Password").fill(officerPassword);
    await officer.getByRole("button", { name: "Log in", exact: true }).click();
    await officer.waitForURL(portal.url("/admin"), WAIT);
    await officer.getByText("Guild Officer").waitFor(WAIT);
    const tools = officer.getByRole("navigation", { name: "Admin tools" }).getByRole("link");
    expect(await tools.allInnerTexts()).toEqual([
      "Record a Raid",
      "Check-ins",
      "Attendance",
      "Guild Members",
      "Market Exchange",
      "Guild Funds",
      "Boss Timers",
      "Import",
    ]);
    await screenshot(officer, "admin-dashboard-officer");
    // The menu sheet lists what the role may open, and nothing an admin runs.
    await officer.getByRole("button", { name: /menu/i }).first().click();
    const sheet = officer.getByRole("dialog").getByRole("navigation", { name: "Admin" }).getByRole("link");
    expect(await sheet.allInnerTexts()).toEqual([
      "Dashboard",
      "Guild Members",
      "Market Exchange",
      "Guild Funds",
      "Payouts",
      "Boss Timers",
      "Boss Names",
      "Record a Raid",
      "Check-ins",
      "Auctions",
      "Attendance",
      "Character Claims",
      "Import",
    ]);
    await officer.keyboard.press("Escape");

    // Members: add and edit, but no Pay, Kick or Delete.
    await officer.goto(portal.url("/guild-members"));
    const firstRow = officer.locator("tbody tr").first();
    await firstRow.getByRole("button", { name: /^Edit / }).waitFor(WAIT);
    expect(await firstRow.getByRole("button", { name: /^(Pay|Kick|Delete) / }).count()).toBe(0);
    await officer.getByRole("button", { name: "Add Member" }).waitFor();
    await screenshot(officer, "guild-members-officer");
    // The books without the admins' writes.
    await officer.goto(portal.url("/guild-funds"));
    await officer.getByTestId("guild-balance").waitFor(WAIT);
    expect(await officer.getByRole("button", { name: "Record spending" }).count()).toBe(0);
    // A typed address of an admin page is still refused.
    await officer.goto(portal.url("/admin/accounts"));
    await officer.getByRole("heading", { name: "Access Denied" }).waitFor(WAIT);
    await officer.getByText("Access denied. Your role (officer) lacks required permissions.").waitFor();
  });

  it("edits an account: display name and disable", async () => {
    const editEmail = "edited@e2e.test";
    const created = await (await portal.adminApi()).post("/admin/accounts", {
      email: editEmail,
      displayName: "Edit Me",
      role: "user",
      password,
    });
    expect(created.status).toBe(201);
    const page = await openAdmin("/admin/accounts");
    await page.getByRole("button", { name: "Edit Edit Me" }).click(WAIT);
    const dialog = page.getByRole("dialog", { name: "Edit Account" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog
      .getByText("Provide at least one of role, displayName, password or disabled to update.")
      .waitFor();
    await dialog.getByLabel("Display name").fill("Retired Raider");
    await dialog.getByLabel(/Disabled/).check();
    await screenshot(page, "admin-accounts-edit-dialog");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Account updated successfully.").waitFor(WAIT);
    const row = page.locator(`tr[data-account='${editEmail}']`);
    await expect.poll(() => row.innerText(), WAIT).toContain("Retired Raider");
    expect(await row.innerText()).toContain("Disabled");
  });

  it("the audit log shows who created the account and its values, filtered by entity, with Load more", async () => {
    const auditEmail = "audited@e2e.test";
    const admin = await portal.adminApi();
    const created = await admin.post<{ account: { id: number } }>("/admin/accounts", {
      email: auditEmail,
      displayName: "Audited Raider",
      role: "user",
      password,
    });
    expect(created.status).toBe(201);
    const renamed = await admin.post("/admin/accounts/update", {
      id: created.body.account.id,
      displayName: "Renamed Raider",
    });
    expect(renamed.status).toBe(200);
    const page = await openAdmin("/admin/audit-log");
    const entries = page.getByTestId("audit-entry");
    await entries.first().waitFor(WAIT);
    await page.getByLabel("Show").selectOption("account");
    await page
      .locator("[data-testid=audit-entry][data-entity=account]", { hasText: email })
      .last()
      .waitFor(WAIT);
    expect(new Set(await entries.evaluateAll((es) => es.map((e) => e.getAttribute("data-entity"))))).toEqual(
      new Set(["account"]),
    );
    const createText = await page
      .locator("[data-testid=audit-entry]", { hasText: "Create" })
      .filter({ hasText: auditEmail })
      .first()
      .innerText();
    expect(createText).toContain("by Guild Admin (admin@e2e.test)");
    expect(createText).toContain("Added account Audited Raider");
    expect(createText).toContain("Audited Raider");
    // The update shows the changed fields only, old and new.
    const update = page.locator("[data-testid=audit-entry]", { hasText: "Renamed Raider" }).first();
    const updateText = await update.innerText();
    expect(updateText).toContain("Update");
    expect(updateText).toContain("Display name");
    expect(updateText).toContain("Audited Raider");
    expect(updateText).not.toContain("Email");
    await screenshot(page, "admin-audit-log");

    // More entries than one page (the sample data is not audited, so make some): Load more fetches the rest.
    for (let i = 0; i < 51; i += 1) {
      const res = await admin.post("/boss-names", { name: `Audit Boss ${i}`, respawn_time_hours: 24 });
      expect(res.status).toBeLessThan(300);
    }
    await page.getByLabel("Show").selectOption("all");
    await expect.poll(() => entries.count(), WAIT).toBe(50);
    const accountCreate = page.locator("[data-testid=audit-entry][data-entity=account]", {
      hasText: auditEmail,
    });
    expect(await accountCreate.count()).toBe(0);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => entries.count(), WAIT).toBeGreaterThan(50);
    await expect.poll(() => accountCreate.count(), WAIT).toBe(1);
  });
});

describe("outbox", () => {
  it("counts waiting writes, lists refused ones with the server's message, Retry and Discard", async () => {
    const context = await portal.newContext({ serviceWorkers: "block" });
    const admin = await context.newPage();
    await portal.login(admin, "admin");
    await admin.goto(portal.url("/admin/accounts"));
    await admin.locator("tr[data-account='admin@e2e.test']").waitFor(WAIT);
    await admin.locator("aside").getByRole("link", { name: "Dashboard" }).click();
    await admin.getByTestId("stat-active-members").getByTestId("stat-value").waitFor(WAIT);
    expect(await admin.getByTestId("outbox-badge").count()).toBe(0);

    const timers = await context.newPage();
    await timers.goto(portal.url("/boss-timers"));
    const card = timers.locator('li[data-boss="Frostfang"]');
    await card.waitFor(WAIT);

    await context.setOffline(true);
    await admin.getByTestId("admin-offline").waitFor(WAIT);
    expect(await admin.getByTestId("admin-offline").innerText()).toMatch(/^Offline — showing data from /);
    await card.getByRole("button").click();
    await timers.getByText("Saved on this device; it will sync when you are back online.").waitFor(WAIT);
    const badge = admin.getByTestId("outbox-badge");
    await badge.waitFor(WAIT);
    expect(await badge.getAttribute("aria-label")).toBe("1 change waiting to sync");
    expect(await badge.innerText()).toBe("1");
    await screenshot(admin, "admin-outbox-waiting-offline");

    // Online-only pages say so while offline.
    await admin.locator("aside").getByRole("link", { name: "Accounts" }).click();
    await admin.getByTestId("online-only").waitFor(WAIT);
    expect(await admin.getByTestId("admin-offline").innerText()).toBe(
      "Offline — this page needs the network.",
    );
    await admin.locator("aside").getByRole("link", { name: "Dashboard" }).click();

    // The server refuses the start once the network is back.
    const refusal = "Frostfang cannot be started right now.";
    let refused = 0;
    await context.route(
      (url) => url.pathname === "/_api/boss-timers",
      (route: Route) => {
        if (route.request().method() !== "POST") return route.continue();
        refused += 1;
        return route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({ error: refusal }),
        });
      },
    );
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute("aria-label"), { timeout: 30_000 }).toBe("1 failed");
    await badge.click();
    const panel = admin.getByTestId("outbox-panel");
    await panel.waitFor();
    const failed = panel.getByTestId("failed-write");
    expect(await failed.innerText()).toContain("Start timer: Frostfang");
    expect(await failed.innerText()).toContain(refusal);
    await screenshot(admin, "admin-outbox-failed-panel");

    // Retry sends it again (still refused), Discard removes it and undoes it locally.
    expect(refused).toBe(1);
    await failed.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => refused, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => badge.getAttribute("aria-label"), { timeout: 30_000 }).toBe("1 failed");
    await admin
      .getByTestId("outbox-panel")
      .getByTestId("failed-write")
      .getByRole("button", { name: "Discard" })
      .click();
    await badge.waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => card.getAttribute("data-state"), WAIT).toBe("available");
  });

  it("a write the server answers with 401 waits, paused, for the next login", async () => {
    const context = await portal.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await portal.login(page, "admin");
    // The refusal is in place before the app starts, so no timing of the first pull can let a start through.
    await context.route(
      (url) => url.pathname === "/_api/boss-timers",
      (route: Route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 401,
              contentType: "application/json",
              body: JSON.stringify({ error: "Not logged in" }),
            })
          : route.continue(),
    );
    await page.goto(portal.url("/admin/boss-timers"));
    const card = page.locator('li[data-boss="Thornqueen"]');
    await card.waitFor(WAIT);
    await card.getByRole("button").click();
    const badge = page.getByTestId("outbox-badge");
    // Generous: on a busy machine the first pull's writes to the local store can hold the send back.
    await expect
      .poll(() => badge.getAttribute("aria-label"), { timeout: 60_000 })
      .toBe("1 change waiting to sync (paused until the next login)");
    await page.locator("aside").getByRole("link", { name: "Dashboard" }).click();
    await page.getByTestId("stat-active-members").waitFor(WAIT);
    await badge.click();
    await page
      .getByTestId("outbox-panel")
      .getByText(
        "Your session has expired. These changes are kept on this device and will be sent after your next login.",
      )
      .waitFor();
    await screenshot(page, "admin-outbox-paused");
  });
});

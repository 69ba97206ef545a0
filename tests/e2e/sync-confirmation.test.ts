import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_CHANGES_SYNCED, NOT_SYNCED } from "../../web/src/lib/sync-words.ts";
import {
  type BrowserPortal,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";

// After reconnecting, the officer is told the changes made offline reached the server (decision 085): rows not on
// the server yet say "Not synced" (never the loot status "Pending"), and "All changes synced" shows once they are.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal({ serviceWorkers: "allow" });
});

afterAll(async () => {
  await portal?.stop();
});

/** Whether the element's text is cut (an ellipsis), and whether it lies inside the viewport's width. */
async function fits(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      cut: element.scrollWidth > element.clientWidth,
      inside: box.left >= 0 && box.right <= window.innerWidth,
    };
  });
}

describe("sync confirmation", () => {
  it("attendance recorded offline says Not synced, and All changes synced once it reached the server", async () => {
    const context = await portal.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/attendance"));
    await waitForController(page);
    await page.getByText("Ironhide Behemoth").first().waitFor({ timeout: 30_000 });

    await goOffline(context);
    await page.getByRole("button", { name: "Add Attendance" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Attendance Record" });
    await dialog.getByLabel("Boss").selectOption("Gravemaw");
    await dialog.getByRole("button", { name: "Choose participants..." }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await picker.getByRole("checkbox", { name: "Ashvale (Guild Master)" }).check();
    await picker.getByRole("button", { name: "Save 1 selected" }).click();
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await dialog.waitFor({ state: "detached", timeout: 15_000 });

    const row = page.locator("tr", { hasText: "Gravemaw" });
    const badge = row.getByTestId("unsynced-badge");
    await badge.waitFor({ timeout: 15_000 });
    expect((await badge.innerText()).trim()).toBe(NOT_SYNCED);
    await page.getByTestId("pending-changes").getByText("1 change waiting to sync").waitFor();

    // The header at 390 px: the page's whole name and the outbox badge beside it.
    const outbox = page.getByTestId("outbox-badge");
    await outbox.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("admin-header-label").innerText()).toBe("Attendance Management");
    expect(await fits(page, "admin-header-label")).toEqual({ cut: false, inside: true });
    expect(await fits(page, "outbox-badge")).toMatchObject({ inside: true });
    await screenshot(page, "sync-not-synced");

    await goOnline(context);
    await page.getByText(ALL_CHANGES_SYNCED).waitFor({ timeout: 30_000 });
    await badge.waitFor({ state: "detached", timeout: 30_000 });
    await outbox.waitFor({ state: "detached", timeout: 30_000 });
    await screenshot(page, "sync-all-synced");
  });
});

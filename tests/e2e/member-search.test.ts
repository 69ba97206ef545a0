import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noMemberMatches, PAY, SEARCH_MEMBERS } from "../../web/src/features/admin-members/member-rows.ts";
import { addMember } from "./arrange-earnings.ts";
import { type BrowserPortal, PHONE, screenshot, sharedBrowserPortal, waitForApp } from "./browser.ts";

// Guild Members (decision 085): a search by any name of the player (a main's or an alt's, folding case and
// diacritics), and a Pay action that says "Pay", with a card's actions on one line on a phone.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const MAIN = "Quillmarch";
const ALT = "Sølvberg";

const shownMembers = (page: Page) =>
  page
    .getByRole("region", { name: "Active members" })
    .locator("tbody tr[data-member]")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-member")));

async function openMembers(viewport?: typeof PHONE): Promise<Page> {
  const page = await portal.newPage(viewport ? { viewport } : undefined);
  await portal.login(page, "admin");
  await page.goto(portal.url("/guild-members"));
  await waitForApp(page);
  await page.locator(`tr[data-member="${ALT}"]`).waitFor({ timeout: 30_000 });
  return page;
}

/** The top edge of each of the row's action buttons. */
const buttonTops = (actions: Locator) =>
  actions.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));

describe("/guild-members search and Pay", () => {
  beforeAll(async () => {
    const main = await addMember(portal, MAIN, "Core");
    await addMember(portal, ALT, "Members", main.id);
  });

  it("finds a player by part of an alt's name, hides the others, and pays from a visible Pay", async () => {
    const page = await openMembers();
    expect(await shownMembers(page)).toContain("Ashvale");
    // At 1280 px the Balance and the actions, Pay's word among them, leave the Salary column in view.
    const ashvale = page.locator('tr[data-member="Ashvale"]');
    const salaryRight = await ashvale
      .locator('td[data-label="Salary"]')
      .evaluate((cell) => cell.getBoundingClientRect().right);
    const balanceLeft = await ashvale
      .getByTestId("member-balance")
      .evaluate((cell) => cell.getBoundingClientRect().left);
    expect(salaryRight).toBeLessThanOrEqual(balanceLeft + 1);
    const search = page.getByRole("searchbox", { name: SEARCH_MEMBERS });
    await search.fill("SOLVB");
    await expect
      .poll(async () => (await shownMembers(page)).sort(), { timeout: 15_000 })
      .toEqual([MAIN, ALT].sort());
    await screenshot(page, "admin-members-search");

    const pay = page.locator(`tr[data-member="${MAIN}"]`).getByText(PAY, { exact: true });
    await pay.click();
    await page.getByRole("dialog", { name: `Pay ${MAIN}` }).waitFor({ timeout: 15_000 });
    await page.keyboard.press("Escape");

    await search.fill("nobody by this name");
    await page.getByText(noMemberMatches("nobody by this name")).waitFor({ timeout: 15_000 });
    await search.fill("");
    await page.locator('tr[data-member="Ashvale"]').waitFor({ timeout: 15_000 });
  });

  it("keeps a card's four actions on one line at 390 px, Pay with its word", async () => {
    const page = await openMembers(PHONE);
    const card = page.locator('tr[data-member="Ashvale"]');
    const actions = card.locator('td[data-card="action-bar"]');
    await actions.getByText(PAY, { exact: true }).waitFor({ timeout: 15_000 });
    const tops = await buttonTops(actions);
    expect(tops).toHaveLength(4);
    expect(new Set(tops.map(Math.round)).size).toBe(1);
    const box = await actions.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "admin-members-actions");
  });
});

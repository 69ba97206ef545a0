import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney, moneyText, parseMoney } from "@shared/money/money.ts";
import { type MemberBalance, PAYOUT_CSV_COLUMNS, type Payout } from "@shared/schemas/payouts.ts";
import {
  type BrowserPortal,
  downloadedText,
  goOffline,
  goOnline,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";

// An admin on a phone pays a member with no network (decision 049): the payout is kept on the device across a
// reload, the member's balance moves at once, and after reconnecting the server holds the payout exactly once
// and the balance shown is the server's, to the cent.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal({ serviceWorkers: "allow" });
});

afterAll(async () => {
  await portal?.stop();
});

/** test-output/screenshots/{name}-390x844.png and -1280x900.png. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

/** Chromium reports navigator.onLine true after a reload while offline; toggling restores it. */
async function reassertOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

async function serverPayouts(memberId: number): Promise<Payout[]> {
  const res = await (await portal.adminApi()).get<{ payouts: Payout[] }>(`/payouts?memberId=${memberId}`);
  expect(res.status).toBe(200);
  return res.body.payouts;
}

async function serverBalances(): Promise<MemberBalance[]> {
  const res = await (await portal.adminApi()).get<{ balances: MemberBalance[] }>("/payouts/balances");
  expect(res.status).toBe(200);
  return res.body.balances;
}

/** The active member the guild owes the most, with their balance. */
async function richestActiveMember(): Promise<{ id: number; name: string; balance: number }> {
  const members = await (await portal.adminApi()).get<{
    guildMembers: { id: number; playerName: string; status: string }[];
  }>("/guild-members?status=all");
  const balances = await serverBalances();
  const active = members.body.guildMembers.filter((m) => m.status === "active");
  const best = active
    .map((m) => ({
      id: m.id,
      name: m.playerName,
      balance: parseMoney(balances.find((b) => b.memberId === m.id)?.balance ?? "0"),
    }))
    .sort((a, b) => b.balance - a.balance)[0];
  if (!best || best.balance <= 2_000) throw new Error("the sample data has no active member with a balance");
  return best;
}

const balanceCell = (page: Page, name: string) =>
  page.locator(`tr[data-member="${name}"]`).getByTestId("member-balance");

describe("payouts offline", () => {
  it("a payout made offline on a phone survives a reload and reaches the server once, with the balance right to the cent", async () => {
    const member = await richestActiveMember();
    const payoutsBefore = await serverPayouts(member.id);
    const paid = 1_234; // 12.34 USDT
    const expected = member.balance - paid;

    const context = await portal.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/guild-members"));
    await waitForController(page);
    await balanceCell(page, member.name).getByText(formatMoney(member.balance, "usdt")).waitFor({
      timeout: 30_000,
    });
    await shot(page, "payouts-members-balance");

    await goOffline(context);
    await page.getByRole("button", { name: `Pay ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Pay ${member.name}` });
    const amount = dialog.getByLabel("Amount (USDT)");
    // The whole balance by default.
    expect(await amount.inputValue()).toBe(moneyText(member.balance));
    await dialog
      .getByText(`Balance ${formatMoney(member.balance, "usdt")}`)
      .first()
      .waitFor();
    await amount.fill(moneyText(paid));
    await dialog.getByLabel("Method").fill("USDT TRC20");
    await dialog.getByLabel("Reference").fill("0xfeedbeef");
    await shot(page, "payouts-pay-dialog");
    await dialog.getByRole("button", { name: "Pay", exact: true }).click();
    await page.getByText(`Payout of ${formatMoney(paid, "usdt")} to ${member.name} recorded.`).waitFor();
    await dialog.waitFor({ state: "detached" });
    await balanceCell(page, member.name).getByText(formatMoney(expected, "usdt")).waitFor();
    await page.getByTestId("pending-changes").waitFor();

    // A reload without a network: the queued payout and the balance it moved are still there.
    await page.reload();
    await reassertOffline(context);
    await balanceCell(page, member.name).getByText(formatMoney(expected, "usdt")).waitFor({
      timeout: 30_000,
    });
    await page.getByTestId("pending-changes").waitFor();
    await page.getByRole("button", { name: `Pay ${member.name}` }).click();
    await page
      .getByRole("dialog", { name: `Pay ${member.name}` })
      .getByRole("button", { name: "History" })
      .click();
    const history = page.getByRole("dialog", { name: `Payouts to ${member.name}` });
    const queued = history.locator("tr", { hasText: formatMoney(paid, "usdt") });
    await queued.getByTestId("unsynced-badge").waitFor({ timeout: 15_000 });
    await queued.getByText("USDT TRC20").waitFor();
    await shot(page, "payouts-history-offline");
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "detached" });
    expect(await serverPayouts(member.id)).toHaveLength(payoutsBefore.length);

    await goOnline(context);
    await expect
      .poll(async () => (await serverPayouts(member.id)).length, { timeout: 60_000 })
      .toBe(payoutsBefore.length + 1);
    await page.getByTestId("pending-changes").waitFor({ state: "detached", timeout: 60_000 });
    // Exactly once, also after the page has had time to retry and resync.
    await page.waitForTimeout(2_000);
    const after = await serverPayouts(member.id);
    expect(after).toHaveLength(payoutsBefore.length + 1);
    const added = after.find((p) => !payoutsBefore.some((b) => b.id === p.id));
    expect(added).toMatchObject({
      amount: moneyText(paid),
      method: "USDT TRC20",
      reference: "0xfeedbeef",
      memberName: member.name,
    });
    const serverBalance = (await serverBalances()).find((b) => b.memberId === member.id);
    expect(serverBalance?.balance).toBe(moneyText(expected));
    await balanceCell(page, member.name).getByText(formatMoney(expected, "usdt")).waitFor({
      timeout: 30_000,
    });
    expect(await balanceCell(page, member.name).innerText()).toBe(formatMoney(expected, "usdt"));
    await shot(page, "payouts-members-synced");
  });

  it("paying more than the balance shows the server's message and Pay anyway records it once", async () => {
    const member = await richestActiveMember();
    const before = await serverPayouts(member.id);
    const over = member.balance + 100;
    const context = await portal.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/guild-members"));
    await balanceCell(page, member.name).getByText(formatMoney(member.balance, "usdt")).waitFor({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: `Pay ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Pay ${member.name}` });
    await dialog.getByLabel("Amount (USDT)").fill(moneyText(over));
    await dialog.getByRole("button", { name: "Pay", exact: true }).click();
    await dialog
      .getByText(
        `Paying ${moneyText(over)} USDT is more than ${member.name}'s balance of ${moneyText(member.balance)} USDT.`,
      )
      .waitFor();
    await shot(page, "payouts-pay-over-balance");
    expect(await serverPayouts(member.id)).toHaveLength(before.length);
    await dialog.getByRole("button", { name: "Pay anyway" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await serverPayouts(member.id)).length, { timeout: 60_000 })
      .toBe(before.length + 1);
    await balanceCell(page, member.name).getByText(formatMoney(-100, "usdt")).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1_000);
    expect(await serverPayouts(member.id)).toHaveLength(before.length + 1);
    expect(await page.getByTestId("failed-write").count()).toBe(0);
  });

  it("screens: the payouts page, the guild funds ledger and Record spending, on a phone and a desktop", async () => {
    const context = await portal.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/admin/payouts"));
    await page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor({ timeout: 30_000 });
    await page.locator("tr[data-payout]").first().waitFor({ timeout: 30_000 });
    await shot(page, "payouts-payouts-page");

    // Export CSV: the server's file online; offline the same columns from the payouts on this device.
    const exported = async () => {
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 30_000 }),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      return { name: download.suggestedFilename(), text: await downloadedText(download) };
    };
    const online = await exported();
    expect(online.name).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(online.text.split("\r\n")[0]).toBe(PAYOUT_CSV_COLUMNS.join(","));
    expect(online.text).toContain(",12.34,USDT TRC20,0xfeedbeef,");
    await waitForController(page);
    await goOffline(context);
    const offline = await exported();
    await page
      .getByText("You are offline: the file was made from the payouts on this device")
      .first()
      .waitFor();
    expect(offline.text).toBe(online.text);
    await goOnline(context);

    await page.goto(portal.url("/guild-funds"));
    await page.locator('[data-fund="guild"] tr[data-kind="income"]').first().waitFor({ timeout: 30_000 });
    await shot(page, "payouts-funds-page");
    await page.locator('[data-fund="guild"]').getByRole("button", { name: "Record spending" }).click();
    const dialog = page.getByRole("dialog", { name: "Record Spending" });
    await dialog.getByLabel("Amount (USDT)").fill("25");
    await dialog.getByLabel("Purpose").fill("Guild hall upkeep");
    await shot(page, "payouts-spending-dialog");
    await dialog.getByRole("button", { name: "Record Spending" }).click();
    const anyway = dialog.getByRole("button", { name: "Spend anyway" });
    // The sample guild fund may hold less than 25 USDT: then the dialog asks first.
    await Promise.race([dialog.waitFor({ state: "detached" }), anyway.waitFor()]);
    if (await anyway.isVisible()) {
      await shot(page, "payouts-spending-over-fund");
      await anyway.click();
      await dialog.waitFor({ state: "detached" });
    }
    await page
      .locator('[data-fund="guild"] tr[data-kind="spending"]', { hasText: "Guild hall upkeep" })
      .first()
      .waitFor({ timeout: 30_000 });
    const spending = await (await portal.adminApi()).get<{ spending: { purpose: string }[] }>(
      "/fund-spending",
    );
    await expect
      .poll(async () => {
        const res = await (await portal.adminApi()).get<{ spending: { purpose: string }[] }>(
          "/fund-spending",
        );
        return res.body.spending.filter((s) => s.purpose === "Guild hall upkeep").length;
      })
      .toBe(1);
    expect(spending.status).toBe(200);
    await shot(page, "payouts-funds-after-spending");

    // Offline the ledger's income lines cannot be built: the spending saved here is listed, and says so.
    await waitForController(page);
    await goOffline(context);
    await page.reload();
    await reassertOffline(context);
    await page
      .getByText("The full ledger, with the income from each sold item, needs a connection.")
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await shot(page, "payouts-funds-offline");
    await goOnline(context);
  });

  it("Mark paid on a kicked member records a payout of what was left to pay, with its method", async () => {
    const member = await richestActiveMember();
    const api = await portal.adminApi();
    expect((await api.post("/guild-member/kick", { id: member.id })).status).toBe(200);
    const before = await serverPayouts(member.id);
    const page = await portal.newPage({ viewport: PHONE });
    await portal.login(page, "admin");
    await page.goto(portal.url("/guild-members"));
    await page.getByRole("tab", { name: "Kicked Members" }).click();
    await page.getByRole("button", { name: `Mark ${member.name} paid` }).click({ timeout: 30_000 });
    const dialog = page.getByRole("dialog", { name: "Mark Member as Paid" });
    await dialog
      .getByText(`A payout of ${formatMoney(member.balance, "usdt")} will be recorded in the payout history.`)
      .waitFor();
    await dialog.getByLabel("Method").fill("USDT TRC20");
    await dialog.getByLabel("Reference").fill("0xfinal");
    await shot(page, "payouts-mark-paid-dialog");
    await dialog.getByRole("button", { name: "Mark as Paid" }).click();
    await expect
      .poll(async () => (await serverPayouts(member.id)).length, { timeout: 60_000 })
      .toBe(before.length + 1);
    const payout = (await serverPayouts(member.id)).find((p) => !before.some((b) => b.id === p.id));
    expect(payout).toMatchObject({
      amount: moneyText(member.balance),
      method: "USDT TRC20",
      reference: "0xfinal",
    });
    expect((await serverBalances()).find((b) => b.memberId === member.id)?.balance).toBe("0.00");
  });
});

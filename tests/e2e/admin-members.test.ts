import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "@shared/money/money.ts";
import { type BrowserPortal, screenshot, sharedBrowserPortal } from "./browser.ts";

// /guild-members as an admin: create, edit, kick with a final salary, mark paid and delete members through
// the outbox, the toasts, and the one-at-a-time column sort.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface ServerMember {
  id: number;
  playerName: string;
  status: string;
  finalSalaryAmount: string | null;
  raidsParticipated: number;
  salary: string;
}

async function serverMember(name: string): Promise<ServerMember | undefined> {
  const res = await (await portal.adminApi()).get<{ guildMembers: ServerMember[] }>(
    "/guild-members?status=all",
  );
  return res.body.guildMembers.find((m) => m.playerName === name);
}

async function openMembers(): Promise<Page> {
  const page = await portal.newPage();
  await portal.login(page, "admin");
  await page.goto(portal.url("/guild-members"));
  await page.locator('tr[data-member="Ashvale"]').waitFor({ timeout: 15_000 });
  return page;
}

const activeRows = (page: Page) => page.getByRole("region", { name: "Active members" }).locator("tbody tr");

describe("/guild-members (admin)", () => {
  it("shows the active members with their actions and the kicked tab", async () => {
    const page = await openMembers();
    await page.getByRole("button", { name: "Add Attendance" }).waitFor();
    const headers = await page.getByRole("region", { name: "Active members" }).locator("th").allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual([
      "player name",
      "category",
      "loot items",
      "loot participation",
      "salary",
      "balance",
      "actions",
    ]);
    expect(await page.locator('tr[data-member="Ashvale"]').innerText()).toMatch(/\d+\.\d{2} USDT/);
    await screenshot(page, "admin-members");
    await page.getByRole("tab", { name: "Kicked Members" }).click();
    const rimefall = page.locator('tr[data-member="Rimefall"]');
    await rimefall.waitFor();
    // The seeded final salary of 0 is shown (not the regular salary), and the kicked date.
    expect(await rimefall.innerText()).toMatch(/0\.00 USDT\s+Nov 10, 2026/);
  });

  it("sorts one column at a time: descending, ascending, back to the default order", async () => {
    const page = await openMembers();
    const defaultOrder = await activeRows(page).locator("td:first-child").allInnerTexts();
    const header = (name: string) => page.getByRole("columnheader", { name });
    const salaries = async () =>
      (await activeRows(page).locator("td:nth-child(5)").allInnerTexts()).map((t) =>
        parseMoney(t.replace(/ USDT$/, "").replaceAll(",", "")),
      );

    await header("Salary").getByRole("button").click();
    expect(await header("Salary").getAttribute("aria-sort")).toBe("descending");
    const desc = await salaries();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await header("Salary").getByRole("button").click();
    expect(await header("Salary").getAttribute("aria-sort")).toBe("ascending");
    const asc = await salaries();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));

    await header("Loot Items").getByRole("button").click();
    expect(await header("Loot Items").getAttribute("aria-sort")).toBe("descending");
    expect(await header("Salary").getAttribute("aria-sort")).toBe("none");
    await header("Loot Items").getByRole("button").click();
    await header("Loot Items").getByRole("button").click();
    expect(await header("Loot Items").getAttribute("aria-sort")).toBe("none");
    expect(await activeRows(page).locator("td:first-child").allInnerTexts()).toEqual(defaultOrder);
  });

  it("creates, edits, kicks with a final salary, marks paid and deletes, with the product's toasts", async () => {
    const page = await openMembers();

    await page.getByRole("button", { name: "Add Member" }).click();
    const add = page.getByRole("dialog", { name: "Add Guild Member" });
    await add.getByRole("button", { name: "Add Member" }).click();
    await add.getByText("Player name is required").waitFor();
    await screenshot(page, "admin-members-add-dialog");
    await add.getByLabel("Player Name").fill("Zephyrwind");
    await add.getByLabel("Category").selectOption("Core");
    await add.getByRole("button", { name: "Add Member" }).click();
    await page.getByText("Guild member created successfully.").waitFor();
    await page.locator('tr[data-member="Zephyrwind"]').waitFor();
    await expect
      .poll(async () => (await serverMember("Zephyrwind"))?.status, { timeout: 15_000 })
      .toBe("active");

    await page.getByRole("button", { name: "Edit Zephyrwind" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Guild Member" });
    expect(await edit.getByLabel("Raids Participated").isDisabled()).toBe(true);
    expect(await edit.getByLabel("Salary").isDisabled()).toBe(true);
    await screenshot(page, "admin-members-edit-dialog");
    await edit.getByLabel("Player Name").fill("Zephyrwind Prime");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Guild member updated successfully.").waitFor();
    await page.locator('tr[data-member="Zephyrwind Prime"]').waitFor();
    await expect
      .poll(async () => (await serverMember("Zephyrwind Prime"))?.status, { timeout: 15_000 })
      .toBe("active");

    await page.getByRole("button", { name: "Kick Zephyrwind Prime" }).click();
    const kick = page.getByRole("dialog", { name: "Kick Guild Member" });
    const amount = kick.getByLabel("Final Salary (optional)");
    // A text field on the decimal keypad: a number field would drop '1,250.00' (decision 060).
    expect(await amount.getAttribute("inputmode")).toBe("decimal");
    await amount.fill("12.5");
    await screenshot(page, "admin-members-kick-dialog");
    await kick.getByRole("button", { name: "Kick Member" }).click();
    await page.getByText("Guild member kicked successfully.").waitFor();
    await page.locator('tr[data-member="Zephyrwind Prime"]').waitFor({ state: "detached" });
    await expect
      .poll(async () => (await serverMember("Zephyrwind Prime"))?.status, { timeout: 15_000 })
      .toBe("kicked");
    expect((await serverMember("Zephyrwind Prime"))?.finalSalaryAmount).toBe("12.50");

    await page.getByRole("tab", { name: "Kicked Members" }).click();
    const kicked = page.locator('tr[data-member="Zephyrwind Prime"]');
    await kicked.waitFor();
    const kickedText = await kicked.innerText();
    expect(kickedText).toContain("12.50 USDT");
    expect(kickedText).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await screenshot(page, "admin-members-kicked");
    await kicked.getByRole("button", { name: "Paid" }).click();
    const paid = page.getByRole("dialog", { name: "Mark Member as Paid" });
    await paid.waitFor();
    await screenshot(page, "admin-members-paid-dialog");
    await paid.getByRole("button", { name: "Mark as Paid" }).click();
    await page.getByText("Member marked as paid successfully.").waitFor();
    await page.locator('tr[data-member="Zephyrwind Prime"]').waitFor({ state: "detached" });
    await expect
      .poll(async () => (await serverMember("Zephyrwind Prime"))?.status, { timeout: 15_000 })
      .toBe("paid_out");

    await page.locator('tr[data-member="Rimefall"]').getByRole("button", { name: "Paid" }).click();
    await page
      .getByRole("dialog", { name: "Mark Member as Paid" })
      .getByRole("button", { name: "Mark as Paid" })
      .click();
    await page.getByText("No kicked guild members found.").waitFor();
    await screenshot(page, "admin-members-kicked-empty");

    await page.getByRole("tab", { name: "Active Members" }).click();
    await page.getByRole("button", { name: "Add Member" }).click();
    await page.getByRole("dialog", { name: "Add Guild Member" }).getByLabel("Player Name").fill("Quillshade");
    await page
      .getByRole("dialog", { name: "Add Guild Member" })
      .getByRole("button", { name: "Add Member" })
      .click();
    await expect
      .poll(async () => (await serverMember("Quillshade"))?.status, { timeout: 15_000 })
      .toBe("active");
    await page.getByRole("button", { name: "Delete Quillshade" }).click();
    const del = page.getByRole("dialog", { name: "Delete Guild Member" });
    await del.waitFor();
    await screenshot(page, "admin-members-delete-dialog");
    await del.getByRole("button", { name: "Delete Member" }).click();
    await page.getByText("Guild member deleted successfully.").waitFor();
    await page.locator('tr[data-member="Quillshade"]').waitFor({ state: "detached" });
    await expect.poll(async () => await serverMember("Quillshade"), { timeout: 15_000 }).toBeUndefined();
  });

  it("Add Attendance opens the attendance form with the participant picker", async () => {
    const page = await openMembers();
    await page.getByRole("button", { name: "Add Attendance" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Attendance Record" });
    await dialog.getByRole("button", { name: "Choose participants..." }).click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    const labels = await picker
      .getByRole("checkbox")
      .evaluateAll((boxes) => boxes.map((b) => (b.closest("label") as HTMLElement).textContent?.trim()));
    expect(labels[0]).toBe("Ashvale (Guild Master)");
    expect(labels[1]).toMatch(/ \(Core\)$/);
    expect(labels.at(-1)).not.toMatch(/\(/);
    await picker.getByRole("checkbox", { name: "Ashvale (Guild Master)" }).check();
    await picker.getByRole("button", { name: "Save 1 selected" }).waitFor();
    // Cancel discards the draft.
    await picker.getByRole("button", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "Choose participants..." }).click();
    await picker.getByRole("button", { name: "Save 0 selected" }).waitFor();
    await picker.getByRole("checkbox", { name: "Ashvale (Guild Master)" }).check();
    await picker.getByRole("button", { name: "Save 1 selected" }).click();
    await dialog.getByRole("button", { name: "1 participant selected" }).waitFor();
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await dialog.getByText("Please select a boss, date, and at least one participant.").waitFor();
    await screenshot(page, "admin-members-attendance-form");
    const before = (await serverMember("Ashvale"))?.raidsParticipated ?? 0;
    await dialog.getByLabel("Boss").selectOption("Mirelurk");
    await dialog.getByRole("button", { name: "Add Record" }).click();
    await page.getByText("Attendance record added.").waitFor();
    await page.getByText("Raids participated updated for 1 member.").waitFor();
    await expect
      .poll(async () => (await serverMember("Ashvale"))?.raidsParticipated, { timeout: 15_000 })
      .toBe(before + 1);
  });
});

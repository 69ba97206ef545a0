import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiSession,
  apiLogin,
  type BrowserPortal,
  DESKTOP,
  goOffline,
  goOnline,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  screenshot,
  sharedBrowserPortal,
  waitForController,
} from "./browser.ts";

// Decision 038 in the browser: an admin edits a member offline while another admin (Bryn) changes the same
// field; when the edit reaches the server the page says so in the words and offers Keep theirs and
// Use yours, and each choice ends with the value it names, on the server and on the page.
let portal: BrowserPortal;
let bryn: ApiSession;
const BRYN = { email: "bryn@e2e.test", password: "bryn-password-123", displayName: "Bryn" };

beforeAll(async () => {
  portal = await sharedBrowserPortal();
  const created = await (await portal.adminApi()).post("/admin/accounts", { ...BRYN, role: "admin" });
  if (created.status !== 201) throw new Error(`creating Bryn answered ${created.status}`);
  bryn = await apiLogin(portal.baseUrl, BRYN.email, BRYN.password);
});

afterAll(async () => {
  await portal?.stop();
});

async function serverCategory(name: string): Promise<string | undefined> {
  const res = await (await portal.adminApi()).get<{
    guildMembers: { playerName: string; category: string }[];
  }>("/guild-members?status=all");
  return res.body.guildMembers.find((m) => m.playerName === name)?.category;
}

async function brynSetsCategory(name: string, from: string, to: string): Promise<void> {
  const res = await (await portal.adminApi()).get<{ guildMembers: { id: number; playerName: string }[] }>(
    "/guild-members?status=all",
  );
  const id = res.body.guildMembers.find((m) => m.playerName === name)?.id;
  const answer = await bryn.post("/guild-member/update", { id, category: to, base: { category: from } });
  expect(answer.status).toBe(200);
}

/** The admin, offline, sets Stormhollow's category in the edit dialog. */
async function editCategoryOffline(page: Page, context: BrowserContext, category: string): Promise<void> {
  await goOffline(context);
  await page.getByRole("button", { name: "Edit Stormhollow" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Guild Member" });
  await edit.getByLabel("Category").selectOption(category);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await page.getByTestId("pending-changes").waitFor();
}

describe("a field changed on two devices", () => {
  it("is shown as a conflict with Keep theirs and Use yours, and each choice ends with its value", async () => {
    const context = await portal.newContext({ serviceWorkers: "allow" });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/guild-members"));
    await waitForController(page);
    const row = page.locator('tr[data-member="Stormhollow"]');
    await row.waitFor({ timeout: 15_000 });
    expect(await serverCategory("Stormhollow")).toBe("Members");

    // Use yours: the admin's Guild Master goes over Bryn's Core.
    await editCategoryOffline(page, context, "Guild Master");
    await brynSetsCategory("Stormhollow", "Members", "Core");
    await goOnline(context);
    const prompt = page.getByTestId("write-conflict");
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.innerText()).toContain(
      "Stormhollow's category was changed to Core by Bryn while you were offline.",
    );
    expect(await prompt.innerText()).toContain("Yours: Guild Master.");
    expect(await serverCategory("Stormhollow")).toBe("Core");
    await screenshot(page, "write-conflict");
    // The prompt itself at both sizes: the page's capture is the whole (long) roster.
    for (const size of SCREENSHOTS ? [PHONE, DESKTOP] : []) {
      await page.setViewportSize(size);
      await prompt.screenshot({
        path: join(SCREENSHOT_DIR, `write-conflict-prompt-${size.width}x${size.height}.png`),
      });
    }
    await page.getByTestId("outbox-badge").click();
    await page.getByTestId("outbox-panel").getByTestId("write-conflict").waitFor();
    await screenshot(page, "write-conflict-outbox-panel");
    await page.keyboard.press("Escape");

    await prompt.getByRole("button", { name: "Use yours" }).click();
    await expect.poll(() => serverCategory("Stormhollow"), { timeout: 30_000 }).toBe("Guild Master");
    await prompt.waitFor({ state: "detached", timeout: 30_000 });
    await expect
      .poll(() => row.locator("td").nth(1).innerText(), { timeout: 15_000 })
      .toContain("Guild Master");

    // Keep theirs: Bryn's Core stays, and the page shows it.
    await editCategoryOffline(page, context, "Members");
    await brynSetsCategory("Stormhollow", "Guild Master", "Core");
    await goOnline(context);
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.innerText()).toContain("Stormhollow's category was changed to Core by Bryn");
    await prompt.getByRole("button", { name: "Keep theirs" }).click();
    await prompt.waitFor({ state: "detached", timeout: 30_000 });
    await expect.poll(() => row.locator("td").nth(1).innerText(), { timeout: 15_000 }).toContain("Core");
    expect(await serverCategory("Stormhollow")).toBe("Core");
  });
});

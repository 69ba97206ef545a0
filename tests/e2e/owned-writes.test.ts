import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ACCESS_REMOVED } from "@web/features/outbox/writes-not-saved.tsx";
import {
  ADMIN,
  type BrowserPortal,
  goOffline,
  goOnline,
  screenshot,
  sharedBrowserPortal,
  USER,
  waitForController,
} from "./browser.ts";

// Queued writes belong to the account that made them (decision 039): an admin's offline change waits through
// another account's session on the same phone, unseen and unsent, and leaves under the admin's name.
let portal: BrowserPortal;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

interface AuditEntry {
  action: string;
  entityId: string | null;
  actorEmail: string | null;
}

async function timerStarts(bossName: string): Promise<AuditEntry[]> {
  const res = await (await portal.adminApi()).get<{ entries: AuditEntry[] }>(
    "/admin/audit-log?entity=boss_timer&limit=200",
  );
  return res.body.entries.filter((e) => e.entityId === bossName && e.action.startsWith("start"));
}

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

async function signInWithForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), WAIT);
}

describe("writes that belong to someone", () => {
  it("an admin's offline timer start waits through a raider's session and is sent when the admin signs in again", async () => {
    const context = await portal.newContext({ serviceWorkers: "allow" });
    const page = await context.newPage();
    await portal.login(page, "admin");
    await page.goto(portal.url("/boss-timers"));
    await waitForController(page);
    await card(page, "Duskwing").waitFor(WAIT);

    await goOffline(context);
    await card(page, "Duskwing").getByRole("button").click();
    await page.getByText("Saved on this device").first().waitFor(WAIT);

    // The admin signs out on the phone while it is still offline.
    await page.goto(portal.url("/admin"));
    await page.locator("aside").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(portal.url("/public"), WAIT);
    await page.goto(portal.url("/login"));
    const notice = page.getByTestId("writes-waiting");
    await notice.getByText("1 change waiting to sync").waitFor(WAIT);
    expect(await notice.innerText()).toContain(`(${ADMIN.email})`);
    await screenshot(page, "login-writes-waiting");

    // A raider signs in on the same phone, back online, and starts another boss.
    await goOnline(context);
    // The logout that could not reach the server is sent now: the admin's cookie does not sign the admin in
    // again, and nothing queued leaves under it.
    await page.goto(portal.url("/admin"));
    await page.waitForURL(/\/login/, WAIT);
    await page.getByTestId("writes-waiting").getByText("1 change waiting to sync").waitFor(WAIT);
    expect((await page.request.get(portal.url("/_api/auth/session"))).status()).toBe(401);
    expect(await timerStarts("Duskwing")).toEqual([]);
    await portal.login(page, "user").catch(() => undefined); // makes sure the raider's account exists
    await page.context().clearCookies();
    await page.goto(portal.url("/login"));
    await signInWithForm(page, USER);
    await page.goto(portal.url("/boss-timers"));
    await card(page, "Frostfang").getByRole("button").click();
    await expect.poll(async () => (await timerStarts("Frostfang")).length, WAIT).toBe(1);

    // The raider's write went out; the admin's older one did not, and the raider's page never showed it.
    expect(await timerStarts("Duskwing")).toEqual([]);
    expect(await card(page, "Duskwing").getByRole("button").isEnabled()).toBe(true);
    expect((await timerStarts("Frostfang"))[0]?.actorEmail).toBe(USER.email);

    // The admin signs in again: the start leaves under the admin's name, once.
    await page.goto(portal.url("/admin"));
    await page.getByRole("button", { name: "Log in as someone else" }).click();
    await page.waitForURL(/\/login/, WAIT);
    await page.getByTestId("writes-waiting").waitFor(WAIT);
    await signInWithForm(page, ADMIN);
    await expect.poll(async () => (await timerStarts("Duskwing")).length, WAIT).toBe(1);
    expect((await timerStarts("Duskwing"))[0]?.actorEmail).toBe(ADMIN.email);
    await page.goto(portal.url("/login"));
    await page.getByRole("heading", { name: "Log in", exact: true }).waitFor(WAIT);
    expect(await page.getByTestId("writes-waiting").count()).toBe(0);
  });

  it("a raider whose access is removed while the phone is offline: the queued start is refused, saying why", async () => {
    const api = await portal.adminApi();
    const raider = {
      email: "removed-raider@guild.test",
      password: "removed raider pass 1",
      displayName: "Wren",
    };
    const created = await api.post<{ account: { id: number } }>("/admin/accounts", {
      ...raider,
      role: "user",
    });
    expect(created.status).toBe(201);
    const context = await portal.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: "allow",
    });
    const page = await context.newPage();
    await page.goto(portal.url("/login"));
    await signInWithForm(page, raider);
    await page.goto(portal.url("/boss-timers"));
    await waitForController(page);
    await card(page, "Thornqueen").waitFor(WAIT);

    await goOffline(context);
    await card(page, "Thornqueen").getByRole("button").click();
    await page.getByText("Saved on this device").first().waitFor(WAIT);
    // Meanwhile an admin disables the account.
    expect(
      (await api.post("/admin/accounts/update", { id: created.body.account.id, disabled: true })).status,
    ).toBe(200);

    // Back online, the phone is told, and the start is refused with the reason instead of waiting for a login.
    await goOnline(context);
    await page.goto(portal.url("/login"));
    await page.getByTestId("access-removed").waitFor(WAIT);
    const refused = page.getByTestId("writes-not-saved");
    await refused.waitFor(WAIT);
    // The server's reason (ACCESS_REMOVED), said short under the notice that already explains it.
    expect(await refused.innerText()).toContain(
      `1 change was not saved for Wren (removed-raider@guild.test): ${ACCOUNT_ACCESS_REMOVED}`,
    );
    expect(await page.getByTestId("writes-waiting").getByText("waiting to sync").count()).toBe(0);
    expect(await timerStarts("Thornqueen")).toEqual([]);
    await screenshot(page, "login-access-removed");

    await refused.getByRole("button", { name: "Discard" }).click();
    await page.getByTestId("writes-waiting").waitFor({ state: "detached", timeout: 30_000 });
    await page.goto(portal.url("/boss-timers"));
    await expect.poll(() => card(page, "Thornqueen").getByRole("button").isEnabled(), WAIT).toBe(true);
  });
});

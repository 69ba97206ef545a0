/**
 * A restart is invisible within seconds (decision 057): `npm start` stops for 20 s and starts again on the same
 * DATA_DIR and port, as a deploy does. Meanwhile a phone stays on the boss page and an admin starts 14 timers on
 * theirs, which wait in its outbox. From the moment the server answers again, a change another client makes
 * through the API shows on the phone, and the queued writes land, without a reload; the test prints both times.
 * On a quiet machine both are within 3 s (decision 057); the test's bound is 15 s, which the queued writes of the
 * code before that decision missed (23.2 s and 40.5 s) and a neighbour's load on a two-core machine does not reach
 * (beside the other browser tests the writes have taken 3.1-5.7 s, once 12.0 s).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnBrowserPortal, PHONE, startBrowserPortal, waitForController } from "./browser.ts";
import { type PortalProcess, startPortal } from "./portal-process.ts";

const DOWN_MS = 20_000;
const BACK_WITHIN_MS = 15_000;
const QUEUED = 14;

let portal: OwnBrowserPortal;
let restarted: PortalProcess | undefined;

beforeAll(async () => {
  portal = await startBrowserPortal();
});

afterAll(async () => {
  // The second process first: the portal's own stop deletes the DATA_DIR they share.
  await restarted?.crash();
  restarted = undefined;
  await portal?.stop();
});

const card = (page: Page, bossName: string) => page.locator(`li[data-boss="${bossName}"]`);

/** Opens the boss page and waits for its cards, its live feed's stream and the service worker's precache. */
async function openBossPage(page: Page): Promise<void> {
  const feedOpen = page.waitForResponse((r) => new URL(r.url()).pathname === "/_api/live", {
    timeout: 30_000,
  });
  await page.goto(portal.url("/boss-timers"));
  await page.locator("li[data-boss]").first().waitFor({ timeout: 30_000 });
  expect((await feedOpen).status()).toBe(200);
  // Every chunk is cached before the server goes away: a tap during the downtime must not need the network.
  await waitForController(page);
}

/** The writes waiting in the page's outbox (IndexedDB 'guild-portal'). */
function queuedWrites(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("guild-portal");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction("outbox").objectStore("outbox").count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

/** Resolves with the time the server first answers GET /_api/health. */
async function answersAgain(): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(portal.url("/_api/health")).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return Date.now();
    if (Date.now() > deadline) throw new Error(`the portal did not come back:\n${restarted?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a restart", () => {
  it("after 20 s down, a change shows on a phone and the queued writes land within seconds of the return", async () => {
    const phoneOptions = {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    } as const;
    const phone = await portal.newPage(phoneOptions);
    const officer = await portal.newPage(phoneOptions);
    await portal.login(officer, "admin");
    await openBossPage(phone);
    await openBossPage(officer);
    const available = await officer
      .locator('li[data-boss][data-state="available"]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-boss") as string));
    expect(available.length).toBeGreaterThan(QUEUED);
    const queued = available.slice(0, QUEUED);
    const changed = available[QUEUED] as string;
    const admin = await portal.adminApi();

    expect(await portal.process.stop()).toBe("stopped");
    const downAt = Date.now();
    for (const boss of queued) {
      await card(officer, boss).getByRole("button").tap();
      await expect.poll(() => card(officer, boss).getAttribute("data-state")).toBe("on-cooldown");
    }
    expect(await queuedWrites(officer)).toBe(QUEUED);
    // The downtime itself is the scenario: nothing is read after it but what the pages do on their own.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + DOWN_MS - Date.now())));

    // What the officer's page asked of the server, and when, for the figures printed below.
    const asked: { path: string; sent: number; answered?: number; status?: number; results?: string }[] = [];
    officer.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/_api/")) asked.push({ path, sent: Date.now() });
    });
    officer.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      const entry = asked.findLast((a) => a.path === path && a.answered === undefined);
      if (entry) Object.assign(entry, { answered: Date.now(), status: response.status() });
      // A batch's answer says what became of each write in it.
      if (entry && path === "/_api/batch") {
        void response.json().then(
          (body: { json?: { results?: { status: number }[] } }) => {
            entry.results = (body.json?.results ?? []).map((r) => r.status).join(" ");
          },
          () => {},
        );
      }
    });
    restarted = startPortal(portal.process.env);
    const backAt = await answersAgain();

    // (a) another client's change, made the moment the server answers, on the phone; the page notes the time.
    const shown = phone
      .waitForFunction(
        (name) =>
          document.querySelector(`li[data-boss="${name}"]`)?.getAttribute("data-state") === "on-cooldown" &&
          Date.now(),
        changed,
        { polling: "raf", timeout: 60_000 },
      )
      .then(async (handle) => (await handle.jsonValue()) as number);
    expect((await admin.post("/boss-timers", { bossName: changed })).status).toBe(200);

    // (b) the officer's queued writes on the server, read through the API: the timers are polled gently (so the
    // reads do not slow down what they measure), then the audit log says when each start was applied.
    const landed = (async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await admin.get<{ timers: { bossName: string; isActive: boolean }[] }>("/boss-timers");
        const active = new Set(res.body.timers.filter((t) => t.isActive).map((t) => t.bossName));
        if (queued.every((boss) => active.has(boss))) break;
        if (Date.now() > deadline) throw new Error(`${QUEUED} queued starts never all landed`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const seen = Date.now();
      const log = await admin.get<{
        entries: { action: string; entityId: string | null; createdAt: Date }[];
      }>("/admin/audit-log?entity=boss_timer&limit=200");
      const times = log.body.entries
        .filter((e) => e.action.startsWith("start") && queued.includes(e.entityId ?? ""))
        .map((e) => e.createdAt.getTime() - backAt)
        .sort((a, b) => a - b);
      expect(times).toHaveLength(QUEUED);
      return { applied: backAt + (times.at(-1) as number), times, seen };
    })();

    const changeMs = (await shown) - backAt;
    const { applied, times, seen } = await landed;
    const writesMs = applied - backAt;
    console.log(
      `restart after ${DOWN_MS / 1000} s down: another client's change on the phone ${changeMs} ms, ` +
        `${QUEUED} queued writes on the server ${writesMs} ms after the server answered again ` +
        `(seen by a read every 250 ms at ${seen - backAt} ms; each applied at ${times.join(", ")} ms)`,
    );
    console.log(
      asked
        .filter((a) => a.answered !== undefined && a.answered >= backAt)
        .map(
          (a) =>
            `${a.path} ${a.status} sent ${a.sent - backAt} ms, answered ${(a.answered as number) - backAt} ms` +
            (a.results ? ` (${a.results})` : ""),
        )
        .join("\n"),
    );
    expect(changeMs).toBeLessThanOrEqual(BACK_WITHIN_MS);
    expect(writesMs).toBeLessThanOrEqual(BACK_WITHIN_MS);
    await expect.poll(() => queuedWrites(officer)).toBe(0);
  });
});

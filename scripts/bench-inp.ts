/**
 * `npm run bench:inp`: how the market pages answer with a large history in the local store. `npm start` on a fresh
 * DATA_DIR with the sample data and N more Sold items (`--items N`, default 10,000, imported in one call), then
 * in Debian's Chromium (playwright-core) at 390x844 and 1280x900, under 4x CPU throttling (DevTools'
 * Emulation.setCPUThrottlingRate), for the public market and the admin market:
 *   - first render: a reload with the items already in IndexedDB, from navigation start until the table holds
 *     its first item row;
 *   - INP of changing the Boss filter from the keyboard (`--interactions N`, default 8: ArrowDown through the
 *     bosses, then back up): the longest Event Timing entry (PerformanceObserver 'event', durationThreshold 16)
 *     of each interactionId, p50 and max over the interactions;
 *   - the item rows in the DOM after the last change.
 * Builds the web app first when its sources are newer (the browser tests' build). A benchmark, not a test: it
 * exits 1 only when something fails to run.
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import {
  ADMIN,
  apiLogin,
  type BrowserPortal,
  DESKTOP,
  PHONE,
  startBrowserPortal,
} from "../tests/e2e/browser.ts";
import { marketImportRows } from "./bench-market-rows.ts";
import { ms, percentile } from "./bench-stats.ts";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "10000" },
    interactions: { type: "string", default: "8" },
    throttle: { type: "string", default: "4" },
  },
});
const items = Number(values.items);
const interactions = Number(values.interactions);
const throttle = Number(values.throttle);

const PAGES = [
  { name: "public market", path: "/public/market-exchange", admin: false },
  { name: "admin market", path: "/market-exchange", admin: true },
] as const;
/** An item row of either market table (the skeleton rows carry a test id, the spacers aria-hidden). */
const ITEM_ROW = "table tbody tr:not([data-testid=skeleton-row]):not([aria-hidden=true])";

declare global {
  interface Window {
    __interactions?: Map<number, number>;
  }
}

/** Records the longest event duration of every interaction from now on. */
async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const longest = new Map<number, number>();
    window.__interactions = longest;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
      }
      // durationThreshold is missing from TypeScript's PerformanceObserverInit.
    }).observe({ type: "event", durationThreshold: 16 } as PerformanceObserverInit);
  });
}

const interactionCount = (page: Page) => page.evaluate(() => window.__interactions?.size ?? 0);

/** Each key press on the Boss select is one interaction; waits for its entry (reported after its paint). */
async function changeBossFilter(page: Page): Promise<number[]> {
  const boss = page.getByLabel("Boss", { exact: true });
  await boss.focus();
  const optionCount = await boss.locator("option").count();
  const steps = Math.min(interactions, 2 * (optionCount - 1));
  for (let step = 0; step < steps; step += 1) {
    const before = await boss.inputValue();
    await page.keyboard.press(step < steps / 2 ? "ArrowDown" : "ArrowUp");
    await page.waitForFunction(
      (value) =>
        document.activeElement instanceof HTMLSelectElement && document.activeElement.value !== value,
      before,
      { timeout: 60_000 },
    );
    // Entries shorter than 16 ms are not reported: a change that fast counts as 16 ms at most.
    await page
      .waitForFunction((count) => (window.__interactions?.size ?? 0) > count, step, { timeout: 5_000 })
      .catch(async () => {
        if ((await interactionCount(page)) <= step)
          await page.evaluate((id) => window.__interactions?.set(-id - 1, 16), step);
      });
  }
  return page.evaluate(() => [...(window.__interactions?.values() ?? [])]);
}

interface Measured {
  page: string;
  viewport: string;
  /** null: no item row within RENDER_TIMEOUT. */
  firstRender: number | null;
  inp: number[];
  domRows: number;
}

/** How long a page may take to show its first item row before it is reported as not rendering. */
const RENDER_TIMEOUT = 180_000;

async function measure(
  portal: BrowserPortal,
  total: number,
  target: (typeof PAGES)[number],
  viewport: { width: number; height: number },
): Promise<Measured> {
  const page = await portal.newPage({ viewport });
  const result: Measured = {
    page: target.name,
    viewport: `${viewport.width}x${viewport.height}`,
    firstRender: null,
    inp: [],
    domRows: 0,
  };
  try {
    if (target.admin) await portal.login(page, "admin");
    // A first visit pulls every item into IndexedDB; the reload measured below starts from the local store.
    await page.goto(portal.url(target.path));
    await page.waitForFunction(
      (expected) => document.querySelector("[data-testid=total-loots]")?.textContent === expected,
      // The page prints the count with thousands separators.
      total.toLocaleString("en-US"),
      { timeout: RENDER_TIMEOUT },
    );
    await page.locator(ITEM_ROW).first().waitFor({ timeout: RENDER_TIMEOUT });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
    await page.reload();
    await page.locator(ITEM_ROW).first().waitFor({ timeout: RENDER_TIMEOUT });
    result.firstRender = await page.evaluate(() => performance.now());
    // Let the reload's pull and its re-render finish before the first interaction.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })));
    await observeInteractions(page);
    result.inp = await changeBossFilter(page);
    result.domRows = await page.locator(ITEM_ROW).count();
  } catch (error) {
    console.log(`  ${target.name} at ${result.viewport}: ${String(error).split("\n")[0]}`);
  } finally {
    await page.context().close();
  }
  return result;
}

const cell = (value: number | null | undefined) => (value == null || Number.isNaN(value) ? "-" : ms(value));

function printRow(r: Measured) {
  console.log(
    `| ${r.page} | ${r.viewport} | ${r.firstRender === null ? "no rows" : ms(r.firstRender)} | ${cell(percentile(r.inp, 50))} | ${r.inp.length ? ms(Math.max(...r.inp)) : "-"} | ${r.inp.length} | ${r.domRows.toLocaleString("en-US")} |`,
  );
}

const portal = await startBrowserPortal();
try {
  const admin = await apiLogin(portal.baseUrl, ADMIN.email, ADMIN.password);
  const members = await admin.get<{ guildMembers: { playerName: string }[] }>("/guild-members?status=all");
  const bosses = await admin.get<{ bossNames: { name: string }[] }>("/public/boss-names");
  const started = performance.now();
  const imported = await admin.post("/admin/import-market-data", {
    marketData: marketImportRows(
      items,
      members.body.guildMembers.map((m) => m.playerName),
      bosses.body.bossNames.map((b) => b.name),
    ),
  });
  if (imported.status !== 200 && imported.status !== 201)
    throw new Error(`the import answered ${imported.status}: ${JSON.stringify(imported.body).slice(0, 300)}`);
  console.log(
    `bench:inp: npm start, the sample data and ${items.toLocaleString("en-US")} more Sold items (imported in ${ms(performance.now() - started)} ms); ${throttle}x CPU throttling`,
  );
  const total = (await admin.get<{ marketExchangeItems: unknown[] }>("/market-exchange")).body
    .marketExchangeItems.length;
  console.log(
    "\n| page | viewport | first render (ms) | INP p50 (ms) | INP max (ms) | interactions | item rows in DOM |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const target of PAGES)
    for (const viewport of [PHONE, DESKTOP]) printRow(await measure(portal, total, target, viewport));
} finally {
  await portal.stop();
}

/**
 * `npm run bench:charts`: how long each chart takes to draw with a large history in the local store (decision 088).
 * `npm start` on a fresh DATA_DIR with the sample data and N more Sold items (`--items N`, default 10,000, imported in
 * one call, 20 participants each, over two years), a raider account linked to a character in about 4,000 of them,
 * and 1,000 raids on the items' days; then in Debian's Chromium (playwright-core) at 390x844 under 4x CPU throttling
 * (DevTools' Emulation.setCPUThrottlingRate), for each chart: the page is opened and synced (My earnings: its answer
 * kept), reloaded, and the chart timed to its `chart-drawn:<name>` performance mark (chart-figure.tsx: reading its
 * data, fetching its lazy chunk, computing its series, drawing; a chart marks itself drawn only once its data is
 * read). Charts on a phone's first screen (market, funds, My earnings) load with their page and are timed from the
 * moment the page first shows its own data (a `page-ready` mark left by a MutationObserver: the market's first item
 * row, the funds overview, My earnings' balance), which is reported beside it, from the navigation; the attendance
 * charts (their tab) and the boss page's (its button) are timed from the ask, against one throttled frame of that
 * page (decision 094).
 * `--only <chart,...>` times only the charts named (their first chart's name, as in the table); `--profile` prints,
 * for each, the functions that took the page's thread between its start and its drawn mark (a DevTools CPU profile).
 * Target: 300 ms per chart. A benchmark, not a test: it exits 1 only when something fails to run.
 */
import { parseArgs } from "node:util";
import type { CDPSession, Page } from "playwright-core";
import { ADMIN, apiLogin, PHONE, startBrowserPortal, USER } from "../tests/e2e/browser.ts";
import { marketImportRows } from "./bench-market-rows.ts";
import { ms } from "./bench-stats.ts";

const { values } = parseArgs({
  options: {
    items: { type: "string", default: "10000" },
    throttle: { type: "string", default: "4" },
    // `--only earnings,fund-guild`: time these charts alone (the set-up is the same), for a before/after of a few.
    only: { type: "string", default: "" },
    // `--profile`: a DevTools CPU profile of each measured page, its top functions printed for the chart's own time.
    profile: { type: "boolean", default: false },
  },
});
const only = values.only ? new Set(values.only.split(",")) : null;
const items = Number(values.items);
const throttle = Number(values.throttle);
const TARGET_MS = 300;
const WAIT = 180_000;

/** An item row of the market table (bench-inp.ts): the page's own first paint of data. */
const ITEM_ROW = "table tbody tr:not([data-testid=skeleton-row]):not([aria-hidden=true])";

interface ChartCase {
  chart: string;
  path: string;
  role: "admin" | "user";
  /** What the page shows once its own data is there (a CSS selector, with a text it must contain). */
  ready: { selector: string; text?: string };
  /** Whether the page says when the local store was last synced (My earnings keeps a server answer instead). */
  synced: boolean;
  /** Asks for the chart (in the page, so the start mark is taken right before); "" for a chart that loads with it. */
  ask: string;
  /** What the chart is timed from, for the table. */
  from: string;
  /** The name of its `chart-rows:` and `chart-folded:` marks (rows and code in hand; series computed), if it leaves them. */
  marks?: string;
}

const click = (text: string) =>
  `[...document.querySelectorAll("button,[role=tab]")].find((b) => b.textContent?.trim() === ${JSON.stringify(text)})?.dispatchEvent(new MouseEvent("click", { bubbles: true }))`;
const tabClick = (name: string) =>
  `(() => { const t = [...document.querySelectorAll("[role=tab]")].find((b) => b.textContent?.trim() === ${JSON.stringify(name)}); t?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0 })); t?.dispatchEvent(new MouseEvent("mousedown", { bubbles: true })); t?.click(); })()`;

const CASES: ChartCase[] = [
  {
    chart: "sales-by-boss",
    path: "/market-exchange",
    role: "admin",
    // Near the top of the page, so it loads with it: timed from the page's first item row.
    ready: { selector: ITEM_ROW },
    synced: true,
    ask: "",
    from: "the first item row",
  },
  {
    chart: "fund-guild",
    path: "/guild-funds",
    role: "admin",
    // Within a phone's first screen, so it loads with the page: timed from the funds overview.
    ready: { selector: "[data-testid=reserved-guild-funds]", text: "USDT" },
    synced: true,
    ask: "",
    from: "the funds overview",
    marks: "funds",
  },
  {
    chart: "raids-per-member",
    path: "/admin/attendance",
    role: "admin",
    ready: { selector: "table tbody tr button[aria-label^=Edit]" },
    synced: true,
    ask: tabClick("Charts"),
    from: "its tab",
  },
  {
    chart: "next-24-hours",
    path: "/boss-timers",
    role: "admin",
    ready: { selector: "main", text: "AURAQ" },
    synced: true,
    ask: click("Next 24 hours"),
    from: "its button",
  },
  {
    chart: "earnings",
    path: "/me/earnings",
    role: "user",
    // Loads with the page, below the totals: timed from the balance.
    ready: { selector: "[data-testid=balance]" },
    synced: false,
    ask: "",
    from: "the balance",
    marks: "earnings",
  },
];

/** Charts drawn by the same request as another one (the same chunk and page): their own mark is read too. */
const ALSO = {
  "sales-by-boss": ["sales-by-month"],
  "fund-guild": ["fund-admin"],
  "raids-per-member": ["raid-times"],
};

/**
 * Leaves a `page-ready` performance mark the moment the page first shows its own data (a MutationObserver from the
 * document's start), so a chart that loads with its page is timed from there, not from when the bench noticed. A
 * script text: a function would be sent as tsx compiled it, with helpers the page does not have.
 */
const markPageReady = (ready: ChartCase["ready"]) => `(() => {
  const selector = ${JSON.stringify(ready.selector)};
  const text = ${JSON.stringify(ready.text ?? "")};
  const observer = new MutationObserver(() => {
    if (performance.getEntriesByName("page-ready").length > 0) return observer.disconnect();
    for (const element of document.querySelectorAll(selector))
      if (element.textContent.includes(text)) {
        performance.mark("page-ready");
        return observer.disconnect();
      }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Timing {
  chart: string;
  /** From the page's data on screen, or from the ask, to the chart's drawn mark. */
  ms: number;
  /** The page's data on screen from the navigation, or one throttled frame of the page. */
  baseline: number;
  /** When its rows and code were in hand, and its series computed, from the same start (NaN without marks). */
  rows: number;
  folded: number;
}

async function timeChart(page: Page, target: ChartCase): Promise<Timing[]> {
  const names = [target.chart, ...((ALSO as Record<string, string[]>)[target.chart] ?? [])];
  const fromPage = target.ask === "";
  const frame = fromPage
    ? 0
    : await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          }),
      );
  if (!fromPage) await page.evaluate(`performance.mark("chart-asked"); ${target.ask}`);
  return Promise.all(
    names.map(async (chart) => {
      await page.locator(`[data-testid="chart-${chart}"][data-drawn="true"]`).waitFor({ timeout: WAIT });
      const [from, drawn, rows, folded] = await page.evaluate(
        ([name, start, marks]) =>
          [start, `chart-drawn:${name}`, `chart-rows:${marks}`, `chart-folded:${marks}`].map(
            (mark) => performance.getEntriesByName(mark).at(-1)?.startTime ?? Number.NaN,
          ),
        [chart, fromPage ? "page-ready" : "chart-asked", target.marks ?? ""] as const,
      );
      const since = (at: number | undefined) => (at ?? Number.NaN) - (from ?? Number.NaN);
      return {
        chart,
        ms: since(drawn),
        baseline: fromPage ? (from ?? Number.NaN) : frame,
        rows: since(rows),
        folded: since(folded),
      };
    }),
  );
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Stops the page's CPU profile and prints its functions by self time between the page's data on screen (or the ask)
 * and the chart's drawn mark: where the chart's own time went. Sample times are mapped onto the page's clock from
 * the moment the profile stopped.
 */
async function topFunctions(page: Page, cdp: CDPSession, chart: string): Promise<string> {
  const [from, drawn, now] = await page.evaluate(
    (name) => [
      (
        performance.getEntriesByName("page-ready").at(-1) ??
        performance.getEntriesByName("chart-asked").at(-1)
      )?.startTime ?? 0,
      performance.getEntriesByName(`chart-drawn:${name}`).at(-1)?.startTime ?? 0,
      performance.now(),
    ],
    chart,
  );
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let at = profile.endTime;
  // Walk back from the end: each sample's time is the end less the deltas after it.
  for (let i = profile.samples.length - 1; i >= 0; i--) {
    const pageTime = now - (profile.endTime - at) / 1000;
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (pageTime >= (from ?? 0) && pageTime <= (drawn ?? 0)) {
      const frame = nodes.get(profile.samples[i] as number);
      const name = frame
        ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").at(-1) ?? ""}:${frame.lineNumber + 1}`
        : "?";
      self.set(name, (self.get(name) ?? 0) + delta);
    }
    at -= profile.timeDeltas[i] ?? 0;
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return `\n${chart}: self time between its start and its drawn mark (${ms((drawn ?? 0) - (from ?? 0))} ms)\n${top.map(([name, time]) => `  ${ms(time)} ms  ${name}`).join("\n")}\n`;
}

const portal = await startBrowserPortal();
try {
  const admin = await apiLogin(portal.baseUrl, ADMIN.email, ADMIN.password);
  const members = await admin.get<{ guildMembers: { id: number; playerName: string; status: string }[] }>(
    "/guild-members?status=all",
  );
  const bosses = await admin.get<{ bossNames: { name: string }[] }>("/public/boss-names");
  const roster = members.body.guildMembers.map((m) => m.playerName);
  const rows = marketImportRows(
    items,
    roster,
    bosses.body.bossNames.map((b) => b.name),
  );
  const imported = await admin.post("/admin/import-market-data", { marketData: rows });
  if (imported.status !== 200 && imported.status !== 201)
    throw new Error(`the import answered ${imported.status}: ${JSON.stringify(imported.body).slice(0, 300)}`);
  // A raid on every third item's day before today, with that item's participants, in the evening (18:00-22:00 UTC).
  const today = new Date().toISOString().slice(0, 10);
  // Only the attendance charts read them: left out when those are not timed (a thousand calls of the set-up).
  const raids =
    only === null || only.has("raids-per-member")
      ? rows.filter((row, i) => i % 3 === 0 && row.dateAcquired < today).slice(-1000)
      : [];
  const active = new Set(
    members.body.guildMembers.filter((m) => m.status === "active").map((m) => m.playerName),
  );
  for (const [i, row] of raids.entries()) {
    const present = row.participatedMembers.filter((name) => active.has(name));
    if (present.length === 0) continue;
    const res = await admin.post("/attendance", {
      bossName: row.bossName,
      dateAttended: `${row.dateAcquired}T${18 + (i % 5)}:00:00Z`,
      participatedMembers: present,
    });
    if (res.status !== 201) throw new Error(`attendance answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  // The raider (created by the first login as "user") is linked to the roster's first character.
  const probe = await portal.newPage({ viewport: PHONE });
  await portal.login(probe, "user");
  await probe.context().close();
  const accounts = await admin.get<{ accounts: { id: number; email: string }[] }>("/admin/accounts");
  const userId = accounts.body.accounts.find((a) => a.email === USER.email)?.id;
  const character = members.body.guildMembers[0];
  await admin.post("/admin/accounts/link-member", { userId, memberId: character?.id });
  const shares = rows.filter((r) => r.participatedMembers.includes(character?.playerName ?? "")).length;
  console.log(
    `bench:charts: npm start, the sample data and ${items.toLocaleString("en-US")} more Sold items; ${character?.playerName}'s ${shares.toLocaleString("en-US")} shares on My earnings; ${throttle}x CPU throttling at ${PHONE.width}x${PHONE.height}; target ${TARGET_MS} ms`,
  );
  console.log(
    "\n| chart | page | timed from | chart (ms) | rows and code in hand / series computed (ms) | page's data / one frame (ms) | target |\n| --- | --- | --- | ---: | ---: | ---: | --- |",
  );
  for (const target of CASES.filter((c) => only === null || only.has(c.chart))) {
    const page = await portal.newPage({ viewport: PHONE });
    try {
      await portal.login(page, target.role);
      // The first visit syncs the local store (or keeps My earnings' answer); the measured one starts from it.
      await page.goto(portal.url(target.path));
      const ready = page.locator(target.ready.selector, { hasText: target.ready.text }).first();
      await ready.waitFor({ timeout: WAIT });
      if (target.synced)
        await page
          .getByText(/Last synced/)
          .first()
          .waitFor({ timeout: WAIT });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
      await page.addInitScript(markPageReady(target.ready));
      if (values.profile) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.start");
      }
      await page.reload();
      await ready.waitFor({ timeout: WAIT });
      if (target.ask !== "")
        await page.evaluate(
          () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 20_000 })),
        );
      const timings = await timeChart(page, target);
      for (const r of timings)
        console.log(
          `| ${r.chart} | ${target.path} | ${target.from} | ${ms(r.ms)} | ${Number.isNaN(r.rows) ? "" : `${ms(r.rows)} / ${ms(r.folded)}`} | ${ms(r.baseline)} | ${r.ms <= TARGET_MS ? "met" : "MISSED"} |`,
        );
      if (values.profile) console.log(await topFunctions(page, cdp, target.chart));
    } catch (error) {
      console.log(`| ${target.chart} | ${target.path} | failed: ${String(error).split("\n")[0]} | | | | |`);
    } finally {
      await page.context().close();
    }
  }
} finally {
  await portal.stop();
}

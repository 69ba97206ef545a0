/**
 * `npm run bench:boot`: what one page boot of a browser test costs the machine, and where (decision 063). Most
 * browser tests open a fresh context and boot the app once or more, so this is the unit the e2e project's time is
 * made of. `npm start` on a fresh DATA_DIR with the sample data, then in Debian's Chromium (playwright-core) for
 * each path (`--paths=/a,/b`, default the roster, the boss page and the admin market signed in), `--boots N`
 * (default 6) boots each way:
 *   - fresh: a new context per boot, as a test's fixture page (the baseline);
 *   - warm: new pages in one context that already booted the path (HTTP cache, compiled code and the local
 *     store kept), as pages a file shares across its tests.
 * A boot is from `goto` until the app runs and the page shows its first table row or heading. Printed per boot:
 * CPU seconds by process (Chromium's browser, renderer, GPU and network processes, the portal, this script)
 * read from /proc (Linux) before the context closes, the wall time, and warm as a share of fresh. Builds the web
 * app first when its sources are newer. A benchmark, not a test: it exits 1 only when something fails to run.
 */
import { parseArgs } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { type BrowserPortal, startBrowserPortal } from "../tests/e2e/browser.ts";
import { ms } from "./bench-stats.ts";
import { processTicks as allProcessTicks, CLOCK_TICKS } from "./process-cpu.ts";

const { values } = parseArgs({
  options: {
    paths: { type: "string", default: "/public/guild-members,/boss-timers,/market-exchange" },
    boots: { type: "string", default: "6" },
  },
});
const paths = values.paths.split(",").filter(Boolean);
const boots = Number(values.boots);
/** Paths that need the admin signed in. */
const ADMIN_PATHS = ["/market-exchange", "/admin"];

/** CPU ticks so far of every Chromium process, this script and the portal, by pid. */
const processTicks = () =>
  allProcessTicks((pid, command) =>
    Number(pid) === process.pid ? "bench" : /worker\/node\/main\.ts/.test(command) ? "portal" : null,
  );

/** CPU seconds by kind of process between two readings (a process started between them counts in full). */
function cpuBetween(before: ReturnType<typeof processTicks>, after: ReturnType<typeof processTicks>) {
  const byKind = new Map<string, number>();
  for (const [pid, { kind, ticks }] of after) {
    const used = ticks - (before.get(pid)?.ticks ?? 0);
    byKind.set(kind, (byKind.get(kind) ?? 0) + used / CLOCK_TICKS);
  }
  return byKind;
}

async function boot(portal: BrowserPortal, page: Page, path: string): Promise<void> {
  await page.goto(portal.url(path));
  await page.locator('html[data-app="running"]').waitFor({ state: "attached", timeout: 60_000 });
  await page.locator("main table tbody tr, main h1").first().waitFor({ timeout: 60_000 });
}

interface Measured {
  cpu: Map<string, number>;
  wallMs: number;
}

/** `boots` boots of `path`, each on the page `open` gives, measured before `close`. */
async function measure(
  portal: BrowserPortal,
  path: string,
  open: () => Promise<Page>,
  close: (page: Page) => Promise<void>,
): Promise<Measured> {
  const cpu = new Map<string, number>();
  let wallMs = 0;
  for (let index = 0; index < boots; index++) {
    const before = processTicks();
    const started = performance.now();
    const page = await open();
    await boot(portal, page, path);
    wallMs += performance.now() - started;
    for (const [kind, seconds] of cpuBetween(before, processTicks()))
      cpu.set(kind, (cpu.get(kind) ?? 0) + seconds);
    await close(page);
  }
  for (const [kind, seconds] of cpu) cpu.set(kind, seconds / boots);
  return { cpu, wallMs: wallMs / boots };
}

const KINDS = ["renderer", "browser", "gpu", "network", "portal", "bench"] as const;
const total = (cpu: Map<string, number>) => [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0);

function row(path: string, way: string, measured: Measured, baseline?: Measured): string {
  const share = baseline ? `${Math.round((100 * total(measured.cpu)) / total(baseline.cpu))}%` : "100%";
  const cells = KINDS.map((kind) => (measured.cpu.get(kind) ?? 0).toFixed(2));
  return `| ${path} | ${way} | ${total(measured.cpu).toFixed(2)} | ${cells.join(" | ")} | ${ms(measured.wallMs)} | ${share} |`;
}

const portal = await startBrowserPortal();
try {
  console.log(`${boots} boots per path and way; CPU seconds per boot.\n`);
  console.log(`| path | way | CPU | ${KINDS.join(" | ")} | wall ms | of fresh |`);
  console.log(`| --- | --- | ---: | ${KINDS.map(() => "---:").join(" | ")} | ---: | ---: |`);
  for (const path of paths) {
    const admin = ADMIN_PATHS.some((prefix) => path.startsWith(prefix));
    const fresh = await measure(
      portal,
      path,
      async () => {
        const page = await portal.newPage({}, "file");
        if (admin) await portal.login(page, "admin");
        return page;
      },
      (page) => page.context().close(),
    );
    const context: BrowserContext = await portal.newContext({}, "file");
    const first = await context.newPage();
    if (admin) await portal.login(first, "admin");
    await boot(portal, first, path);
    await first.close();
    const warm = await measure(
      portal,
      path,
      () => context.newPage(),
      (page) => page.close(),
    );
    await context.close();
    console.log(row(path, "fresh", fresh));
    console.log(row(path, "warm", warm, fresh));
  }
} finally {
  await portal.stop();
}

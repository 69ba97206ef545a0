/**
 * `npm run bench:lighthouse`: Lighthouse (performance, accessibility, best practices; its default mobile
 * profile: a simulated slow 4G and a 4x slower CPU) for / and /public/guild-members, in Debian's Chromium
 * against `npm start` on a fresh DATA_DIR with the sample data and a free port.
 *
 * - Builds the web app first (`npm run build`) unless `--no-build` is given and dist/web exists.
 * - Each page is measured 5 times (`--runs=N`); every run is printed (score, FCP, LCP, TBT, CLS and the
 *   element LCP chose, and its longest main-thread tasks, where the blocking time comes from), then the median run by performance score, as Lighthouse advises for a score that varies
 *   from run to run, and the median LCP. `--paths=/a,/b` measures other pages.
 * - The scores depend on the machine's load: the load average is printed before and after.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildWeb, repoRoot, startPortal } from "./start-server.ts";

const CHROMIUM = "/usr/bin/chromium";
const DEFAULT_PATHS = ["/", "/public/guild-members"];

interface AuditTable {
  items?: { node?: { selector?: string; nodeLabel?: string } }[];
}

/** A row of the long-tasks audit: the script the task ran (or "Unattributable") and its simulated length. */
interface LongTask {
  url?: string;
  duration?: number;
  startTime?: number;
}

interface LighthouseReport {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; displayValue?: string; details?: { items?: (AuditTable & LongTask)[] } }
  >;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

function runLighthouse(cli: string, url: string, outDir: string): LighthouseReport | string {
  const output = join(outDir, "report.json");
  const run = spawnSync(
    process.execPath,
    [
      cli,
      url,
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
      "--only-categories=performance,accessibility,best-practices",
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
    ],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (run.status !== 0 || !existsSync(output)) {
    return (run.stderr || run.stdout || String(run.error)).trim().slice(0, 500);
  }
  const report = JSON.parse(readFileSync(output, "utf8")) as LighthouseReport;
  rmSync(output, { force: true });
  return report;
}

const performance = (report: LighthouseReport) =>
  Math.round((report.categories.performance?.score ?? 0) * 100);
const score = (report: LighthouseReport, id: string) => {
  const value = report.categories[id]?.score;
  return value === null || value === undefined ? "n/a" : String(Math.round(value * 100));
};
const metric = (report: LighthouseReport, id: string) => report.audits[id]?.displayValue ?? "n/a";
/** What LCP chose: the element's selector and text (the audit's first table holds the node). */
const lcpElement = (report: LighthouseReport) => {
  const tables = report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = tables.flatMap((table) => table.items ?? []).find((item) => item.node)?.node;
  return node ? `${node.selector ?? ""} "${(node.nodeLabel ?? "").slice(0, 60)}"` : "n/a";
};

/** The main thread's long tasks (over 50 ms, on the simulated CPU), longest first: where TBT comes from. */
const longTasks = (report: LighthouseReport) =>
  (report.audits["long-tasks"]?.details?.items ?? [])
    .map((task) => ({ ...task, duration: task.duration ?? 0 }))
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6)
    .map(
      (task) =>
        `${Math.round(task.duration)} ms at ${Math.round(task.startTime ?? 0)} ms ${(task.url ?? "").replace(/^https?:\/\/[^/]+/, "")}`,
    )
    .join("; ") || "none";

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

function printRun(path: string, index: number, report: LighthouseReport, loadBefore: string): void {
  console.log(
    `  ${path} run ${index + 1} (load ${loadBefore}): performance ${performance(report)}  FCP ${metric(report, "first-contentful-paint")}, LCP ${metric(report, "largest-contentful-paint")}, TBT ${metric(report, "total-blocking-time")}, CLS ${metric(report, "cumulative-layout-shift")}  LCP element ${lcpElement(report)}`,
  );
  console.log(`    long tasks: ${longTasks(report)}`);
}

function printMedian(path: string, reports: readonly LighthouseReport[]): void {
  if (reports.length === 0) return;
  // Lighthouse's own advice for a score that varies from run to run: several runs, and the median one.
  const sorted = [...reports].sort((a, b) => performance(a) - performance(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseReport;
  const lcp = median(reports.map((report) => report.audits["largest-contentful-paint"]?.numericValue ?? 0));
  console.log(
    `  ${path} median of ${reports.length}: performance ${performance(middle)}, accessibility ${score(middle, "accessibility")}, best practices ${score(middle, "best-practices")}; median LCP ${(lcp / 1000).toFixed(1)} s (Lighthouse ${middle.lighthouseVersion})`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const runsArg = args.find((arg) => arg.startsWith("--runs="));
  const runs = runsArg ? Math.max(1, Number(runsArg.slice("--runs=".length)) || 1) : 5;
  const pathsArg = args.find((arg) => arg.startsWith("--paths="));
  const paths = pathsArg ? pathsArg.slice("--paths=".length).split(",") : DEFAULT_PATHS;
  let cli: string;
  try {
    cli = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
  } catch {
    throw new Error("Lighthouse is not installed (npm install).");
  }
  if (!existsSync(CHROMIUM)) throw new Error("Debian Chromium is missing: apt-get install -y chromium");
  if (!args.includes("--no-build") || !existsSync(join(repoRoot, "dist", "web", "index.html"))) buildWeb();

  const portal = await startPortal();
  const outDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  try {
    console.log(`\nLighthouse (mobile profile, Debian Chromium) against npm start at ${portal.url}`);
    console.log(`Load average (1, 5, 15 min) before: ${load()}`);
    for (const path of paths) {
      const reports: LighthouseReport[] = [];
      for (let attempt = 0; attempt < runs; attempt += 1) {
        const loadBefore = loadavg()[0]?.toFixed(2) ?? "n/a";
        const report = runLighthouse(cli, `${portal.url}${path}`, outDir);
        if (typeof report === "string") {
          console.log(`  ${path} run ${attempt + 1}: Lighthouse failed: ${report}`);
          continue;
        }
        printRun(path, attempt, report, loadBefore);
        reports.push(report);
      }
      printMedian(path, reports);
    }
    console.log(`Load average (1, 5, 15 min) after: ${load()}`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await portal.stop();
  }
}

await main();

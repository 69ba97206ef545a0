/**
 * `npm run bench:web`: what a visitor's phone downloads before a public page can run, and Lighthouse's
 * scores for two public pages.
 *
 * - Builds the web app (`npm run build`) unless `--no-build` is given and dist/web exists.
 * - For each public route: the gzipped JavaScript of its initial load, read from dist/web/.vite/manifest.json
 *   (the entry chunk, the boot stages it imports before the first render, the route's lazy chunk and every
 *   chunk they import statically; other lazily imported chunks are not counted). Budget: 150 kB gzipped per route; the script exits 1 when a route is over it.
 *   The data layer (Dexie, sync, outbox: src/data/data-layer-instance.ts) is fetched by the entry as the app
 *   boots, in parallel with the first render; it is printed on its own and in "with data", the whole first visit.
 * - Lighthouse (performance, accessibility, best practices; its default mobile profile) for / and
 *   /public/guild-members, in Debian's Chromium against `npm start` on a fresh DATA_DIR with the sample data.
 *   Each page is measured 5 times (`--runs=N` to change) and the median run is printed, as Lighthouse
 *   advises for a score that varies from run to run; every run's performance score is listed too.
 *   `--no-lighthouse` skips it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot, startPortal } from "./start-server.ts";

const webDir = join(repoRoot, "dist", "web");
const CHROMIUM = "/usr/bin/chromium";
const BUDGET_BYTES = 150_000;

/** Public routes and the module each one loads lazily (web/src/router.tsx); home is in the entry. */
const PUBLIC_ROUTES: readonly { path: string; module: string | null }[] = [
  { path: "/", module: null },
  { path: "/public/guild-members", module: "src/routes/public/guild-members.tsx" },
  { path: "/public/market-exchange", module: "src/routes/public/market-exchange.tsx" },
  { path: "/public/salary-calculation", module: "src/routes/public/salary-calculation.tsx" },
  { path: "/boss-timers", module: "src/routes/boss-timers.tsx" },
  { path: "/login", module: "src/routes/login.tsx" },
];
const DATA_LAYER_MODULE = "src/data/data-layer-instance.ts";
/** The stages the entry (src/main.tsx) imports one after another before the first render (decision 015). */
const BOOT_STAGE_MODULES = ["src/boot/react-runtime.ts", "src/boot/start.tsx", "src/router.tsx"];
const LIGHTHOUSE_PATHS = ["/", "/public/guild-members"];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: BuildManifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`dist/web/.vite/manifest.json has no chunk "${key}"`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function build(): void {
  console.log("Building the web app (npm run build)...");
  const result = spawnSync("npm", ["run", "build", "--silent", "--", "--logLevel", "warn"], {
    cwd: repoRoot,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The web build failed.");
}

function reportBytes(): boolean {
  const manifestPath = join(webDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(
      "dist/web/.vite/manifest.json is missing: build with `build.manifest: true` (npm run build).",
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as BuildManifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error("The build manifest has no entry chunk.");
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };

  const bootKeys = [entry, ...BOOT_STAGE_MODULES];
  const entryFiles = staticClosure(manifest, bootKeys);
  const entryBytes = [...entryFiles].reduce((sum, file) => sum + sizeOf(file), 0);
  console.log(`\nInitial JavaScript per public route (gzip -9; budget ${kB(BUDGET_BYTES)})`);
  console.log(`  shared entry: ${kB(entryBytes)} in ${entryFiles.size} file(s)`);
  const layerFiles = [...staticClosure(manifest, [DATA_LAYER_MODULE])].filter(
    (file) => !entryFiles.has(file),
  );
  const layerBytes = layerFiles.reduce((sum, file) => sum + sizeOf(file), 0);
  console.log(
    `  data layer, fetched at boot after the entry: ${kB(layerBytes)} in ${layerFiles.length} file(s)`,
  );
  let withinBudget = true;
  for (const route of PUBLIC_ROUTES) {
    const files = staticClosure(manifest, route.module ? [...bootKeys, route.module] : bootKeys);
    const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    const over = total > BUDGET_BYTES;
    withinBudget &&= !over;
    const own = total - entryBytes;
    const withData = [...new Set([...files, ...layerFiles])].reduce((sum, file) => sum + sizeOf(file), 0);
    console.log(
      `  ${route.path.padEnd(28)} ${kB(total).padStart(9)}  (route +${kB(own)}, ${files.size} files; with data ${kB(withData)})${over ? "  OVER BUDGET" : ""}`,
    );
  }
  return withinBudget;
}

function lighthouseCli(): string | null {
  try {
    return createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
  } catch {
    return null;
  }
}

interface LighthouseReport {
  lighthouseVersion: string;
  categories: Record<string, { title: string; score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
}

async function reportLighthouse(runs: number): Promise<void> {
  const cli = lighthouseCli();
  if (!cli) {
    console.log("\nLighthouse: not installed (npm install --save-dev lighthouse); byte sizes only.");
    return;
  }
  if (!existsSync(CHROMIUM)) {
    console.log("\nLighthouse: Debian Chromium is missing (apt-get install -y chromium); byte sizes only.");
    return;
  }
  const portal = await startPortal();
  const outDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  try {
    const probe = await fetch(`${portal.url}/`, { headers: { "accept-encoding": "gzip, br" } });
    const encoding = probe.headers.get("content-encoding");
    console.log(
      `\nLighthouse (mobile profile, Debian Chromium) against npm start; responses ${encoding ? `are ${encoding}-encoded` : "are sent uncompressed"}`,
    );
    for (const path of LIGHTHOUSE_PATHS) {
      const reports: LighthouseReport[] = [];
      for (let attempt = 0; attempt < runs; attempt += 1) {
        const output = join(outDir, "report.json");
        const run = spawnSync(
          process.execPath,
          [
            cli,
            `${portal.url}${path}`,
            `--chrome-path=${CHROMIUM}`,
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
            "--only-categories=performance,accessibility,best-practices",
            "--output=json",
            `--output-path=${output}`,
            "--quiet",
          ],
          { encoding: "utf8", timeout: 240_000 },
        );
        if (run.status !== 0 || !existsSync(output)) {
          console.log(
            `  ${path}: Lighthouse failed: ${(run.stderr || run.stdout || String(run.error)).trim().slice(0, 500)}`,
          );
          continue;
        }
        reports.push(JSON.parse(readFileSync(output, "utf8")) as LighthouseReport);
        rmSync(output, { force: true });
      }
      if (reports.length === 0) continue;
      const performance = (report: LighthouseReport) => report.categories.performance?.score ?? 0;
      // Lighthouse's own advice for a score that varies from run to run: several runs, and the median one.
      const sorted = [...reports].sort((a, b) => performance(a) - performance(b));
      const report = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseReport;
      const score = (id: string) => {
        const value = report.categories[id]?.score;
        return value === null || value === undefined ? "n/a" : String(Math.round(value * 100));
      };
      const metric = (id: string) => report.audits[id]?.displayValue ?? "n/a";
      console.log(
        `  ${path.padEnd(24)} performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}` +
          `  (median of ${reports.length} runs; FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}; Lighthouse ${report.lighthouseVersion})`,
      );
      console.log(
        `  ${"".padEnd(24)} performance in each run: ${reports.map((r) => Math.round(performance(r) * 100)).join(", ")}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await portal.stop();
  }
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (!args.has("--no-build") || !existsSync(join(webDir, "index.html"))) build();
  const withinBudget = reportBytes();
  const runsArg = process.argv.find((arg) => arg.startsWith("--runs="));
  const runs = runsArg ? Math.max(1, Number(runsArg.slice("--runs=".length)) || 1) : 5;
  if (!args.has("--no-lighthouse")) await reportLighthouse(runs);
  if (!withinBudget) {
    console.log(`\nAt least one public route loads more than ${kB(BUDGET_BYTES)} of gzipped JavaScript.`);
    process.exitCode = 1;
  }
}

await main();

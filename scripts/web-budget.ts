/**
 * What a visitor's phone downloads before a public page can run, read from a web build's manifest
 * (dist/web/.vite/manifest.json), and the budget it is held to (decisions 014 and 062). `npm run bench:web`
 * prints it; tests/e2e/bundle-budget.test.ts fails a build that is over it.
 *
 * A route's initial JavaScript is the entry chunk, the boot stages it imports before the first render
 * (decision 015), the route's lazy chunk and every chunk they import statically; chunks imported lazily (the
 * data layer, dialogs, the virtualiser of long tables) are not counted. Sizes are gzip -9.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 140_000;

/**
 * Public routes, the module each one loads lazily (web/src/router.tsx; home is in the entry), and its ceiling:
 * the gzipped bytes it may not grow past (decision 074). A ceiling is the route's size before the last change
 * that was held to "no public route's initial JavaScript grows"; raising one takes a decision that says why.
 * Decision 094 lowered each by the bytes it took back.
 */
export const PUBLIC_ROUTES: readonly { path: string; module: string | null; ceiling: number }[] = [
  { path: "/", module: null, ceiling: 123_111 },
  { path: "/public/guild-members", module: "src/routes/public/guild-members.tsx", ceiling: 130_926 },
  { path: "/public/market-exchange", module: "src/routes/public/market-exchange.tsx", ceiling: 137_760 },
  {
    path: "/public/salary-calculation",
    module: "src/routes/public/salary-calculation.tsx",
    ceiling: 135_008,
  },
  { path: "/boss-timers", module: "src/routes/boss-timers.tsx", ceiling: 131_887 },
  { path: "/login", module: "src/routes/login.tsx", ceiling: 127_133 },
];
const DATA_LAYER_MODULE = "src/data/data-layer-instance.ts";
/** The stages the entry (src/main.tsx) imports one after another before the first render (decision 015). */
const BOOT_STAGE_MODULES = ["src/boot/react-runtime.ts", "src/boot/start.tsx", "src/router.tsx"];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

export interface RouteBytes {
  path: string;
  /** What it may not grow past (PUBLIC_ROUTES). */
  ceiling: number;
  /** The route's initial JavaScript: the shared entry and the route's own chunks. */
  bytes: number;
  /** Of it, what the route adds to the shared entry. */
  ownBytes: number;
  files: number;
  /** With the data layer's chunk, which the entry fetches as the app boots: the whole first visit. */
  withDataBytes: number;
}

export interface InitialJs {
  entryBytes: number;
  entryFiles: number;
  dataLayerBytes: number;
  dataLayerFiles: number;
  routes: RouteBytes[];
}

/** The files a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: BuildManifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk "${key}"`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The gzipped initial JavaScript of every public route of the web build in `webDir`. */
export function measureInitialJs(webDir: string): InitialJs {
  const manifestPath = join(webDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build with \`build.manifest: true\` (npm run build).`);
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
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + sizeOf(file), 0);

  const bootKeys = [entry, ...BOOT_STAGE_MODULES];
  const entryFiles = staticClosure(manifest, bootKeys);
  const entryBytes = sum(entryFiles);
  const layerFiles = [...staticClosure(manifest, [DATA_LAYER_MODULE])].filter(
    (file) => !entryFiles.has(file),
  );
  const routes = PUBLIC_ROUTES.map((route) => {
    const files = staticClosure(manifest, route.module ? [...bootKeys, route.module] : bootKeys);
    const bytes = sum(files);
    return {
      path: route.path,
      ceiling: route.ceiling,
      bytes,
      ownBytes: bytes - entryBytes,
      files: files.size,
      withDataBytes: sum(new Set([...files, ...layerFiles])),
    };
  });
  return {
    entryBytes,
    entryFiles: entryFiles.size,
    dataLayerBytes: sum(layerFiles),
    dataLayerFiles: layerFiles.length,
    routes,
  };
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The table `npm run bench:web` prints, one line per route, over-budget routes marked. */
export function initialJsTable(measured: InitialJs): string[] {
  return [
    `Initial JavaScript per public route (gzip -9; budget ${kB(BUDGET_BYTES)})`,
    `  shared entry: ${kB(measured.entryBytes)} in ${measured.entryFiles} file(s)`,
    `  data layer, fetched at boot after the entry: ${kB(measured.dataLayerBytes)} in ${measured.dataLayerFiles} file(s)`,
    ...measured.routes.map(
      (route) =>
        `  ${route.path.padEnd(28)} ${kB(route.bytes).padStart(9)}  (route +${kB(route.ownBytes)}, ${route.files} files; with data ${kB(route.withDataBytes)}; ceiling ${kB(route.ceiling)})${route.bytes > BUDGET_BYTES ? "  OVER BUDGET" : route.bytes > route.ceiling ? "  OVER CEILING" : ""}`,
    ),
  ];
}

/** The routes whose initial JavaScript is over their ceiling (PUBLIC_ROUTES, decision 074). */
export const overCeiling = (measured: InitialJs): RouteBytes[] =>
  measured.routes.filter((route) => route.bytes > route.ceiling);

/** Each route's bytes in `measured` against the build of `baselineName`, with the difference and the ratio. */
export function comparisonTable(baseline: InitialJs, measured: InitialJs, baselineName: string): string[] {
  const row = (path: string, before: number, after: number) =>
    `  ${path.padEnd(28)} ${String(before).padStart(9)} ${String(after).padStart(9)} ${`${after >= before ? "+" : ""}${after - before}`.padStart(8)} ${(after / before).toFixed(3).padStart(7)}`;
  return [
    `Against ${baselineName} (gzip -9 bytes)`,
    `  ${"route".padEnd(28)} ${"baseline".padStart(9)} ${"now".padStart(9)} ${"change".padStart(8)} ${"ratio".padStart(7)}`,
    row("shared entry", baseline.entryBytes, measured.entryBytes),
    ...measured.routes.map((route) => {
      const before = baseline.routes.find((r) => r.path === route.path);
      return before
        ? row(route.path, before.bytes, route.bytes)
        : `  ${route.path.padEnd(28)} (not in ${baselineName})`;
    }),
  ];
}

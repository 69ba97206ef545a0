import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Projects:
 * - unit: pure tests (shared, web, worker tests without a database), once, in Node.
 * - pglite, postgres, workerd: every worker test that uses createTestDb(), three times: on in-memory
 *   PGlite; on node-postgres against a throwaway PostgreSQL 15 server the global setup starts; and inside
 *   workerd on the Neon driver, through a WebSocket-to-TCP proxy to that same server.
 *   `*.node.test.ts` need Node (files on disk), so they run on pglite only, and so do the web tests
 *   that reach createTestDb() (the data layer against the real API).
 * - e2e: tests/e2e, processes (and later a browser) driven as a person would.
 * Run one with `npx vitest run --project <name>`.
 */

const root = import.meta.dirname;

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => relative(root, join(root, dir, file)).replaceAll("\\", "/"));
}

const TEST_DB = join(root, "worker", "test", "test-db.ts");

/** tsconfig.json's import aliases ("@worker/*": ["./worker/*"]), which Vite resolves with tsconfigPaths. */
const tsconfig = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")) as {
  compilerOptions: { paths: Record<string, string[]> };
};
const aliases = Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target = ""]]) => ({
  prefix: alias.replace(/\*$/, ""),
  dir: join(root, target.replace(/\*$/, "")),
}));

/** The file an import names: relative to the importer or through an alias; null for a package. */
function importTarget(file: string, spec: string): string | null {
  if (spec.startsWith(".")) return resolve(dirname(file), spec);
  const alias = aliases.find(({ prefix }) => spec.startsWith(prefix));
  return alias ? join(alias.dir, spec.slice(alias.prefix.length)) : null;
}

/** Whether a module reaches worker/test/test-db.ts through its imports (helpers included). */
function importsTestDb(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, spec] of source.matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
    const target = importTarget(file, spec as string);
    if (target === null) continue;
    if (target === TEST_DB) return true;
    if (/\.tsx?$/.test(target) && existsSync(target) && importsTestDb(target, seen)) return true;
  }
  return false;
}

/** API and database tests: the worker tests that use createTestDb(), run once per driver. */
const dbTests = testFiles("worker").filter((file) => importsTestDb(join(root, file)));
/**
 * Web data-layer tests against the real API (fake-indexeddb, an HTTP server on Node): once, on PGlite.
 * They test the browser's side, which does not change with the database driver.
 */
const webDbTests = testFiles("web").filter((file) => importsTestDb(join(root, file)));

/** `*.node.test.ts` read files from disk or compare with PGlite: Node only, on the embedded driver. */
const nodeOnly = (file: string) => file.endsWith(".node.test.ts");

/** Sizes of the long property runs, passed on to every runtime (workerd sees only what the project sets). */
const propertyRuns = {
  SALARY_PROPERTY_RUNS: process.env.SALARY_PROPERTY_RUNS ?? "",
  PAYOUT_PROPERTY_RUNS: process.env.PAYOUT_PROPERTY_RUNS ?? "",
  AUCTION_SPLIT_RUNS: process.env.AUCTION_SPLIT_RUNS ?? "",
};

/**
 * The API projects share a worker's module cache between its test files (decision 064): each file makes its
 * own database and app, and nothing in worker/ keeps state between them, so a fresh process (and, in workerd,
 * a fresh runtime) per file only repeated the imports.
 */
const SHARED_MODULES = { isolate: false } as const;

const dbProject = (name: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name,
    ...SHARED_MODULES,
    include: name === "pglite" ? [...dbTests, ...webDbTests] : dbTests.filter((file) => !nodeOnly(file)),
    globalSetup: [`worker/test/global-setup/${name}.ts`],
    provide: { testDriver: name },
    env: { TEST_DRIVER: name, ...propertyRuns },
  },
});

/** The Worker's runtime settings, from wrangler.toml, so the tests run on what production runs. */
function wranglerSetting(key: string): string {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const match = new RegExp(`^${key}\\s*=\\s*(.+)$`, "m").exec(toml);
  if (!match?.[1]) throw new Error(`wrangler.toml has no ${key}`);
  return match[1].trim();
}
const compatibilityDate = JSON.parse(wranglerSetting("compatibility_date")) as string;
const compatibilityFlags = JSON.parse(wranglerSetting("compatibility_flags")) as string[];

export default defineConfig({
  // The import aliases (@web/, @shared/, @worker/) are tsconfig.json's paths, as for tsc and tsx.
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite is CPU-heavy WASM, the other projects mostly wait on processes they started.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "shared/**/*.test.ts",
            "worker/**/*.test.ts",
            "web/**/*.test.{ts,tsx}",
            "tests/docs/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...dbTests, ...webDbTests],
          environment: "node",
          // The PGlite dumps the Node-only tests of migrations and first starts load (decision 064).
          globalSetup: ["worker/test/global-setup/unit.ts"],
        },
      },
      dbProject("pglite"),
      dbProject("postgres"),
      {
        extends: true,
        plugins: [
          cloudflareTest({
            miniflare: { compatibilityDate, compatibilityFlags },
          }),
        ],
        test: {
          name: "workerd",
          include: dbTests.filter((file) => !nodeOnly(file)),
          ...SHARED_MODULES,
          globalSetup: ["worker/test/global-setup/workerd.ts"],
          provide: { testDriver: "workerd" },
          env: { TEST_DRIVER: "workerd", ...propertyRuns },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["worker/test/global-setup/e2e.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page on a busy two-core machine can take seconds to settle: polls wait for what they assert
          // this long unless a test says otherwise, instead of vitest's default second.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

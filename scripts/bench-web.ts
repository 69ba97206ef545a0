/**
 * `npm run bench:web`: what a visitor's phone downloads before a public page can run (scripts/web-budget.ts).
 *
 * - Builds the web app (`npm run build`) unless `--no-build` is given and dist/web exists; `--dir=PATH`
 *   measures another build instead.
 * - Prints, per public route, the gzipped initial JavaScript, what the route adds to the shared entry, and the
 *   same with the data layer's chunk (Dexie, sync, outbox), which the entry fetches as the app boots.
 * - Exits 1 when a route is over the budget (140 kB gzipped, decision 062). The e2e project checks the same
 *   budget on every test run (tests/e2e/bundle-budget.test.ts).
 *
 * Lighthouse's scores are `npm run bench:lighthouse`.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildWeb, repoRoot } from "./start-server.ts";
import { BUDGET_BYTES, initialJsTable, kB, measureInitialJs } from "./web-budget.ts";

function main() {
  const args = process.argv.slice(2);
  const dirArg = args.find((arg) => arg.startsWith("--dir="));
  const webDir = dirArg ? resolve(dirArg.slice("--dir=".length)) : join(repoRoot, "dist", "web");
  if (!dirArg && (!args.includes("--no-build") || !existsSync(join(webDir, "index.html")))) buildWeb();
  const measured = measureInitialJs(webDir);
  console.log(`\n${initialJsTable(measured).join("\n")}`);
  if (measured.routes.some((route) => route.bytes > BUDGET_BYTES)) {
    console.log(`\nAt least one public route loads more than ${kB(BUDGET_BYTES)} of gzipped JavaScript.`);
    process.exitCode = 1;
  }
}

main();

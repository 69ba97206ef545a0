/**
 * `npm run bench:web`: what a visitor's phone downloads before a public page can run (scripts/web-budget.ts).
 *
 * - Builds the web app (`npm run build`) unless `--no-build` is given and dist/web exists; `--dir=PATH`
 *   measures another build instead.
 * - Prints, per public route, the gzipped initial JavaScript, what the route adds to the shared entry, and the
 *   same with the data layer's chunk (Dexie, sync, outbox), which the entry fetches as the app boots.
 * - `--against=REV` also builds the commit REV (a git worktree in a temporary folder, sharing node_modules)
 *   and prints each route's bytes against it, with the difference and the ratio: "no route grows" in numbers.
 * - Exits 1 when a route is over the budget (140 kB gzipped, decision 062) or over its ceiling (decision 074).
 *   The e2e project checks both on every test run (tests/e2e/bundle-budget.test.ts).
 *
 * Lighthouse's scores are `npm run bench:lighthouse`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildWeb, repoRoot } from "./start-server.ts";
import {
  BUDGET_BYTES,
  comparisonTable,
  initialJsTable,
  kB,
  measureInitialJs,
  overCeiling,
} from "./web-budget.ts";

function git(args: string[]): void {
  const result = spawnSync("git", args, { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed.`);
}

/** Builds commit `rev` in a temporary worktree and measures it. */
function measureCommit(rev: string) {
  const dir = mkdtempSync(join(tmpdir(), "bench-web-"));
  const checkout = join(dir, "checkout");
  git(["worktree", "add", "--detach", checkout, rev]);
  try {
    symlinkSync(join(repoRoot, "node_modules"), join(checkout, "node_modules"));
    buildWeb(checkout);
    return measureInitialJs(join(checkout, "dist", "web"));
  } finally {
    git(["worktree", "remove", "--force", checkout]);
    rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const args = process.argv.slice(2);
  const dirArg = args.find((arg) => arg.startsWith("--dir="));
  const against = args.find((arg) => arg.startsWith("--against="))?.slice("--against=".length);
  const webDir = dirArg ? resolve(dirArg.slice("--dir=".length)) : join(repoRoot, "dist", "web");
  if (!dirArg && (!args.includes("--no-build") || !existsSync(join(webDir, "index.html")))) buildWeb();
  const measured = measureInitialJs(webDir);
  console.log(`\n${initialJsTable(measured).join("\n")}`);
  if (against) console.log(`\n${comparisonTable(measureCommit(against), measured, against).join("\n")}`);
  if (measured.routes.some((route) => route.bytes > BUDGET_BYTES)) {
    console.log(`\nAt least one public route loads more than ${kB(BUDGET_BYTES)} of gzipped JavaScript.`);
    process.exitCode = 1;
  }
  const over = overCeiling(measured);
  if (over.length > 0) {
    console.log(
      `\nOver their ceiling (scripts/web-budget.ts, decision 074): ${over.map((r) => r.path).join(", ")}.`,
    );
    process.exitCode = 1;
  }
}

main();

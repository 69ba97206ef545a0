/**
 * The first download of every public page stays within its budget (decision 062): at most 140 kB of gzipped
 * JavaScript before the page can run, read from the build the e2e project's global setup made (dist/web), the
 * same numbers `npm run bench:web` prints.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, initialJsTable, measureInitialJs, PUBLIC_ROUTES } from "../../scripts/web-budget.ts";
import { repoRoot } from "./portal-process.ts";

describe("the public pages' initial JavaScript", () => {
  it(`is at most ${BUDGET_BYTES / 1000} kB gzipped on every public route`, () => {
    const measured = measureInitialJs(join(repoRoot, "dist", "web"));
    expect(measured.routes.map((route) => route.path)).toEqual(PUBLIC_ROUTES.map((route) => route.path));
    const over = measured.routes.filter((route) => route.bytes > BUDGET_BYTES);
    expect(over, initialJsTable(measured).join("\n")).toEqual([]);
  });
});

/**
 * The first download of every public page stays within its budget (decision 062) and does not grow past its
 * ceiling (decision 074): at most 140 kB of gzipped JavaScript before the page can run, and no more than the
 * route's ceiling in scripts/web-budget.ts. Read from the build the e2e project's global setup made (dist/web),
 * the same numbers `npm run bench:web` prints.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BUDGET_BYTES,
  initialJsTable,
  measureInitialJs,
  overCeiling,
  PUBLIC_ROUTES,
} from "../../scripts/web-budget.ts";
import { repoRoot } from "./portal-process.ts";

describe("the public pages' initial JavaScript", () => {
  const measured = measureInitialJs(join(repoRoot, "dist", "web"));

  it(`is at most ${BUDGET_BYTES / 1000} kB gzipped on every public route`, () => {
    expect(measured.routes.map((route) => route.path)).toEqual(PUBLIC_ROUTES.map((route) => route.path));
    const over = measured.routes.filter((route) => route.bytes > BUDGET_BYTES);
    expect(over, initialJsTable(measured).join("\n")).toEqual([]);
  });

  it("does not grow past any public route's ceiling (signed-in pages stay out of a visitor's download)", () => {
    expect(overCeiling(measured), initialJsTable(measured).join("\n")).toEqual([]);
  });
});

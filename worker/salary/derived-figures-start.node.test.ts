// Node only: a start reads its migrations and the sample data from sql/ on disk.
/**
 * Every start (`npm start`, `npm run migrate`) brings derived figures an older version left out of step back in
 * step (docs/decisions/055), and leaves figures that are in step alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/types.ts";
import { prepareDatabase } from "../node/prepare-database.ts";
import { createBlankPgliteDb } from "../test/pglite-test-db.ts";
import { expectStoredEqualsFullRecalculation } from "./stored-figures-oracle.ts";

const REBUILT = "Rebuilt the salaries and funds from the loot: they were out of step with it.";

let db: Db;
beforeAll(async () => {
  db = await createBlankPgliteDb();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

async function start(): Promise<string[]> {
  const printed: string[] = [];
  await prepareDatabase(db, {
    seedSampleData: true,
    pepper: "a-pepper-for-these-tests",
    log: (line) => printed.push(line),
  });
  return printed;
}

describe("a start", () => {
  it("rebuilds the figures an older version's restore left without their totals row, once", async () => {
    // The first start: the sample data's stored figures are in step.
    expect(await start()).not.toContain(REBUILT);
    await expectStoredEqualsFullRecalculation(db);

    // What restoring with an older version left.
    await db.query("DELETE FROM salary_totals");
    expect(await start()).toContain(REBUILT);
    await expectStoredEqualsFullRecalculation(db);
    expect(await start()).not.toContain(REBUILT);
  }, 120_000);

  it("rebuilds a Sold item's figures missing from the stored rows (a schema loaded by hand)", async () => {
    await db.exec("DELETE FROM salary_shares; DELETE FROM salary_items;");
    expect(await start()).toContain(REBUILT);
    await expectStoredEqualsFullRecalculation(db);
  }, 120_000);
});

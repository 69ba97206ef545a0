/**
 * Real-world files through the whole import (decision 047): read as the page reads them, sent as the page
 * sends them. Node only, since the files are read from disk (tests/fixtures/import).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCsvImport } from "@shared/import/parse-csv-import.ts";
import { ALREADY_IN_MARKET, type ImportResult } from "@shared/schemas/import.ts";
import { type Portal, resetPortalData, setUpPortal } from "../salary/portal-test-setup.ts";

let portal: Portal;
const IMPORT = "/_api/admin/import-market-data";
const FIXTURES = join(import.meta.dirname, "..", "..", "tests", "fixtures", "import");
const read = (name: string) => parseCsvImport(readFileSync(join(FIXTURES, name), "utf8"));

beforeAll(async () => {
  portal = await setUpPortal("import-files");
});
afterAll(async () => {
  await portal?.close();
});
beforeEach(async () => {
  await resetPortalData(portal.db);
});

const market = async () =>
  (
    await portal.db.query<{ n: number; total: string }>(
      "SELECT count(*)::int AS n, coalesce(sum(value), 0)::text AS total FROM market_exchange",
    )
  )[0];

describe("the Google Sheets export of 200 items", () => {
  it("goes in whole, to the cent; importing it again adds nothing unless confirmed", async () => {
    const parsed = read("google-sheets-200.csv");
    const first = await portal.admin.post(IMPORT, { marketData: parsed.items });
    expect(first.status, JSON.stringify(first.data).slice(0, 300)).toBe(200);
    expect(first.data).toEqual({ insertedCount: 200, skipped: [] });
    // The file's own TOTAL row.
    expect(await market()).toEqual({ n: 200, total: "5447116.39" });

    const again = (await portal.admin.post(IMPORT, { marketData: parsed.items }))
      .data as unknown as ImportResult;
    expect(again.insertedCount).toBe(0);
    expect(again.skipped).toHaveLength(200);
    expect(again.skipped[199]).toEqual({ row: 200, message: ALREADY_IN_MARKET });
    expect(await market()).toEqual({ n: 200, total: "5447116.39" });

    const confirmed = await portal.admin.post(IMPORT, { marketData: parsed.items, duplicates: "import" });
    expect(confirmed.data).toEqual({ insertedCount: 200, skipped: [] });
    expect(await market()).toEqual({ n: 400, total: "10894232.78" });
  });
});

describe("the European export", () => {
  it("stores '1.234,50' as 1234.50", async () => {
    const parsed = read("european.csv");
    expect((await portal.admin.post(IMPORT, { marketData: parsed.items })).data).toEqual({
      insertedCount: 6,
      skipped: [],
    });
    expect(await market()).toEqual({ n: 6, total: "1266685.24" });
  });
});

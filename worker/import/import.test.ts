import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALREADY_IN_MARKET,
  DUPLICATES_INVALID,
  IMPORT_TOO_LARGE,
  MAX_IMPORT_BYTES,
  NO_ITEMS,
  NOT_AN_ARRAY,
  ROW_NOT_OBJECT,
  rowMessage,
  TOO_MANY_ROWS,
  TOTAL_FUNDS_INVALID,
  VALUE_NOT_POSITIVE,
} from "@shared/schemas/import.ts";
import {
  BOSS_NAME_REQUIRED,
  DATE_ACQUIRED_INVALID,
  LOOT_NAME_REQUIRED,
  STATUS_INVALID,
} from "@shared/schemas/market.ts";
import { KEY_REUSED } from "../app/write.ts";
import { type Portal, resetPortalData, setUpPortal, storedFigures } from "../salary/portal-test-setup.ts";

let portal: Portal;
const IMPORT = "/_api/admin/import-market-data";

beforeAll(async () => {
  portal = await setUpPortal("import");
});
afterAll(async () => {
  await portal?.close();
});
// Tests count the items in the table, so each starts from an empty guild.
beforeEach(async () => {
  await resetPortalData(portal.db);
});

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  bossName: "Ironhide Behemoth",
  lootName: `Loot ${n}`,
  value: 100 + (n % 50),
  status: n % 3 === 0 ? "Sold" : "Pending",
  dateAcquired: "2026-11-15",
  participatedMembers: '["Ashvale","Brightforge"]',
  totalFunds: 0,
  ...extra,
});

const itemCount = async () =>
  (await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM market_exchange"))[0]?.n;

describe("POST /_api/admin/import-market-data", () => {
  it("imports rows with the product's coercions and defaults, then recalculates once; audited", async () => {
    const add = await portal.admin.post("/_api/guild-members", { playerName: "Ashvale", category: "Core" });
    expect(add.status).toBe(201);
    const res = await portal.admin.post(IMPORT, {
      marketData: [
        { bossName: " Frostfang ", lootName: "Frostbound Circlet", value: "850.50" },
        {
          bossName: "Ironhide Behemoth",
          lootName: "Obsidian Greatblade",
          value: 1000,
          status: "sold",
          dateAcquired: "2026-11-15T18:00:00Z",
          participatedMembers: "Ashvale, Larkspire",
          totalFunds: "1000",
        },
        {
          bossName: "Sunscorch Wyrm",
          lootName: "Tome",
          value: 12,
          status: null,
          dateAcquired: null,
          participatedMembers: ["Ashvale"],
          totalFunds: null,
        },
        {
          bossName: "Sunscorch Wyrm",
          lootName: "Broken",
          value: 5,
          status: "Pending",
          participatedMembers: '["x", ',
        },
      ],
    });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ insertedCount: 4, skipped: [] });
    const items = await portal.db.query(
      `SELECT boss_name AS "bossName", loot_name AS "lootName", value, status, participated_members AS "participatedMembers",
              total_funds AS "totalFunds", date_acquired AS "dateAcquired" FROM market_exchange ORDER BY id`,
    );
    expect(items).toEqual([
      {
        bossName: "Frostfang",
        lootName: "Frostbound Circlet",
        value: "850.50",
        status: "Pending",
        participatedMembers: "",
        totalFunds: "0.00",
        dateAcquired: null,
      },
      {
        bossName: "Ironhide Behemoth",
        lootName: "Obsidian Greatblade",
        value: "1000.00",
        status: "Sold",
        participatedMembers: "Ashvale, Larkspire",
        totalFunds: "1000.00",
        dateAcquired: "2026-11-15",
      },
      {
        bossName: "Sunscorch Wyrm",
        lootName: "Tome",
        value: "12.00",
        status: "Pending",
        participatedMembers: '["Ashvale"]',
        totalFunds: "0.00",
        dateAcquired: null,
      },
      // Kept as written, so the fix tool can find it.
      {
        bossName: "Sunscorch Wyrm",
        lootName: "Broken",
        value: "5.00",
        status: "Pending",
        participatedMembers: '["x",',
        totalFunds: "0.00",
        dateAcquired: null,
      },
    ]);
    // 1,000 Sold: Ashvale (Core) 300 base + 250 elite.
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ashvale: "550.00" },
      funds: { reservedGuildFunds: "100.00", adminFund: "50.00" },
    });
    const audit = await portal.db.query<{ action: string; entity: string; after: unknown }>(
      "SELECT action, entity, after FROM audit_log WHERE action IN ('import', 'recalculate') ORDER BY id",
    );
    expect(audit).toEqual([
      {
        action: "import",
        entity: "market_item",
        after: { insertedCount: 4, firstId: expect.any(Number), lastId: expect.any(Number), soldCount: 1 },
      },
      { action: "recalculate", entity: "salaries", after: expect.anything() },
    ]);
  });

  it("checks every row with the product's rules and names the first bad row", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bossName: "" }, BOSS_NAME_REQUIRED],
      [{ bossName: undefined }, BOSS_NAME_REQUIRED],
      [{ lootName: " " }, LOOT_NAME_REQUIRED],
      [{ value: 0 }, VALUE_NOT_POSITIVE],
      [{ value: -3 }, VALUE_NOT_POSITIVE],
      [{ value: "abc" }, VALUE_NOT_POSITIVE],
      [{ value: undefined }, VALUE_NOT_POSITIVE],
      [{ value: "" }, VALUE_NOT_POSITIVE],
      [{ value: 1.234 }, "Value cannot have more than 2 decimals."],
      [{ status: "Lost" }, STATUS_INVALID],
      [{ dateAcquired: "soon" }, DATE_ACQUIRED_INVALID],
      [{ totalFunds: -1 }, TOTAL_FUNDS_INVALID],
      [{ totalFunds: "lots" }, TOTAL_FUNDS_INVALID],
      [{ participatedMembers: 7 }, "Participated members must be a list of names or a comma-separated text."],
      [{ id: 3 }, "Unknown field: id"],
    ];
    for (const [patch, message] of cases) {
      const res = await portal.admin.post(IMPORT, { marketData: [row(1), row(2, patch), row(3)] });
      const error = rowMessage(2, message);
      expect({ patch, status: res.status, data: res.data }).toEqual({ patch, status: 400, data: { error } });
    }
    expect(VALUE_NOT_POSITIVE).toBe("Value must be a positive number");
    expect(await itemCount()).toBe(0);
  });

  it("a bad row at position 17 of 40 inserts nothing", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, i === 16 ? { value: -5 } : {}));
    const res = await portal.admin.post(IMPORT, { marketData: rows });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ error: "Row 17: Value must be a positive number" });
    expect(await itemCount()).toBe(0);
    expect(await portal.db.query("SELECT id FROM audit_log")).toHaveLength(0);
  });

  it("refuses a body that is not a non-empty list of objects", async () => {
    const cases: [unknown, string][] = [
      [{ marketData: "nope" }, NOT_AN_ARRAY],
      [{}, NOT_AN_ARRAY],
      [{ marketData: [] }, NO_ITEMS],
      [{ marketData: [row(1), 5] }, rowMessage(2, ROW_NOT_OBJECT)],
      [{ marketData: [row(1)], dryRun: true }, "Unknown field: dryRun"],
      [{ marketData: [row(1)], duplicates: "maybe" }, DUPLICATES_INVALID],
      [{ marketData: Array.from({ length: 20_001 }, () => ({})) }, TOO_MANY_ROWS],
    ];
    for (const [body, error] of cases) {
      const res = await portal.admin.post(IMPORT, body);
      expect({ status: res.status, data: res.data }).toEqual({ status: 400, data: { error } });
    }
  });

  it("refuses a body larger than the limit with 413", async () => {
    const huge = { marketData: [row(1, { lootName: "x".repeat(MAX_IMPORT_BYTES) })] };
    const res = await portal.admin.post(IMPORT, huge);
    expect(res.status).toBe(413);
    expect(res.data).toEqual({ error: IMPORT_TOO_LARGE });
  });

  it("is admin-only: 401 anonymous, 403 user", async () => {
    expect((await portal.anonymous.post(IMPORT, { marketData: [row(1)] })).status).toBe(401);
    expect((await portal.user.post(IMPORT, { marketData: [row(1)] })).status).toBe(403);
    expect(await itemCount()).toBe(0);
  });

  it("a repeated Idempotency-Key imports once and answers the same body; 422 for another body", async () => {
    const headers = { "Idempotency-Key": "import-once" };
    const body = { marketData: [row(1), row(2)] };
    const first = await portal.admin.post(IMPORT, body, headers);
    const again = await portal.admin.post(IMPORT, body, headers);
    expect(first.data).toEqual({ insertedCount: 2, skipped: [] });
    expect(again.text).toBe(first.text);
    expect(await itemCount()).toBe(2);
    const other = await portal.admin.post(IMPORT, { marketData: [row(3)] }, headers);
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
  });

  it("imports 10,000 rows (a body of several MB) in one call and one transaction", async () => {
    for (const [playerName, category] of [
      ["Ashvale", "Guild Master"],
      ["Brightforge", "Core"],
    ]) {
      expect((await portal.admin.post("/_api/guild-members", { playerName, category })).status).toBe(201);
    }
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row(i + 1, {
        participatedMembers: `["Ashvale","Brightforge","Raider ${i % 40}","Raider ${(i + 7) % 40}"]`,
      }),
    );
    const body = { marketData: rows };
    expect(JSON.stringify(body).length).toBeGreaterThan(2_000_000);
    const res = await portal.admin.post(IMPORT, body);
    expect(res.status, JSON.stringify(res.data).slice(0, 200)).toBe(200);
    expect(res.data).toEqual({ insertedCount: 10_000, skipped: [] });
    expect(await itemCount()).toBe(10_000);
    const receipt = await portal.anonymous.get("/_api/public/salary-calculation");
    expect(receipt.data.processedItems).toBe(3333);
    const stored = await storedFigures(portal.db);
    const summary = receipt.data.summaryTotals as { totalGuildFund: string; totalAdminFund: string };
    expect(stored.funds).toEqual({
      reservedGuildFunds: summary.totalGuildFund,
      adminFund: summary.totalAdminFund,
    });
    const members = receipt.data.membersWithSalaries as { playerName: string; salary: string }[];
    expect(stored.salaries).toEqual(Object.fromEntries(members.map((m) => [m.playerName, m.salary])));
  });
});

describe("importing rows already in the market (decision 047)", () => {
  it("a re-import adds nothing and lists every row it left out; audited with the count", async () => {
    const body = { marketData: [row(1), row(2, { status: "Sold" }), row(3)] };
    expect((await portal.admin.post(IMPORT, body)).data).toEqual({ insertedCount: 3, skipped: [] });
    const before = await storedFigures(portal.db);

    const again = await portal.admin.post(IMPORT, body);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({
      insertedCount: 0,
      skipped: [1, 2, 3].map((n) => ({ row: n, message: ALREADY_IN_MARKET })),
    });
    expect(await itemCount()).toBe(3);
    expect(await storedFigures(portal.db)).toEqual(before);
    const audit = await portal.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'import' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]?.after).toMatchObject({ insertedCount: 0, skippedDuplicates: 3 });
  });

  it("reads 'N/A', '-' and 'null' dates as no date", async () => {
    const res = await portal.admin.post(IMPORT, {
      marketData: ["N/A", "-", "NULL", "", null].map((dateAcquired, n) => row(n, { dateAcquired })),
    });
    expect(res.data).toEqual({ insertedCount: 5, skipped: [] });
    const dates = await portal.db.query(
      "SELECT date_acquired AS d FROM market_exchange WHERE date_acquired IS NOT NULL",
    );
    expect(dates).toEqual([]);
  });

  it("matches boss and loot in any case, the date and the value to the cent; new rows still go in", async () => {
    await portal.admin.post(IMPORT, { marketData: [row(1, { value: "1250.50" })] });
    const res = await portal.admin.post(IMPORT, {
      marketData: [
        row(1, { bossName: "IRONHIDE behemoth", lootName: "loot 1", value: "1250.5" }),
        row(1, { value: "1250.51" }),
        row(1, { value: "1250.50", dateAcquired: "2026-11-16" }),
        row(1, { value: "1250.50", dateAcquired: null }),
      ],
    });
    expect(res.data).toEqual({ insertedCount: 3, skipped: [{ row: 1, message: ALREADY_IN_MARKET }] });
    expect(await itemCount()).toBe(4);
  });

  it("imports them when the admin confirmed (duplicates: import)", async () => {
    const body = { marketData: [row(1), row(2)] };
    await portal.admin.post(IMPORT, body);
    const res = await portal.admin.post(IMPORT, { ...body, duplicates: "import" });
    expect(res.data).toEqual({ insertedCount: 2, skipped: [] });
    expect(await itemCount()).toBe(4);
  });
});

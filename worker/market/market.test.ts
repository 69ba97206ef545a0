import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BOSS_NAME_REQUIRED,
  DATE_ACQUIRED_INVALID,
  LOOT_NAME_REQUIRED,
  LOOT_NOT_FOUND,
  lootGoneMessage,
  type MarketExchangeItem,
  PARTICIPANT_NAME_INVALID,
  PARTICIPANTS_NOT_TEXT,
  PARTICIPANTS_REQUIRED,
  STATUS_INVALID,
} from "@shared/schemas/market.ts";
import { KEY_REUSED } from "../app/write.ts";
import {
  auditFor,
  type Portal,
  resetPortalData,
  setUpPortal,
  storedFigures,
} from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("market");
});
afterAll(async () => {
  await portal?.close();
});
// Several tests read the guild-wide figures, so each starts from an empty guild.
beforeEach(async () => {
  await resetPortalData(portal.db);
});

const valid = {
  lootName: "Obsidian Greatblade",
  bossName: "Ironhide Behemoth",
  value: 3200,
  status: "Pending",
  participatedMembers: "Ashvale, Brightforge",
  totalFunds: 0,
  dateAcquired: "2026-11-15",
};

async function createItem(body: Record<string, unknown> = {}): Promise<MarketExchangeItem> {
  const res = await portal.admin.post("/_api/market-exchange", { ...valid, ...body });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.marketExchangeItem as MarketExchangeItem;
}

async function addMember(playerName: string, category: string) {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category });
  expect(res.status).toBe(201);
}

describe("POST /_api/market-exchange", () => {
  it("creates an item with the full shape (201), participants stored as a JSON array, and audits it", async () => {
    const res = await portal.admin.post("/_api/market-exchange", {
      ...valid,
      participatedMembers: ' Ashvale ,brightforge, Ashvale,, "Cinder" ',
    });
    expect(res.status).toBe(201);
    const item = res.data.marketExchangeItem as MarketExchangeItem;
    expect(item).toEqual({
      id: expect.any(Number),
      lootName: "Obsidian Greatblade",
      bossName: "Ironhide Behemoth",
      value: "3200.00",
      status: "Pending",
      participatedMembers: '["Ashvale","brightforge","Cinder"]',
      totalFunds: "0.00",
      dateAcquired: "2026-11-15",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    const audit = await auditFor(portal.db, "market_item", item.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      before: null,
      after: { id: item.id, value: "3200.00" },
    });
  });

  it("defaults status to Pending, totalFunds to 0 and dateAcquired to null; accepts arrays and decimal strings", async () => {
    const item = await createItem({
      status: undefined,
      totalFunds: undefined,
      dateAcquired: undefined,
      value: "12.5",
      participatedMembers: ["Ashvale", " Dawnrider "],
    });
    expect(item).toMatchObject({
      status: "Pending",
      totalFunds: "0.00",
      dateAcquired: null,
      value: "12.50",
      participatedMembers: '["Ashvale","Dawnrider"]',
    });
    const dated = await createItem({ dateAcquired: "2026-11-15T00:30:00+02:00" });
    expect(dated.dateAcquired).toBe("2026-11-15");
    const nulled = await createItem({ dateAcquired: null });
    expect(nulled.dateAcquired).toBeNull();
  });

  it("answers the product's validation messages, and 400 on an unknown field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lootName: "" }, LOOT_NAME_REQUIRED],
      [{ lootName: "  " }, LOOT_NAME_REQUIRED],
      [{ lootName: undefined }, LOOT_NAME_REQUIRED],
      [{ bossName: "" }, BOSS_NAME_REQUIRED],
      [{ bossName: undefined }, BOSS_NAME_REQUIRED],
      [{ participatedMembers: "" }, PARTICIPANTS_REQUIRED],
      [{ participatedMembers: " , ,, " }, PARTICIPANTS_REQUIRED],
      [{ participatedMembers: [] }, PARTICIPANTS_REQUIRED],
      [{ participatedMembers: undefined }, PARTICIPANTS_NOT_TEXT],
      [{ participatedMembers: [1, 2] }, PARTICIPANTS_NOT_TEXT],
      [{ participatedMembers: "Ashvale, undefined" }, PARTICIPANT_NAME_INVALID],
      [{ value: -1 }, "Value cannot be negative."],
      [{ value: "abc" }, "Value must be a number."],
      [{ value: undefined }, "Value must be a number."],
      [{ value: 1.234 }, "Value cannot have more than 2 decimals."],
      [{ value: 1e15 }, "Value cannot exceed 999999999999.99."],
      [{ totalFunds: -0.01 }, "Total funds cannot be negative."],
      [{ status: "Lost" }, STATUS_INVALID],
      [{ status: "sold" }, STATUS_INVALID],
      [{ dateAcquired: "yesterday" }, DATE_ACQUIRED_INVALID],
      [{ dateAcquired: "2026-02-30" }, DATE_ACQUIRED_INVALID],
      [{ id: 5 }, "Unknown field: id"],
    ];
    for (const [patch, error] of cases) {
      const res = await portal.admin.post("/_api/market-exchange", { ...valid, ...patch });
      expect({ patch, status: res.status, data: res.data }).toEqual({ patch, status: 400, data: { error } });
    }
    expect([LOOT_NAME_REQUIRED, BOSS_NAME_REQUIRED, PARTICIPANTS_REQUIRED]).toEqual([
      "Loot name is required",
      "Boss name is required",
      "Participated members are required",
    ]);
    expect(await portal.db.query("SELECT id FROM market_exchange")).toHaveLength(0);
  });

  it("a value of 0 is allowed", async () => {
    expect((await createItem({ value: 0 })).value).toBe("0.00");
  });

  it("applies a repeated Idempotency-Key once and answers the same body; 422 for another body", async () => {
    const headers = { "Idempotency-Key": "market-create-once" };
    const first = await portal.admin.post("/_api/market-exchange", valid, headers);
    const again = await portal.admin.post("/_api/market-exchange", valid, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(await portal.db.query("SELECT id FROM market_exchange")).toHaveLength(1);
    const other = await portal.admin.post("/_api/market-exchange", { ...valid, value: 1 }, headers);
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
  });
});

describe("GET /_api/market-exchange and /_api/public/market-exchange", () => {
  it("lists Sold first, then Pending, newest first; admin only, with a public copy", async () => {
    const pending = await createItem({ lootName: "Circlet" });
    const sold = await createItem({ lootName: "Blade", status: "Sold" });
    const newer = await createItem({ lootName: "Tome" });
    const res = await portal.admin.get("/_api/market-exchange");
    expect(res.status).toBe(200);
    const ids = (res.data.marketExchangeItems as MarketExchangeItem[]).map((i) => i.id);
    expect(ids).toEqual([sold.id, newer.id, pending.id]);
    const pub = await portal.anonymous.get("/_api/public/market-exchange");
    expect(pub.status).toBe(200);
    expect(pub.data).toEqual(res.data);
    expect((await portal.anonymous.get("/_api/market-exchange")).status).toBe(401);
    expect((await portal.user.get("/_api/market-exchange")).status).toBe(403);
  });

  it("refuses writes to anonymous visitors (401) and users (403)", async () => {
    const item = await createItem();
    for (const [path, body] of [
      ["/_api/market-exchange", valid],
      ["/_api/market-exchange/update", { id: item.id, lootName: "X" }],
      ["/_api/market-exchange/delete", { id: item.id }],
    ] as const) {
      expect((await portal.anonymous.post(path, body)).status).toBe(401);
      expect((await portal.user.post(path, body)).status).toBe(403);
    }
    expect(await portal.db.query("SELECT id FROM market_exchange")).toHaveLength(1);
  });
});

describe("POST /_api/market-exchange/update and /delete", () => {
  it("updates only the fields given, normalises participants, and audits before and after", async () => {
    const item = await createItem();
    const res = await portal.admin.post("/_api/market-exchange/update", {
      id: item.id,
      participatedMembers: "Ashvale, Emberlyn",
      value: "3300.10",
    });
    expect(res.status).toBe(200);
    expect(res.data.marketExchangeItem).toMatchObject({
      id: item.id,
      lootName: item.lootName,
      value: "3300.10",
      participatedMembers: '["Ashvale","Emberlyn"]',
      dateAcquired: "2026-11-15",
    });
    const cleared = await portal.admin.post("/_api/market-exchange/update", {
      id: item.id,
      dateAcquired: null,
    });
    expect(cleared.data.marketExchangeItem).toMatchObject({ dateAcquired: null });
    const audit = await auditFor(portal.db, "market_item", item.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "update"]);
    expect(audit[1]).toMatchObject({ before: { value: "3200.00" }, after: { value: "3300.10" } });
  });

  it("answers validation messages, 404 for an unknown id", async () => {
    const item = await createItem();
    const cases: [unknown, number, string][] = [
      [{ id: item.id, lootName: "" }, 400, LOOT_NAME_REQUIRED],
      [{ id: item.id, bossName: "" }, 400, BOSS_NAME_REQUIRED],
      [{ id: item.id, participatedMembers: "" }, 400, PARTICIPANTS_REQUIRED],
      [{ id: item.id, value: -5 }, 400, "Value cannot be negative."],
      [{ id: item.id, status: "Gone" }, 400, STATUS_INVALID],
      [{ id: item.id, colour: "red" }, 400, "Unknown field: colour"],
      [{ lootName: "x" }, 400, "ID must be an integer."],
      [{ id: 999999, lootName: "x" }, 404, LOOT_NOT_FOUND],
    ];
    for (const [body, status, error] of cases) {
      const res = await portal.admin.post("/_api/market-exchange/update", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status, data: { error } });
    }
  });

  it("deletes an item and audits it; 404 when it is gone", async () => {
    const item = await createItem();
    const res = await portal.admin.post("/_api/market-exchange/delete", { id: item.id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, id: item.id });
    const again = await portal.admin.post("/_api/market-exchange/delete", { id: item.id });
    expect(again.status).toBe(404);
    // Named by its name and day, and who deleted it (decision 058), never by its id.
    const by = (again.data.error as string).replace(/^.* by (.*)\.$/, "$1");
    expect(by).toMatch(/^admin \d+$/);
    expect(again.data.error).toBe(lootGoneMessage("Obsidian Greatblade (Nov 15, 2026)", by));
    expect((await portal.admin.post("/_api/market-exchange/delete", { id: "x" })).status).toBe(400);
    const audit = await auditFor(portal.db, "market_item", item.id);
    expect(audit.at(-1)).toMatchObject({ action: "delete", before: { id: item.id }, after: null });
  });
});

describe("salaries and funds follow the Sold items", () => {
  it("selling, editing participants, going back to Pending and deleting recalculate in the same call", async () => {
    await addMember("Ashvale", "Guild Master");
    await addMember("Brightforge", "Members");
    const item = await createItem({ value: 1000 });
    expect((await storedFigures(portal.db)).funds).toEqual({ reservedGuildFunds: "0.00", adminFund: "0.00" });

    await portal.admin.post("/_api/market-exchange/update", { id: item.id, status: "Sold" });
    // 1,000: guild 100, admin 50, elite 250 (Ashvale), base 600 / 2.
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ashvale: "550.00", Brightforge: "300.00" },
      funds: { reservedGuildFunds: "100.00", adminFund: "50.00" },
    });

    await portal.admin.post("/_api/market-exchange/update", {
      id: item.id,
      participatedMembers: ["Brightforge"],
    });
    // No elite participant: the elite pool goes to the guild fund.
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ashvale: "0.00", Brightforge: "600.00" },
      funds: { reservedGuildFunds: "350.00", adminFund: "50.00" },
    });
    const recalculation = await portal.db.query<{ after: { changedSalaries: unknown[] } }>(
      "SELECT after FROM audit_log WHERE action = 'recalculate' ORDER BY id DESC LIMIT 1",
    );
    expect(recalculation[0]?.after.changedSalaries).toEqual([
      { id: expect.any(Number), playerName: "Ashvale", from: "550.00", to: "0.00" },
      { id: expect.any(Number), playerName: "Brightforge", from: "300.00", to: "600.00" },
    ]);

    await portal.admin.post("/_api/market-exchange/update", { id: item.id, status: "Pending" });
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ashvale: "0.00", Brightforge: "0.00" },
      funds: { reservedGuildFunds: "0.00", adminFund: "0.00" },
    });

    await portal.admin.post("/_api/market-exchange/update", { id: item.id, status: "Sold" });
    await portal.admin.post("/_api/market-exchange/delete", { id: item.id });
    expect((await storedFigures(portal.db)).funds).toEqual({ reservedGuildFunds: "0.00", adminFund: "0.00" });
  });
});

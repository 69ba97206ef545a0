/**
 * Sales never take a total beyond the money range (docs/decisions/058): a sale or an edit of a Sold item that
 * would push a member's salary, an off-roster earner's earnings or a fund's income past 999,999,999,999.99
 * answers 400 naming the total and the most it can still take, and stores nothing. On every driver.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS } from "@shared/money/money-range.ts";
import { type MarketExchangeItem, saleBeyondRangeMessage } from "@shared/schemas/market.ts";
import {
  type Portal,
  resetPortalData,
  setUpPortal,
  storedFigures,
  uniqueName,
} from "../salary/portal-test-setup.ts";

const MAX = moneyText(MAX_MONEY_CENTS);

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("sale-bounds");
});
afterAll(async () => {
  await portal?.close();
});
// The tests fill the funds up to the limit, so each starts from an empty guild.
beforeEach(async () => {
  await portal.db.exec("DELETE FROM payouts; DELETE FROM fund_spending;");
  await resetPortalData(portal.db);
});

const sell = (lootName: string, value: string, participatedMembers: string[]) =>
  portal.admin.post("/_api/market-exchange", {
    lootName,
    bossName: "Ironhide Behemoth",
    value,
    status: "Sold",
    participatedMembers,
    dateAcquired: "2026-11-15",
  });

async function sold(lootName: string, value: string, names: string[]): Promise<MarketExchangeItem> {
  const res = await sell(lootName, value, names);
  expect(res.status, res.text).toBe(201);
  return res.data.marketExchangeItem as MarketExchangeItem;
}

async function itemCount(): Promise<number> {
  const [row] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM market_exchange");
  return row?.n ?? -1;
}

describe("a sale that would take a total beyond the range", () => {
  it("is refused with 400 naming the member's salary and the most it can take; nothing is stored", async () => {
    const name = uniqueName("Aldric");
    const added = await portal.admin.post("/_api/guild-members", { playerName: name, category: "Members" });
    expect(added.status).toBe(201);
    // Alone on the item, a Members-category member takes the 60% base pool.
    await sold("First Crown", MAX, [name]);
    const before = await storedFigures(portal.db);
    const salary = parseMoney(before.salaries[name] ?? "");
    expect(salary).toBe(59_999_999_999_999);
    const count = await itemCount();

    const refused = await sell("Second Crown", MAX, [name]);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe(
      saleBeyondRangeMessage(`Selling Second Crown (Nov 15, 2026)`, `${name}'s salary`, salary),
    );
    expect(refused.data.error).toContain(`${name}'s salary beyond 999,999,999,999.99 USDT`);
    expect(refused.data.error).toContain("at most 400,000,000,000.00 USDT more can be added");
    expect(await itemCount()).toBe(count);
    expect(await storedFigures(portal.db)).toEqual(before);

    // What the message says fits does fit: a sale that adds exactly the room left.
    await sold("Last Crown", moneyText(66_666_666_666_666), [name]);
    expect((await storedFigures(portal.db)).salaries[name]).toBe(MAX);
  });

  it("is refused when it would take the guild fund's income beyond the range", async () => {
    // Off-roster names: no salary column to fill, and 35% of each value (its 10% and the elite pool nobody can
    // take) goes to the guild fund.
    await sold("Relic 1", MAX, ["Wanderer A", "Wanderer B", "Wanderer C"]);
    await sold("Relic 2", MAX, ["Wanderer D", "Wanderer E", "Wanderer F"]);
    const before = await storedFigures(portal.db);
    expect(before.funds?.reservedGuildFunds).toBe("700000000000.00");

    const refused = await sell("Relic 3", MAX, ["Wanderer G", "Wanderer H", "Wanderer I"]);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe(
      saleBeyondRangeMessage(
        "Selling Relic 3 (Nov 15, 2026)",
        "the guild fund's income",
        parseMoney(before.funds?.reservedGuildFunds ?? ""),
      ),
    );
    expect(await storedFigures(portal.db)).toEqual(before);
  });

  it("is refused when an edit of a Sold item would take an off-roster earner beyond the range", async () => {
    const item = await sold("Heirloom", "1000.00", ["Stray Bard"]);
    await sold("Hoard", MAX, ["Stray Bard"]);
    const before = await storedFigures(portal.db);
    const res = await portal.admin.post("/_api/market-exchange/update", { id: item.id, value: MAX });
    expect(res.status).toBe(400);
    expect(res.data.error).toMatch(
      /^This change to Heirloom \(Nov 15, 2026\) would take Stray Bard's earnings beyond 999,999,999,999\.99 USDT/,
    );
    expect(await storedFigures(portal.db)).toEqual(before);
    // A Pending item feeds no total: it may hold any value in the range.
    const pending = await portal.admin.post("/_api/market-exchange", {
      lootName: "Unsold Hoard",
      bossName: "Ironhide Behemoth",
      value: MAX,
      participatedMembers: ["Stray Bard"],
    });
    expect(pending.status).toBe(201);
  });
});

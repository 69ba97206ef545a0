/**
 * A member write that moves salaries never takes one beyond the money range (docs/decisions/058): a category
 * change that would push a salary past 999,999,999,999.99 answers 400 naming the salary and the most it can still
 * take, as a sale does, and stores nothing. On every driver; its own database, as it fills the funds to the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS } from "@shared/money/money-range.ts";
import { type MarketExchangeItem, saleBeyondRangeMessage } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { type Portal, setUpPortal, storedFigures, uniqueName } from "../salary/portal-test-setup.ts";

const MAX = moneyText(MAX_MONEY_CENTS);

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("member-bounds");
});
afterAll(async () => {
  await portal?.close();
});

async function sold(lootName: string, value: string, names: string[]): Promise<MarketExchangeItem> {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName,
    bossName: "Ironhide Behemoth",
    value,
    status: "Sold",
    participatedMembers: names,
    dateAcquired: "2026-11-15",
  });
  expect(res.status, res.text).toBe(201);
  return res.data.marketExchangeItem as MarketExchangeItem;
}

describe("a category change that would take a salary beyond the range", () => {
  it("is refused with 400 naming the salary and the most it can take; nothing is stored", async () => {
    const name = uniqueName("Aldric");
    const added = await portal.admin.post("/_api/guild-members", { playerName: name, category: "Members" });
    expect(added.status).toBe(201);
    const member = added.data.guildMember as GuildMember;
    // Alone on both items, a Members-category member takes the 60% base pool of each: 899,999,999,999.99.
    await sold("First Crown", MAX, [name]);
    const second = await sold("Second Crown", "500000000000.00", [name]);
    const before = await storedFigures(portal.db);
    const salary = parseMoney(before.salaries[name] ?? "");
    expect(salary).toBe(89_999_999_999_999);

    // As Core they would take the elite pool too: 85% of 1,499,999,999,999.99.
    const refused = await portal.admin.post("/_api/guild-member/update", { id: member.id, category: "Core" });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe(
      saleBeyondRangeMessage(`This change to ${name}`, `${name}'s salary`, salary),
    );
    expect(refused.data.error).toBe(
      `This change to ${name} would take ${name}'s salary beyond 999,999,999,999.99 USDT, the most the portal ` +
        "can hold. It is 899,999,999,999.99 USDT: at most 100,000,000,000.00 USDT more can be added.",
    );
    expect(await storedFigures(portal.db)).toEqual(before);
    const roster = await portal.admin.get("/_api/guild-members?status=all");
    const stored = (roster.data.guildMembers as GuildMember[]).find((m) => m.id === member.id);
    expect(stored?.category).toBe("Members");

    // Once it fits, the same change goes through.
    const lowered = await portal.admin.post("/_api/market-exchange/update", {
      id: second.id,
      value: "100000000000.00",
    });
    expect(lowered.status, lowered.text).toBe(200);
    const changed = await portal.admin.post("/_api/guild-member/update", { id: member.id, category: "Core" });
    expect(changed.status, changed.text).toBe(200);
    expect((await storedFigures(portal.db)).salaries[name]).toBe("934999999999.99");
  });
});

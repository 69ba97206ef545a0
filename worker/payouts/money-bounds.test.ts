/**
 * Bounds everywhere (docs/decisions/058), through the real API on every driver: what a member was paid and what a
 * fund spent stay within the money range (400 naming the total and the most that can be added, never a 500);
 * reads of totals older data pushed beyond it answer exact figures; payout, spending and loot days run from
 * 2000-01-01 to a year from today; a write to a row removed meanwhile names the row, never its id.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { moneyText } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS } from "@shared/money/money-range.ts";
import { lastDay } from "@shared/schemas/day-range.ts";
import {
  type FundBalance,
  type FundLedger,
  SPENT_ON_TOO_EARLY,
  SPENT_ON_TOO_LATE,
  spendingGoneMessage,
  spentTotalBeyondRangeMessage,
} from "@shared/schemas/fund-spending.ts";
import {
  DATE_ACQUIRED_TOO_EARLY,
  DATE_ACQUIRED_TOO_LATE,
  type MarketExchangeItem,
} from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  type CreatePayoutAnswer,
  type MemberBalance,
  PAYOUT_DATE_TOO_EARLY,
  PAYOUT_DATE_TOO_LATE,
  type Payout,
  paidTotalBeyondRangeMessage,
  payeeGoneMessage,
  payoutGoneMessage,
} from "@shared/schemas/payouts.ts";
import { type Portal, resetPortalData, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";

const MAX = moneyText(MAX_MONEY_CENTS);

let portal: Portal;
let adminName: string;

beforeAll(async () => {
  portal = await setUpPortal("money-bounds");
  adminName = ((await portal.admin.get("/_api/auth/session")).data.user as { displayName: string })
    .displayName;
});
afterAll(async () => {
  await portal?.close();
});
beforeEach(async () => {
  await portal.db.exec("DELETE FROM payouts; DELETE FROM fund_spending;");
  await resetPortalData(portal.db);
});

async function addMember(): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", {
    playerName: uniqueName("Payee"),
    category: "Members",
  });
  expect(res.status).toBe(201);
  return res.data.guildMember as GuildMember;
}

const pay = (memberId: number, amount: string, paidOn = "2026-11-20") =>
  portal.admin.post("/_api/payouts", { memberId, amount, paidOn, confirmOverBalance: true });

const spend = (fund: "guild" | "admin", amount: string, spentOn = "2026-11-10") =>
  portal.admin.post("/_api/fund-spending", {
    fund,
    amount,
    purpose: "Raid consumables",
    spentOn,
    confirmOverBalance: true,
  });

async function count(table: "payouts" | "fund_spending"): Promise<number> {
  const [row] = await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row?.n ?? -1;
}

/** Rows as a restore or an older version could have left them, before the totals were bounded. */
async function olderPayouts(member: GuildMember, n: number): Promise<void> {
  await portal.db.query(
    `INSERT INTO payouts (member_id, member_name, amount, paid_on)
     SELECT $1, $2, $3::numeric, '2026-11-01' FROM generate_series(1, $4::int)`,
    [member.id, member.playerName, MAX, n],
  );
}

async function balanceOf(memberId: number): Promise<MemberBalance> {
  const res = await portal.admin.get("/_api/payouts/balances");
  expect(res.status, res.text).toBe(200);
  return (res.data.balances as MemberBalance[]).find((b) => b.memberId === memberId) as MemberBalance;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("what a member was paid stays within the money range", () => {
  it("refuses a payout beyond it with 400, the total and the most that can be added, confirmed or not", async () => {
    const member = await addMember();
    expect((await pay(member.id, moneyText(MAX_MONEY_CENTS - 100))).status).toBe(201);

    const over = await pay(member.id, "2.00");
    expect(over.status).toBe(400);
    expect(over.data.error).toBe(paidTotalBeyondRangeMessage(member.playerName, 200, "999999999998.99"));
    expect(over.data.error).toBe(
      `Paying 2.00 USDT would take the total paid to ${member.playerName} beyond 999,999,999,999.99 USDT, ` +
        "the most the portal can hold. It is 999,999,999,998.99 USDT: at most 1.00 USDT more can be added.",
    );
    expect(await count("payouts")).toBe(1);

    expect((await pay(member.id, "1.00")).status).toBe(201);
    const full = await pay(member.id, "0.01");
    expect(full.status).toBe(400);
    expect(full.data.error).toContain("at most 0.00 USDT more can be added");
    expect(await balanceOf(member.id)).toEqual({
      memberId: member.id,
      earned: "0.00",
      paid: MAX,
      balance: `-${MAX}`,
    });
  });

  it("answers the 91st confirmed payout of 999,999,999,999.99 to one member with 400, not 500", async () => {
    const member = await addMember();
    await olderPayouts(member, 90);
    const res = await pay(member.id, MAX);
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(
      paidTotalBeyondRangeMessage(member.playerName, MAX_MONEY_CENTS, "89999999999999.10"),
    );
    expect(res.data.error).toContain(
      "It is 89,999,999,999,999.10 USDT: at most 0.00 USDT more can be added.",
    );
    expect(await count("payouts")).toBe(90);
  });

  it("answers exact figures when older payouts add up beyond what cents hold, and Mark paid pays nothing", async () => {
    const member = await addMember();
    await olderPayouts(member, 91);
    expect(await balanceOf(member.id)).toEqual({
      memberId: member.id,
      earned: "0.00",
      paid: "90999999999999.09",
      balance: "-90999999999999.09",
    });
    const list = await portal.admin.get(`/_api/payouts?memberId=${member.id}`);
    expect(list.status).toBe(200);
    expect((list.data.payouts as Payout[]).length).toBe(91);
    const csv = await portal.admin.get("/_api/payouts/export.csv");
    expect(csv.status).toBe(200);
    expect(Papa.parse(csv.text.trim()).data).toHaveLength(92);
    expect((await portal.admin.get("/_api/changes")).status).toBe(200);

    const refused = await pay(member.id, "0.01");
    expect(refused.status).toBe(400);
    expect(refused.data.error).toContain(
      "It is more than 999,999,999,999.99 USDT: at most 0.00 USDT more can be added.",
    );
    expect((await portal.admin.post("/_api/guild-member/kick", { id: member.id })).status).toBe(200);
    const paid = await portal.admin.post("/_api/guild-member/mark-paid", { id: member.id });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.data.payout).toBeNull();
  });
});

describe("what a fund spent stays within the money range", () => {
  it("refuses spending beyond it with 400 and the most that can be added; the other fund is its own", async () => {
    expect((await spend("guild", MAX)).status).toBe(201);
    const over = await spend("guild", "0.01");
    expect(over.status).toBe(400);
    expect(over.data.error).toBe(spentTotalBeyondRangeMessage("guild", 1, MAX));
    expect(over.data.error).toMatch(/^Spending 0\.01 USDT would take what the guild fund has spent beyond /);
    expect(await count("fund_spending")).toBe(1);
    expect((await spend("admin", "1.00")).status).toBe(201);
  });

  it("answers exact figures and ledger balances when older spending adds up beyond what cents hold", async () => {
    await portal.db.query(
      `INSERT INTO fund_spending (fund, amount, purpose, spent_on)
       SELECT 'guild', $1::numeric, 'Old spending ' || n, '2026-11-01' FROM generate_series(1, 91) AS n`,
      [MAX],
    );
    const figures = await portal.admin.get("/_api/fund-spending");
    expect(figures.status, figures.text).toBe(200);
    expect((figures.data.balances as FundBalance[])[0]).toEqual({
      fund: "guild",
      income: "0.00",
      spent: "90999999999999.09",
      balance: "-90999999999999.09",
    });
    const ledger = await portal.admin.get("/_api/funds/ledger?fund=guild");
    expect(ledger.status, ledger.text).toBe(200);
    const { lines, balance } = ledger.data as unknown as FundLedger;
    expect(balance).toBe("-90999999999999.09");
    expect(lines[0]?.balance).toBe("-90999999999999.09");
    expect(lines.at(-1)?.balance).toBe(`-${MAX}`);
    expect((await spend("guild", "0.01")).status).toBe(400);
  });
});

describe("days run from 2000-01-01 to a year from today", () => {
  it("refuses payouts, spending, Mark paid and loot dated outside, with the field's message", async () => {
    const member = await addMember();
    const last = lastDay();
    const cases: [() => Promise<{ status: number; data: Record<string, unknown> }>, string][] = [
      [() => pay(member.id, "1.00", "9999-12-31"), PAYOUT_DATE_TOO_LATE(last)],
      [() => pay(member.id, "1.00", "1999-12-31"), PAYOUT_DATE_TOO_EARLY],
      [() => pay(member.id, "1.00", nextDay(last)), PAYOUT_DATE_TOO_LATE(last)],
      [() => spend("guild", "1.00", "9999-12-31"), SPENT_ON_TOO_LATE(last)],
      [() => spend("guild", "1.00", "1999-12-31"), SPENT_ON_TOO_EARLY],
      [() => spend("guild", "1.00", nextDay(last)), SPENT_ON_TOO_LATE(last)],
    ];
    for (const [call, error] of cases) {
      const res = await call();
      expect({ status: res.status, error: res.data.error }).toEqual({ status: 400, error });
    }
    expect(PAYOUT_DATE_TOO_LATE(last)).toBe(`Paid on cannot be after ${last}, a year from today.`);
    expect(await count("payouts")).toBe(0);
    expect(await count("fund_spending")).toBe(0);
    // The last day itself is in.
    expect((await pay(member.id, "1.00", last)).status).toBe(201);
    expect((await spend("guild", "1.00", last)).status).toBe(201);

    expect((await portal.admin.post("/_api/guild-member/kick", { id: member.id })).status).toBe(200);
    const markPaid = await portal.admin.post("/_api/guild-member/mark-paid", {
      id: member.id,
      paidOn: "9999-12-31",
    });
    expect(markPaid.status).toBe(400);
    expect(markPaid.data.error).toMatch(/cannot be after \d{4}-\d\d-\d\d, a year from today\.$/);

    const loot = { lootName: "Dated Fang", bossName: "Gravemaw", value: "10.00", participatedMembers: ["X"] };
    const tooLate = await portal.admin.post("/_api/market-exchange", { ...loot, dateAcquired: "9999-12-31" });
    expect(tooLate.data).toEqual({ error: DATE_ACQUIRED_TOO_LATE(last) });
    const tooEarly = await portal.admin.post("/_api/market-exchange", {
      ...loot,
      dateAcquired: "1999-12-31",
    });
    expect(tooEarly.data).toEqual({ error: DATE_ACQUIRED_TOO_EARLY });
    const created = await portal.admin.post("/_api/market-exchange", { ...loot, dateAcquired: last });
    expect(created.status).toBe(201);
    const item = created.data.marketExchangeItem as MarketExchangeItem;
    const moved = await portal.admin.post("/_api/market-exchange/update", {
      id: item.id,
      dateAcquired: "9999-12-31",
    });
    expect(moved.data).toEqual({ error: DATE_ACQUIRED_TOO_LATE(last) });
    // A base holds what the row held, which may predate the range: it is not judged.
    const merged = await portal.admin.post("/_api/market-exchange/update", {
      id: item.id,
      dateAcquired: "2026-11-01",
      base: { dateAcquired: "1999-12-31" },
    });
    expect(merged.status).toBe(409);
  });
});

describe("a write to a row removed meanwhile names the row", () => {
  it("names the member a payout was for, alone and in a batch, and never their id", async () => {
    const member = await addMember();
    expect((await portal.admin.post("/_api/guild-member/delete", { id: member.id })).status).toBe(200);
    const message = payeeGoneMessage(member.playerName, adminName);
    expect(message).toBe(
      `${member.playerName} was deleted from the roster by ${adminName}: the payout was not recorded.`,
    );
    const alone = await pay(member.id, "1.00");
    expect(alone).toMatchObject({ status: 404, data: { error: message } });
    const batch = await portal.admin.post("/_api/batch", {
      writes: [
        {
          key: `gone-${member.id}`,
          path: "/_api/payouts",
          body: { memberId: member.id, amount: "1.00", paidOn: "2026-11-20" },
        },
      ],
    });
    expect(batch.data.results).toEqual([{ key: `gone-${member.id}`, status: 404, body: { error: message } }]);
  });

  it("names a payout voided twice by member and amount, and spending removed twice by amount and purpose", async () => {
    const member = await addMember();
    const created = (await pay(member.id, "2.50")).data as unknown as CreatePayoutAnswer;
    expect((await portal.admin.post("/_api/payouts/delete", { id: created.payout.id })).status).toBe(200);
    const twice = await portal.admin.post("/_api/payouts/delete", { id: created.payout.id });
    expect(twice).toMatchObject({
      status: 404,
      data: { error: payoutGoneMessage(member.playerName, "2.50", adminName) },
    });
    expect(twice.data.error).toBe(
      `The payout of 2.50 USDT to ${member.playerName} was already voided by ${adminName}.`,
    );

    const spent = await spend("admin", "3.00");
    const id = (spent.data.spending as { id: number }).id;
    expect((await portal.admin.post("/_api/fund-spending/delete", { id })).status).toBe(200);
    const again = await portal.admin.post("/_api/fund-spending/delete", { id });
    expect(again).toMatchObject({
      status: 404,
      data: { error: spendingGoneMessage("Raid consumables", "3.00", adminName) },
    });
  });
});

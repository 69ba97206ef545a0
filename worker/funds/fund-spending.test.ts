/**
 * /_api/fund-spending and /_api/funds/ledger (docs/decisions/050), through the real API: roles, input, the
 * over-fund confirmation, exact cents, the ledger's lines, running balances and pages, and delta pulls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangesAnswer } from "@shared/schemas/changes.ts";
import {
  type CreateSpendingAnswer,
  FUND_INVALID,
  type FundBalance,
  type FundLedger,
  LEDGER_PAGE_INVALID,
  LEDGER_PAGE_SIZE,
  overFundMessage,
  PURPOSE_REQUIRED,
  PURPOSE_TOO_LONG,
  SPENDING_NOT_FOUND,
  SPENT_ON_INVALID,
  SPENT_ON_REQUIRED,
  SPENT_ON_TOO_EARLY,
} from "@shared/schemas/fund-spending.ts";
import type { GuildFunds } from "@shared/schemas/market.ts";
import { auditFor, type Portal, resetPortalData, setUpPortal } from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("fund-spending");
});
afterAll(async () => {
  await portal?.close();
});

async function fresh(): Promise<void> {
  await resetPortalData(portal.db);
  await portal.db.exec("DELETE FROM fund_spending; DELETE FROM payouts;");
}

async function sell(
  value: string,
  dateAcquired: string | null = "2026-11-01",
  lootName = "Fang",
): Promise<number> {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName,
    bossName: "Gravemaw",
    value,
    status: "Sold",
    participatedMembers: ["Stranger"],
    dateAcquired,
  });
  expect(res.status).toBe(201);
  return (res.data.marketExchangeItem as { id: number }).id;
}

async function funds(): Promise<GuildFunds> {
  return (await portal.admin.get("/_api/guild-funds")).data.guildFunds as GuildFunds;
}

async function ledger(fund: "guild" | "admin", page = 1): Promise<FundLedger> {
  const res = await portal.admin.get(`/_api/funds/ledger?fund=${fund}&page=${page}`);
  expect(res.status, res.text).toBe(200);
  return res.data as unknown as FundLedger;
}

const spend = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  portal.admin.post(
    "/_api/fund-spending",
    { fund: "guild", purpose: "Raid consumables", spentOn: "2026-11-10", ...body },
    headers,
  );

const cents = (text: string) => Math.round(Number(text) * 100);

describe("/_api/fund-spending and /_api/funds roles", () => {
  it("answers 401 to a visitor and 403 to a user on every call", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/_api/fund-spending"],
      ["GET", "/_api/funds/ledger?fund=guild"],
      ["POST", "/_api/fund-spending", { fund: "guild", amount: "1", purpose: "x", spentOn: "2026-11-10" }],
      ["POST", "/_api/fund-spending/delete", { id: 1 }],
    ];
    for (const [method, path, body] of calls) {
      expect((await portal.anonymous.call(method, path, body)).status, path).toBe(401);
      expect((await portal.user.call(method, path, body)).status, path).toBe(403);
    }
  });
});

describe("POST /_api/fund-spending", () => {
  it("records spending (201), audits it, and answers the fund's balance to the cent", async () => {
    await fresh();
    await sell("100.00");
    const stored = await funds();
    const res = await spend({ amount: "0.10" });
    expect(res.status).toBe(201);
    const answer = res.data as unknown as CreateSpendingAnswer;
    expect(answer.spending).toEqual({
      id: expect.any(Number),
      fund: "guild",
      amount: "0.10",
      purpose: "Raid consumables",
      spentOn: "2026-11-10",
      recordedBy: expect.any(Number),
      recordedByName: expect.stringMatching(/^admin /),
      createdAt: expect.any(Date),
    });
    expect((await spend({ amount: 0.2 })).status).toBe(201);
    const list = await portal.admin.get("/_api/fund-spending");
    const balances = list.data.balances as FundBalance[];
    expect(balances[0]).toEqual({
      fund: "guild",
      income: stored.reservedGuildFunds,
      spent: "0.30",
      balance: ((cents(stored.reservedGuildFunds) - 30) / 100).toFixed(2),
    });
    expect(balances[1]).toMatchObject({ fund: "admin", income: stored.adminFund, spent: "0.00" });
    expect(await auditFor(portal.db, "fund_spending", answer.spending.id)).toMatchObject([
      { action: "create", after: { purpose: "Raid consumables", amount: "0.10" } },
    ]);
  });

  it("answers 409 above the fund's balance, then 201 when confirmed; the admin fund is its own", async () => {
    await fresh();
    await sell("10.00");
    const stored = await funds();
    const over = ((cents(stored.adminFund) + 1) / 100).toFixed(2);
    const refused = await spend({ fund: "admin", amount: over });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      error: overFundMessage("admin", over, stored.adminFund),
      balance: { fund: "admin", income: stored.adminFund, spent: "0.00", balance: stored.adminFund },
    });
    const confirmed = await spend({ fund: "admin", amount: over, confirmOverBalance: true });
    expect(confirmed.status).toBe(201);
    expect((confirmed.data as unknown as CreateSpendingAnswer).balance.balance).toBe("-0.01");
    expect((await ledger("guild")).spent).toBe("0.00");
  });

  it("answers clear 400s", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fund: "bank", amount: "1" }, FUND_INVALID],
      [{ amount: "0" }, "Amount must be more than 0."],
      [{ amount: "1.001" }, "Amount cannot have more than 2 decimals."],
      [{ amount: "1", purpose: " " }, PURPOSE_REQUIRED],
      [{ amount: "1", purpose: "p".repeat(201) }, PURPOSE_TOO_LONG],
      [{ amount: "1", spentOn: undefined }, SPENT_ON_REQUIRED],
      [{ amount: "1", spentOn: "soon" }, SPENT_ON_INVALID],
      [{ amount: "1", spentOn: "1999-01-01" }, SPENT_ON_TOO_EARLY],
      [{ amount: "1", extra: true }, "Unknown field: extra"],
    ];
    for (const [body, error] of cases) {
      const res = await spend(body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
  });

  it("voids spending once: the balance goes back, audited; a second void is 404", async () => {
    await fresh();
    await sell("50.00");
    const created = (await spend({ amount: "3.00" })).data as unknown as CreateSpendingAnswer;
    const voided = await portal.admin.post("/_api/fund-spending/delete", { id: created.spending.id });
    expect(voided.status).toBe(200);
    expect(voided.data).toMatchObject({ success: true, id: created.spending.id, balance: { spent: "0.00" } });
    expect((await auditFor(portal.db, "fund_spending", created.spending.id)).map((a) => a.action)).toEqual([
      "create",
      "delete",
    ]);
    const twice = await portal.admin.post("/_api/fund-spending/delete", { id: created.spending.id });
    // Named by amount and purpose, with who removed it (decision 058).
    expect(twice.status).toBe(404);
    expect(twice.data.error).toMatch(
      /^The spending of 3\.00 USDT for Raid consumables was already removed by admin \d+\.$/,
    );
    const never = await portal.admin.post("/_api/fund-spending/delete", { id: 99_999_999 });
    expect(never).toMatchObject({ status: 404, data: { error: SPENDING_NOT_FOUND } });
  });

  it("applies the same Idempotency-Key once", async () => {
    await fresh();
    await sell("50.00");
    const key = { "idempotency-key": "spend-once" };
    const first = await spend({ amount: "1.00" }, key);
    const again = await spend({ amount: "1.00" }, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.data).toEqual(first.data);
    expect((await ledger("guild")).spent).toBe("1.00");
  });
});

describe("GET /_api/funds/ledger", () => {
  it("merges income per Sold item and spending, newest first, each balance the one before plus its amount", async () => {
    await fresh();
    const first = await sell("100.00", "2026-11-01", "Fang");
    await spend({ amount: "5.00", spentOn: "2026-11-02", purpose: "Repairs" });
    const second = await sell("40.00", null, "Claw");
    const stored = await funds();
    const guild = await ledger("guild");
    expect(guild).toMatchObject({
      fund: "guild",
      income: stored.reservedGuildFunds,
      spent: "5.00",
      page: 1,
      pageCount: 1,
    });
    expect(guild.balance).toBe(((cents(stored.reservedGuildFunds) - 500) / 100).toFixed(2));
    expect(guild.lines.map((l) => [l.kind, l.sourceId, l.description])).toEqual([
      ["income", second, "Claw (Gravemaw)"],
      ["spending", expect.any(Number), "Repairs"],
      ["income", first, "Fang (Gravemaw)"],
    ]);
    // An item without a date acquired is dated the day it was recorded.
    expect(guild.lines[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(guild.lines[1]).toMatchObject({ date: "2026-11-02", amount: "-5.00" });
    expect(guild.lines[0]?.balance).toBe(guild.balance);
    for (const [i, line] of guild.lines.entries()) {
      const older = guild.lines[i + 1];
      expect(line.amount).toMatch(/^[+-]\d+\.\d\d$/);
      expect(cents(line.balance)).toBe((older ? cents(older.balance) : 0) + cents(line.amount));
    }
    const admin = await ledger("admin");
    expect(admin.lines.map((l) => l.kind)).toEqual(["income", "income"]);
    expect(admin.balance).toBe(stored.adminFund);
  });

  it(`pages ${LEDGER_PAGE_SIZE} lines at a time, newest first, and a page past the last is empty`, async () => {
    await fresh();
    await sell("1000.00", "2026-01-01");
    await portal.db.query(
      `INSERT INTO fund_spending (fund, amount, purpose, spent_on)
       SELECT 'guild', 0.01, 'Spend ' || n, date '2026-02-01' + n FROM generate_series(1, 150) AS n`,
    );
    const one = await ledger("guild", 1);
    const two = await ledger("guild", 2);
    expect([one.pageCount, one.lines.length, two.lines.length]).toEqual([2, LEDGER_PAGE_SIZE, 51]);
    expect(one.lines[0]?.description).toBe("Spend 150");
    expect(two.lines.at(-1)?.kind).toBe("income");
    expect(cents(two.lines[0]?.balance as string)).toBe(
      cents(one.lines.at(-1)?.balance as string) - cents(one.lines.at(-1)?.amount as string),
    );
    expect(one.balance).toBe(one.lines[0]?.balance);
    const past = await ledger("guild", 3);
    expect(past).toMatchObject({ lines: [], page: 3, pageCount: 2 });
  });

  it("answers clear 400s for a bad fund or page", async () => {
    const cases: [string, string][] = [
      ["", FUND_INVALID],
      ["fund=bank", FUND_INVALID],
      ["fund=guild&page=0", LEDGER_PAGE_INVALID],
      ["fund=guild&page=1.5", LEDGER_PAGE_INVALID],
      ["fund=guild&page=x", LEDGER_PAGE_INVALID],
    ];
    for (const [search, error] of cases) {
      const res = await portal.admin.get(`/_api/funds/ledger?${search}`);
      expect({ search, status: res.status, data: res.data }).toEqual({
        search,
        status: 400,
        data: { error },
      });
    }
  });
});

describe("fund spending in GET /_api/changes", () => {
  it("sends admins new spending and the ids of voided spending", async () => {
    const pull = async (since?: string) =>
      (await portal.admin.get(`/_api/changes${since ? `?since=${since}` : ""}`))
        .data as unknown as ChangesAnswer;
    const start = await pull();
    expect(start.changes.fundSpending?.replace).toBe(true);
    const created = (await spend({ amount: "0.01", confirmOverBalance: true }))
      .data as unknown as CreateSpendingAnswer;
    const added = await pull(start.cursor);
    expect(added.changes.fundSpending).toEqual({ rows: [created.spending], deleted: [], replace: false });
    await portal.admin.post("/_api/fund-spending/delete", { id: created.spending.id });
    const voided = await pull(added.cursor);
    expect(voided.changes.fundSpending).toEqual({ rows: [], deleted: [created.spending.id], replace: false });
  });
});

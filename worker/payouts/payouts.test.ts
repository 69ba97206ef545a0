/**
 * /_api/payouts and the final payout of "Mark paid" (docs/decisions/049), through the real API: roles, input,
 * the over-balance confirmation, exact cents, the CSV, delta pulls and exactly-once writes.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangesAnswer } from "@shared/schemas/changes.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  type CreatePayoutAnswer,
  type MemberBalance,
  overBalanceMessage,
  PAYOUT_CSV_COLUMNS,
  PAYOUT_DATE_TOO_EARLY,
  PAYOUT_MEMBER_REQUIRED,
  PAYOUT_METHOD_TOO_LONG,
  PAYOUT_NOT_FOUND,
  PAYOUT_REFERENCE_TOO_LONG,
  type Payout,
} from "@shared/schemas/payouts.ts";
import { auditFor, type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("payouts");
});
afterAll(async () => {
  await portal?.close();
});

async function addMember(name = uniqueName("Payee")): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName: name, category: "Members" });
  expect(res.status).toBe(201);
  return res.data.guildMember as GuildMember;
}

/** A Sold item whose only participant is the member: they earn its whole general share. */
async function sell(names: string[], value: string): Promise<number> {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName: "Pay Loot",
    bossName: "Pay Boss",
    value,
    status: "Sold",
    participatedMembers: names,
  });
  expect(res.status).toBe(201);
  return (res.data.marketExchangeItem as { id: number }).id;
}

async function balanceOf(memberId: number): Promise<MemberBalance> {
  const res = await portal.admin.get("/_api/payouts/balances");
  expect(res.status).toBe(200);
  return (res.data.balances as MemberBalance[]).find((b) => b.memberId === memberId) as MemberBalance;
}

const pay = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  portal.admin.post("/_api/payouts", { paidOn: "2026-11-20", ...body }, headers);

describe("/_api/payouts roles", () => {
  it("answers 401 to a visitor and 403 to a user on every call, and changes nothing", async () => {
    const member = await addMember();
    const calls: [string, string, unknown?][] = [
      ["GET", "/_api/payouts"],
      ["GET", "/_api/payouts/balances"],
      ["GET", "/_api/payouts/export.csv"],
      ["POST", "/_api/payouts", { memberId: member.id, amount: "1.00", paidOn: "2026-11-20" }],
      ["POST", "/_api/payouts/delete", { id: 1 }],
    ];
    for (const [method, path, body] of calls) {
      expect((await portal.anonymous.call(method, path, body)).status, path).toBe(401);
      expect((await portal.user.call(method, path, body)).status, path).toBe(403);
    }
    const [row] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payouts");
    expect(row?.n).toBe(0);
  });
});

describe("POST /_api/payouts", () => {
  it("records a payout (201) with who recorded it, audits it, and lowers the balance by exactly the amount", async () => {
    const member = await addMember();
    await sell([member.playerName], "10.00");
    const before = await balanceOf(member.id);
    expect(Number(before.earned)).toBeGreaterThan(0);
    expect(before.paid).toBe("0.00");

    const res = await pay({
      memberId: member.id,
      amount: "0.10",
      method: " USDT TRC20 ",
      reference: "0xabc",
    });
    expect(res.status).toBe(201);
    const answer = res.data as unknown as CreatePayoutAnswer;
    expect(answer.payout).toEqual({
      id: expect.any(Number),
      memberId: member.id,
      memberName: member.playerName,
      amount: "0.10",
      paidOn: "2026-11-20",
      method: "USDT TRC20",
      reference: "0xabc",
      recordedBy: expect.any(Number),
      recordedByName: expect.stringMatching(/^admin /),
      createdAt: expect.any(Date),
    });
    // 0.10 + 0.20 is 0.30 to the cent (never 0.30000000000000004).
    expect((await pay({ memberId: member.id, amount: 0.2 })).status).toBe(201);
    const after = await balanceOf(member.id);
    expect(after.paid).toBe("0.30");
    expect(Math.round(Number(before.balance) * 100) - Math.round(Number(after.balance) * 100)).toBe(30);
    expect(after.balance).toBe(
      (Math.round(Number(before.earned) * 100) - 30).toString().replace(/(\d\d)$/, ".$1"),
    );

    const list = await portal.admin.get(`/_api/payouts?memberId=${member.id}`);
    expect((list.data.payouts as Payout[]).map((p) => p.amount)).toEqual(["0.20", "0.10"]);
    const audit = await auditFor(portal.db, "payout", answer.payout.id);
    expect(audit).toMatchObject([
      { action: "create", after: { amount: "0.10", memberName: member.playerName } },
    ]);
  });

  it("answers 409 with the balance above it, then 201 when confirmed", async () => {
    const member = await addMember();
    await sell([member.playerName], "1.00");
    const balance = await balanceOf(member.id);
    const over = (Math.round(Number(balance.balance) * 100) + 1) / 100;
    const overText = over.toFixed(2);

    const refused = await pay({ memberId: member.id, amount: overText });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      error: overBalanceMessage(member.playerName, overText, balance.balance),
      balance,
    });
    expect((await pay({ memberId: member.id, amount: overText, confirmOverBalance: false })).status).toBe(
      409,
    );
    const confirmed = await pay({ memberId: member.id, amount: overText, confirmOverBalance: true });
    expect(confirmed.status).toBe(201);
    expect((confirmed.data as unknown as CreatePayoutAnswer).balance.balance).toBe("-0.01");
    // The whole balance is not above it: no confirmation needed.
    const other = await addMember();
    await sell([other.playerName], "3.00");
    const whole = await balanceOf(other.id);
    expect((await pay({ memberId: other.id, amount: whole.balance })).status).toBe(201);
    expect((await balanceOf(other.id)).balance).toBe("0.00");
  });

  it("checks two payouts sent at once one after the other: only one of two 60% payouts goes through", async () => {
    const member = await addMember();
    await sell([member.playerName], "100.00");
    const balance = await balanceOf(member.id);
    const part = ((Math.round(Number(balance.balance) * 100) * 0.6) / 100).toFixed(2);
    const answers = await Promise.all([
      pay({ memberId: member.id, amount: part }),
      pay({ memberId: member.id, amount: part }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await balanceOf(member.id)).paid).toBe(part);
  });

  it("answers clear 400s for bad input and 404 for an unknown member", async () => {
    const member = await addMember();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: "1.00", paidOn: "2026-11-20" }, PAYOUT_MEMBER_REQUIRED],
      [{ memberId: "7", amount: "1.00", paidOn: "2026-11-20" }, PAYOUT_MEMBER_REQUIRED],
      [{ memberId: 0, amount: "1.00", paidOn: "2026-11-20" }, PAYOUT_MEMBER_REQUIRED],
      [{ memberId: member.id, amount: "0", paidOn: "2026-11-20" }, "Amount must be more than 0."],
      [{ memberId: member.id, amount: "-5", paidOn: "2026-11-20" }, "Amount must be more than 0."],
      [
        { memberId: member.id, amount: "1.005", paidOn: "2026-11-20" },
        "Amount cannot have more than 2 decimals.",
      ],
      [{ memberId: member.id, amount: "abc", paidOn: "2026-11-20" }, "Amount must be a number."],
      [{ memberId: member.id, amount: "1e3", paidOn: "2026-11-20" }, "Amount must be a number."],
      [
        { memberId: member.id, amount: "1000000000000", paidOn: "2026-11-20" },
        "Amount cannot exceed 999999999999.99.",
      ],
      [{ memberId: member.id, amount: "1.00", paidOn: "1999-12-31" }, PAYOUT_DATE_TOO_EARLY],
      [
        { memberId: member.id, amount: "1.00", paidOn: "2026-11-20", method: "m".repeat(101) },
        PAYOUT_METHOD_TOO_LONG,
      ],
      [
        { memberId: member.id, amount: "1.00", paidOn: "2026-11-20", reference: "r".repeat(201) },
        PAYOUT_REFERENCE_TOO_LONG,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await portal.admin.post("/_api/payouts", body);
      expect({ body, status: res.status, error: res.data.error }).toEqual({ body, status: 400, error });
    }
    const unknownField = await portal.admin.post("/_api/payouts", {
      memberId: member.id,
      amount: "1.00",
      paidOn: "2026-11-20",
      note: "x",
    });
    expect(unknownField.status).toBe(400);
    const noDate = await portal.admin.post("/_api/payouts", { memberId: member.id, amount: "1.00" });
    expect(noDate.status).toBe(400);
    const missing = await pay({ memberId: 99_999_999, amount: "1.00" });
    expect(missing.status).toBe(404);
    expect((await portal.admin.get("/_api/payouts?memberId=abc")).status).toBe(400);
  });

  it("applies the same Idempotency-Key once, and a batch carries it like the outbox sends it", async () => {
    const member = await addMember();
    await sell([member.playerName], "50.00");
    const body = { memberId: member.id, amount: "1.25" };
    const first = await pay(body, { "idempotency-key": `pay-${member.id}` });
    const again = await pay(body, { "idempotency-key": `pay-${member.id}` });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toEqual(first.data);
    const batch = await portal.admin.post("/_api/batch", {
      writes: [
        {
          key: `batch-pay-${member.id}`,
          path: "/_api/payouts",
          body: { ...body, paidOn: "2026-11-21", amount: "2.00" },
        },
        {
          key: `batch-pay-${member.id}`.replace("batch", "again"),
          path: "/_api/payouts",
          body: { ...body, paidOn: "2026-11-21" },
        },
      ],
    });
    expect(batch.status).toBe(200);
    expect((batch.data.results as { status: number }[]).map((r) => r.status)).toEqual([201, 201]);
    const replayed = await portal.admin.post("/_api/batch", {
      writes: [
        {
          key: `batch-pay-${member.id}`,
          path: "/_api/payouts",
          body: { ...body, paidOn: "2026-11-21", amount: "2.00" },
        },
      ],
    });
    expect((replayed.data.results as { status: number }[])[0]?.status).toBe(201);
    expect((await balanceOf(member.id)).paid).toBe("4.50");
  });
});

describe("POST /_api/payouts/delete", () => {
  it("voids a payout: the balance goes back, it is audited, and a second void is 404", async () => {
    const member = await addMember();
    await sell([member.playerName], "8.00");
    const before = await balanceOf(member.id);
    const created = (await pay({ memberId: member.id, amount: "2.50" }))
      .data as unknown as CreatePayoutAnswer;
    const voided = await portal.admin.post("/_api/payouts/delete", { id: created.payout.id });
    expect(voided.status).toBe(200);
    expect(voided.data).toEqual({ success: true, id: created.payout.id, balance: before });
    expect(await balanceOf(member.id)).toEqual(before);
    const audit = await auditFor(portal.db, "payout", created.payout.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
    const twice = await portal.admin.post("/_api/payouts/delete", { id: created.payout.id });
    expect(twice.status).toBe(404);
    // Named by member and amount, with who voided it (decision 058).
    expect(twice.data.error).toMatch(
      new RegExp(`^The payout of 2\\.50 USDT to ${member.playerName} was already voided by admin \\d+\\.$`),
    );
    const never = await portal.admin.post("/_api/payouts/delete", { id: 99_999_999 });
    expect(never).toMatchObject({ status: 404, data: { error: PAYOUT_NOT_FOUND } });
    expect((await portal.admin.post("/_api/payouts/delete", { id: "x" })).status).toBe(400);
  });
});

describe("GET /_api/payouts/export.csv", () => {
  it("lists every payout with exact amounts, and keeps a formula as text", async () => {
    const member = await addMember(uniqueName("Csv"));
    await sell([member.playerName], "9.00");
    await pay({ memberId: member.id, amount: "0.07", method: "USDT TRC20", reference: "=HYPERLINK(1)" });
    const res = await portal.admin.get("/_api/payouts/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const parsed = Papa.parse<string[]>(res.text.trim());
    expect(parsed.data[0]).toEqual([...PAYOUT_CSV_COLUMNS]);
    const line = parsed.data.find((cells) => cells[1] === member.playerName);
    expect(line).toEqual([
      "2026-11-20",
      member.playerName,
      "0.07",
      "USDT TRC20",
      "'=HYPERLINK(1)",
      expect.stringMatching(/^admin /),
    ]);
    const [count] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payouts");
    expect(parsed.data.length - 1).toBe(count?.n);
  });
});

describe("POST /_api/guild-member/mark-paid", () => {
  async function kick(member: GuildMember, finalSalaryAmount?: string) {
    const res = await portal.admin.post("/_api/guild-member/kick", {
      id: member.id,
      ...(finalSalaryAmount === undefined ? {} : { finalSalaryAmount }),
    });
    expect(res.status).toBe(200);
  }

  it("records the rest of the salary as a payout once, with the method and reference sent", async () => {
    const member = await addMember();
    await sell([member.playerName], "20.00");
    await pay({ memberId: member.id, amount: "1.00" });
    const before = await balanceOf(member.id);
    await kick(member);
    const key = { "idempotency-key": `mark-paid-${member.id}` };
    const body = { id: member.id, method: "Gold trade", reference: "in game" };
    const paid = await portal.admin.post("/_api/guild-member/mark-paid", body, key);
    expect(paid.status).toBe(200);
    expect(paid.data.guildMember).toMatchObject({ status: "paid_out" });
    expect(paid.data.payout).toMatchObject({
      memberId: member.id,
      amount: before.balance,
      method: "Gold trade",
      reference: "in game",
      paidOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const replay = await portal.admin.post("/_api/guild-member/mark-paid", body, key);
    expect(replay.status).toBe(200);
    expect(replay.data).toEqual(paid.data);
    const after = await balanceOf(member.id);
    expect(after.balance).toBe("0.00");
    const payouts = (await portal.admin.get(`/_api/payouts?memberId=${member.id}`)).data.payouts as Payout[];
    expect(payouts.map((p) => p.amount)).toEqual([before.balance, "1.00"]);
  });

  it("pays what is left of a final salary amount set at the kick; nothing left records no payout", async () => {
    const member = await addMember();
    await sell([member.playerName], "20.00");
    await pay({ memberId: member.id, amount: "1.50" });
    await kick(member, "4.00");
    const paid = await portal.admin.post("/_api/guild-member/mark-paid", {
      id: member.id,
      paidOn: "2026-11-22",
    });
    expect(paid.status).toBe(200);
    expect(paid.data.payout).toMatchObject({ amount: "2.50", paidOn: "2026-11-22", method: "" });

    const nothing = await addMember();
    await kick(nothing);
    const none = await portal.admin.post("/_api/guild-member/mark-paid", { id: nothing.id });
    expect(none.status).toBe(200);
    expect(none.data).toEqual({ guildMember: expect.objectContaining({ status: "paid_out" }), payout: null });
    expect((await balanceOf(nothing.id)).paid).toBe("0.00");
  });

  it("checks the new fields", async () => {
    const member = await addMember();
    await kick(member);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: member.id, method: "m".repeat(101) }, PAYOUT_METHOD_TOO_LONG],
      [{ id: member.id, reference: "r".repeat(201) }, PAYOUT_REFERENCE_TOO_LONG],
      [{ id: member.id, paidOn: "1990-01-01" }, PAYOUT_DATE_TOO_EARLY],
      [{ id: member.id, amount: "5" }, "Unknown field: amount"],
    ];
    for (const [body, error] of cases) {
      const res = await portal.admin.post("/_api/guild-member/mark-paid", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
  });
});

describe("payouts in GET /_api/changes", () => {
  async function pull(client: Portal["admin"], since?: string): Promise<ChangesAnswer> {
    const res = await client.get(`/_api/changes${since === undefined ? "" : `?since=${since}`}`);
    expect(res.status).toBe(200);
    return res.data as unknown as ChangesAnswer;
  }

  it("sends admins new payouts and the ids of voided ones; never users or visitors", async () => {
    const member = await addMember();
    await sell([member.playerName], "6.00");
    const start = await pull(portal.admin);
    expect(start.changes.payouts?.replace).toBe(true);
    const created = (await pay({ memberId: member.id, amount: "1.00" }))
      .data as unknown as CreatePayoutAnswer;
    const added = await pull(portal.admin, start.cursor);
    expect(added.changes.payouts).toEqual({ rows: [created.payout], deleted: [], replace: false });
    await portal.admin.post("/_api/payouts/delete", { id: created.payout.id });
    const voided = await pull(portal.admin, added.cursor);
    expect(voided.changes.payouts).toEqual({ rows: [], deleted: [created.payout.id], replace: false });
    expect((await pull(portal.admin, voided.cursor)).changes.payouts).toBeUndefined();
    for (const client of [portal.user, portal.anonymous]) {
      const whole = await pull(client);
      expect(whole.changes.payouts).toBeUndefined();
      expect(whole.changes.fundSpending).toBeUndefined();
    }
  });
});

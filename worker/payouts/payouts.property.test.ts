/**
 * Money a member can trust (issue 17's property): random sequences of sales, item deletes, kicks, "Mark paid",
 * payouts (some above the balance, confirmed), payout voids and fund spending (both funds, some above the
 * balance, confirmed) through the real API. After every step, each member's balance from GET
 * /_api/payouts/balances equals the full engine's salary (the oracle of docs/decisions/024) minus the model's
 * payouts, to the cent; each fund's ledger, read page by page, adds up line by line and ends at the full
 * engine's fund minus the model's spending. PAYOUT_PROPERTY_RUNS sets the number of sequences (25 by default).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import type {
  CreateSpendingAnswer,
  FundLedger,
  FundName,
  LedgerLine,
} from "@shared/schemas/fund-spending.ts";
import type { CreatePayoutAnswer, MemberBalance, Payout } from "@shared/schemas/payouts.ts";
import { type Portal, resetPortalData, setUpPortal } from "../salary/portal-test-setup.ts";
import { rebuildDerivedFigures } from "../salary/rebuild.ts";
import { loadRoster, loadSoldItems } from "../salary/stored-shares.ts";
import { testDriver } from "../test/test-db.ts";

const RUNS = Number(process.env.PAYOUT_PROPERTY_RUNS || 25);

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("payouts-property");
});
afterAll(async () => {
  await portal?.close();
});

const NAMES = ["Ash", "Bram", "Cole", "Dara"];
const TOKENS = [...NAMES, "Veil", "Stranger"];

type Command =
  | { kind: "sell"; participants: string[]; cents: number; day: number | null }
  | { kind: "deleteItem"; pick: number }
  | { kind: "kick"; pick: number; finalCents: number | null }
  | { kind: "markPaid"; pick: number; method: string | null }
  | { kind: "pay"; pick: number; cents: number; confirm: boolean }
  | { kind: "payAll"; pick: number }
  | { kind: "voidPayout"; pick: number }
  | { kind: "spend"; fund: FundName; cents: number; confirm: boolean; day: number }
  | { kind: "voidSpending"; pick: number };

const pick = fc.nat({ max: 20 });
const amount = fc.oneof(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 5_000_000 }));
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("sell" as const),
      participants: fc.subarray(TOKENS, { minLength: 1 }),
      cents: fc.integer({ min: 0, max: 10_000_000 }),
      day: fc.option(fc.integer({ min: 1, max: 28 })),
    }),
  },
  fc.record({ kind: fc.constant("deleteItem" as const), pick }),
  fc.record({ kind: fc.constant("kick" as const), pick, finalCents: fc.option(fc.nat({ max: 3_000_000 })) }),
  fc.record({
    kind: fc.constant("markPaid" as const),
    pick,
    method: fc.option(fc.constantFrom("USDT TRC20", "Gold")),
  }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("pay" as const), pick, cents: amount, confirm: fc.boolean() }),
  },
  fc.record({ kind: fc.constant("payAll" as const), pick }),
  fc.record({ kind: fc.constant("voidPayout" as const), pick }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("spend" as const),
      fund: fc.constantFrom<FundName>("guild", "admin"),
      cents: amount,
      confirm: fc.boolean(),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  fc.record({ kind: fc.constant("voidSpending" as const), pick }),
);

/** What the API said was recorded: payouts by id (member, cents) and spending by id (fund, cents). */
interface Model {
  payouts: Map<number, { memberId: number; cents: number }>;
  spending: Map<number, { fund: FundName; cents: number }>;
}

/** Four members, Dara an alt of Ash (alias Veil), and two Sold items. */
async function seed(): Promise<void> {
  await resetPortalData(portal.db);
  await portal.db.exec(`
    DELETE FROM payouts; DELETE FROM fund_spending;
    INSERT INTO boss_names (name, respawn_time_hours) VALUES ('Boss', 24) ON CONFLICT DO NOTHING;
    INSERT INTO guild_members (player_name, category, raids_participated, player_alias) VALUES
      ('Ash', 'Guild Master', 2, 'Veil'), ('Bram', 'Core', 1, NULL), ('Cole', 'Members', 0, NULL),
      ('Dara', 'Members', 1, NULL);
    UPDATE guild_members SET main_member_id = (SELECT id FROM guild_members WHERE player_name = 'Ash')
     WHERE player_name = 'Dara';
    INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, date_acquired) VALUES
      ('Loot', 'Boss', 1000.00, 'Sold', 'Ash, Bram, Cole, Stranger', '2026-10-01'),
      ('Loot', 'Boss', 333.33, 'Sold', '["Veil","bram"]', NULL);
  `);
  await portal.db.transaction((tx) => rebuildDerivedFigures(tx));
}

async function ids(sql: string): Promise<number[]> {
  return (await portal.db.query<{ id: number }>(sql)).map((row) => row.id);
}

const at = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];
const dayOf = (day: number) => `2026-11-${String(day).padStart(2, "0")}`;

/** The model's balance of a member: the full engine's salary minus the model's payouts. */
async function expectedBalances(model: Model): Promise<Map<number, number>> {
  const full = calculateSalaries(await loadSoldItems(portal.db), await loadRoster(portal.db));
  const balances = new Map(full.rosterSalaries.map((s) => [s.memberId, parseMoney(s.salary)]));
  for (const payout of model.payouts.values()) {
    const earned = balances.get(payout.memberId);
    if (earned !== undefined) balances.set(payout.memberId, earned - payout.cents);
  }
  return balances;
}

async function expectedFund(model: Model, fund: FundName): Promise<number> {
  const full = calculateSalaries(await loadSoldItems(portal.db), await loadRoster(portal.db));
  const income = parseMoney(fund === "guild" ? full.reservedGuildFunds : full.adminFund);
  let spent = 0;
  for (const s of model.spending.values()) if (s.fund === fund) spent += s.cents;
  return income - spent;
}

async function run(command: Command, model: Model): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await portal.admin.post(path, body);
    expect(res.status, `${JSON.stringify(command)} -> ${res.text}`).toBeLessThan(500);
    return res;
  };
  const members = await ids("SELECT id FROM guild_members ORDER BY id");
  switch (command.kind) {
    case "sell": {
      const res = await post("/_api/market-exchange", {
        lootName: "Loot",
        bossName: "Boss",
        value: moneyText(command.cents),
        status: "Sold",
        participatedMembers: command.participants,
        dateAcquired: command.day === null ? null : dayOf(command.day),
      });
      expect(res.status).toBe(201);
      return;
    }
    case "deleteItem": {
      const id = at(await ids("SELECT id FROM market_exchange ORDER BY id"), command.pick);
      if (id !== undefined) expect((await post("/_api/market-exchange/delete", { id })).status).toBe(200);
      return;
    }
    case "kick": {
      const id = at(members, command.pick);
      if (id === undefined) return;
      await post("/_api/guild-member/kick", {
        id,
        ...(command.finalCents === null ? {} : { finalSalaryAmount: moneyText(command.finalCents) }),
      });
      return;
    }
    case "markPaid": {
      const id = at(members, command.pick);
      if (id === undefined) return;
      const res = await post("/_api/guild-member/mark-paid", {
        id,
        ...(command.method === null ? {} : { method: command.method }),
      });
      const payout = res.data.payout as Payout | null | undefined;
      if (res.status === 200 && payout)
        model.payouts.set(payout.id, { memberId: id, cents: parseMoney(payout.amount) });
      if (res.status === 200) {
        // What was left to pay is paid: nothing above 0 remains of the final amount or the salary.
        const balance = (await expectedBalances(model)).get(id) ?? 0;
        const final = res.data.guildMember as { finalSalaryAmount: string | null };
        if (final.finalSalaryAmount === null) expect(balance).toBeLessThanOrEqual(0);
      }
      return;
    }
    case "pay":
    case "payAll": {
      const id = at(members, command.pick);
      if (id === undefined) return;
      const balance = (await expectedBalances(model)).get(id) ?? 0;
      const cents = command.kind === "pay" ? command.cents : balance;
      if (cents <= 0) return;
      const confirm = command.kind === "pay" && command.confirm;
      const res = await post("/_api/payouts", {
        memberId: id,
        amount: moneyText(cents),
        paidOn: "2026-11-15",
        ...(confirm ? { confirmOverBalance: true } : {}),
      });
      // Above the balance without confirmation is refused, and only then.
      expect(res.status, JSON.stringify({ command, balance })).toBe(cents > balance && !confirm ? 409 : 201);
      if (res.status === 409) expect((res.data.balance as MemberBalance).balance).toBe(moneyText(balance));
      if (res.status === 201) {
        const answer = res.data as unknown as CreatePayoutAnswer;
        model.payouts.set(answer.payout.id, { memberId: id, cents });
        expect(answer.balance.balance).toBe(moneyText(balance - cents));
      }
      return;
    }
    case "voidPayout": {
      const id = at(
        [...model.payouts.keys()].sort((a, b) => a - b),
        command.pick,
      );
      if (id === undefined) return;
      expect((await post("/_api/payouts/delete", { id })).status).toBe(200);
      model.payouts.delete(id);
      return;
    }
    case "spend": {
      const balance = await expectedFund(model, command.fund);
      const res = await post("/_api/fund-spending", {
        fund: command.fund,
        amount: moneyText(command.cents),
        purpose: "Upkeep",
        spentOn: dayOf(command.day),
        ...(command.confirm ? { confirmOverBalance: true } : {}),
      });
      expect(res.status, JSON.stringify({ command, balance })).toBe(
        command.cents > balance && !command.confirm ? 409 : 201,
      );
      if (res.status === 201) {
        const answer = res.data as unknown as CreateSpendingAnswer;
        model.spending.set(answer.spending.id, { fund: command.fund, cents: command.cents });
      }
      return;
    }
    case "voidSpending": {
      const id = at(
        [...model.spending.keys()].sort((a, b) => a - b),
        command.pick,
      );
      if (id === undefined) return;
      expect((await post("/_api/fund-spending/delete", { id })).status).toBe(200);
      model.spending.delete(id);
      return;
    }
  }
}

async function readWholeLedger(fund: FundName): Promise<{ first: FundLedger; lines: LedgerLine[] }> {
  const first = (await portal.admin.get(`/_api/funds/ledger?fund=${fund}`)).data as unknown as FundLedger;
  const lines = [...first.lines];
  for (let page = 2; page <= first.pageCount; page++) {
    const next = (await portal.admin.get(`/_api/funds/ledger?fund=${fund}&page=${page}`))
      .data as unknown as FundLedger;
    lines.push(...next.lines);
  }
  return { first, lines };
}

async function expectMoneyAddsUp(model: Model, context: string): Promise<void> {
  const expected = await expectedBalances(model);
  const res = await portal.admin.get("/_api/payouts/balances");
  const answered = new Map((res.data.balances as MemberBalance[]).map((b) => [b.memberId, b]));
  expect([...answered.keys()].sort(), context).toEqual([...expected.keys()].sort());
  for (const [memberId, cents] of expected) {
    const balance = answered.get(memberId) as MemberBalance;
    expect(balance.balance, `${context}: member ${memberId}`).toBe(moneyText(cents));
    expect(parseMoney(balance.earned) - parseMoney(balance.paid), context).toBe(cents);
  }
  for (const fund of ["guild", "admin"] as const) {
    const { first, lines } = await readWholeLedger(fund);
    const want = moneyText(await expectedFund(model, fund));
    expect(first.balance, `${context}: ${fund} fund`).toBe(want);
    // Newest first: the newest line's balance is the fund's; each is the one before it plus its amount.
    expect(lines[0]?.balance ?? "0.00", `${context}: ${fund} ledger`).toBe(want);
    for (const [i, line] of lines.entries()) {
      const before = lines[i + 1] ? parseMoney((lines[i + 1] as LedgerLine).balance) : 0;
      expect(parseMoney(line.balance), `${context}: ${fund} line ${i}`).toBe(
        before + parseMoney(line.amount.replace(/^\+/, "")),
      );
    }
  }
}

describe(`payouts and fund spending (${testDriver()} driver)`, () => {
  it(`after every step of ${RUNS} random sequences, balances are earned minus paid and each fund's ledger ends at its stored fund minus its spending, to the cent`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }), async (commands) => {
        await seed();
        const model: Model = { payouts: new Map(), spending: new Map() };
        await expectMoneyAddsUp(model, "seeded");
        for (const [step, command] of commands.entries()) {
          await run(command, model);
          await expectMoneyAddsUp(model, `step ${step}: ${JSON.stringify(command)}`);
        }
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});

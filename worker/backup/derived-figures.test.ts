/**
 * Derived figures are never left behind (docs/decisions/055): a guild built through the API, with sales, payouts,
 * spending, alts and a linked account, answers every figure the same after Replace everything with its own backup,
 * after Recalculate All Salaries, after a command-line restore into a new database and after a start that finds an
 * older restore's leftovers; and every one equals the full recalculation. On each driver.
 */
import { afterAll, describe, expect, it } from "vitest";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import type { FundLedger } from "@shared/schemas/fund-spending.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { SCHEMA_MIGRATIONS } from "../admin/schema-migrations.generated.ts";
import { createApp } from "../app/create-app.ts";
import { migrate } from "../db/migrate.ts";
import type { Db } from "../db/types.ts";
import { MIGRATION_STEPS, repairDerivedFigures } from "../salary/migration-steps.ts";
import { createAccount, type Portal, setUpPortal, TEST_PASSWORD } from "../salary/portal-test-setup.ts";
import { expectStoredEqualsFullRecalculation } from "../salary/stored-figures-oracle.ts";
import { loadRoster, loadSoldItems } from "../salary/stored-shares.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb, testDriver } from "../test/test-db.ts";
import { restoreBackup } from "./restore.ts";

const BRAND = "Test Guild";
const PEPPER = "test-pepper-0123456789";

const opened: Db[] = [];
/** The linked raider's email, by portal database. */
const RAIDER_EMAIL = new Map<Db, string>();
const cents = (text: string | undefined) => Math.round(Number(text) * 100);

/** The clients that read a portal's answers: its admin, the linked raider and a visitor. */
interface Readers {
  admin: TestClient;
  raider: TestClient;
  anonymous: TestClient;
}

async function ok(client: TestClient, method: "GET" | "POST", path: string, body?: unknown) {
  const res = method === "GET" ? await client.get(path) : await client.post(path, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res;
}

/** Builds the guild through the API; answers the linked raider's client. */
async function build(portal: Portal): Promise<TestClient> {
  const { admin } = portal;
  await ok(admin, "POST", "/_api/boss-names", { name: "Gravemaw", respawn_time_hours: 10 });
  const member = async (body: Record<string, unknown>) =>
    (await ok(admin, "POST", "/_api/guild-members", body)).data.guildMember as GuildMember;
  const aldric = await member({ playerName: "Aldric", category: "Guild Master" });
  const alt = await member({ playerName: "Aldric Alt", category: "Members", mainMemberId: aldric.id });
  const brea = await member({ playerName: "Brea", category: "Core", playerAlias: "Bee" });
  const cato = await member({ playerName: "Cato", category: "Members" });
  const dov = await member({ playerName: "Dov", category: "Members" });
  // Raids decide how Aldric's two characters split what they earn together.
  await ok(admin, "POST", "/_api/attendance", {
    bossName: "Gravemaw",
    dateAttended: "2026-11-01T20:00:00.000Z",
    participatedMembers: ["Aldric", "Brea"],
  });
  const sell = (lootName: string, value: string, participatedMembers: string[] | string, day: string) =>
    ok(admin, "POST", "/_api/market-exchange", {
      lootName,
      bossName: "Gravemaw",
      value,
      status: "Sold",
      participatedMembers,
      dateAcquired: day,
    });
  await sell("Fang", "3200.00", ["Aldric", "Aldric Alt", "Brea", "Cato", "Dov", "Stranger"], "2026-11-02");
  await sell("Cloak", "640.55", "Bee, Cato, Aldric Alt", "2026-11-03");
  await sell("Ring", "99.99", ["Dov"], "2026-11-05");
  await ok(admin, "POST", "/_api/market-exchange", {
    lootName: "Pending Orb",
    bossName: "Gravemaw",
    value: "500.00",
    participatedMembers: ["Aldric"],
  });
  await ok(admin, "POST", "/_api/payouts", {
    memberId: brea.id,
    amount: "100.00",
    paidOn: "2026-11-06",
    method: "USDT",
    reference: "tx-1",
  });
  await ok(admin, "POST", "/_api/payouts", {
    memberId: cato.id,
    amount: "5000.00",
    paidOn: "2026-11-07",
    method: "USDT",
    reference: "advance",
    confirmOverBalance: true,
  });
  await ok(admin, "POST", "/_api/guild-member/kick", { id: dov.id });
  await ok(admin, "POST", "/_api/guild-member/mark-paid", {
    id: dov.id,
    paidOn: "2026-11-08",
    method: "Cash",
  });
  await ok(admin, "POST", "/_api/fund-spending", {
    fund: "guild",
    amount: "12.34",
    purpose: "Raid consumables",
    spentOn: "2026-11-09",
  });
  await ok(admin, "POST", "/_api/fund-spending", {
    fund: "admin",
    amount: "1.00",
    purpose: "Discord boost",
    spentOn: "2026-11-09",
  });

  const raiderEmail = await createAccount(portal.db, "derived", "user");
  RAIDER_EMAIL.set(portal.db, raiderEmail);
  const [user] = await portal.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [
    raiderEmail,
  ]);
  // The raider's account is Aldric's: My earnings covers Aldric and his alt.
  await ok(admin, "POST", "/_api/admin/accounts/link-member", { userId: user?.id, memberId: aldric.id });
  expect(alt.mainMemberId).toBe(aldric.id);
  return signIn(portal.app, raiderEmail);
}

async function signIn(app: ReturnType<typeof createApp>, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  expect((await client.login(email, TEST_PASSWORD)).status).toBe(200);
  return client;
}

/** Every ledger page of a fund, newest first. */
async function ledger(admin: TestClient, fund: "guild" | "admin"): Promise<FundLedger[]> {
  const pages: FundLedger[] = [];
  for (let page = 1; ; page++) {
    const answer = (await ok(admin, "GET", `/_api/funds/ledger?fund=${fund}&page=${page}`))
      .data as unknown as FundLedger;
    pages.push(answer);
    if (page >= answer.pageCount) return pages;
  }
}

/** Every answer that carries a derived figure, as the screens get it. */
async function answers({ admin, raider, anonymous }: Readers) {
  const get = async (client: TestClient, path: string) => (await ok(client, "GET", path)).data;
  const receipt = (await get(anonymous, "/_api/public/salary-calculation")) as {
    calculationDetails: { memberName: string }[];
  };
  const memberReceipts: Record<string, unknown> = {};
  for (const { memberName } of receipt.calculationDetails)
    memberReceipts[memberName] = await get(
      anonymous,
      `/_api/public/salary-calculation/member?name=${encodeURIComponent(memberName)}`,
    );
  const changes = (await get(admin, "/_api/changes")) as { cursor?: string };
  delete changes.cursor;
  return {
    roster: await get(admin, "/_api/guild-members?status=all"),
    publicRoster: await get(anonymous, "/_api/public/guild-members"),
    funds: await get(admin, "/_api/guild-funds"),
    fundSpending: await get(admin, "/_api/fund-spending"),
    guildLedger: await ledger(admin, "guild"),
    adminLedger: await ledger(admin, "admin"),
    payouts: await get(admin, "/_api/payouts"),
    balances: await get(admin, "/_api/payouts/balances"),
    payoutsCsv: (await ok(admin, "GET", "/_api/payouts/export.csv")).text,
    receipt,
    summary: await get(anonymous, "/_api/public/salary-calculation/summary"),
    memberReceipts,
    myEarnings: await get(raider, "/_api/me/earnings"),
    // The dashboard's cards are computed from this pull's funds, members and items.
    changes,
  };
}

type Answers = Awaited<ReturnType<typeof answers>>;

/** The answers with the funds row's updatedAt left out: a new database's row was written at another time. */
function withoutFundsTime(a: Answers) {
  const funds = a.funds as { guildFunds: Record<string, unknown> };
  const changes = a.changes as unknown as { changes: { funds: { rows: Record<string, unknown>[] } } };
  const strip = ({ updatedAt: _, ...row }: Record<string, unknown>) => row;
  return {
    ...a,
    funds: { guildFunds: strip(funds.guildFunds) },
    changes: {
      ...changes,
      changes: {
        ...changes.changes,
        funds: { ...changes.changes.funds, rows: changes.changes.funds.rows.map(strip) },
      },
    },
  };
}

/** The figures of the answers against the full engine run on the items and roster now (decision 024's oracle). */
async function expectFullRecalculation(db: Db, a: Answers): Promise<void> {
  await expectStoredEqualsFullRecalculation(db);
  const full = calculateSalaries(await loadSoldItems(db), await loadRoster(db));
  expect(a.receipt).toEqual(full.receipt);
  const roster = (a.roster as { guildMembers: GuildMember[] }).guildMembers;
  expect(Object.fromEntries(roster.map((m) => [m.id, m.salary]))).toEqual(
    Object.fromEntries(full.rosterSalaries.map((s) => [s.memberId, s.salary])),
  );
  const spending = a.fundSpending as { balances: { fund: string; income: string; balance: string }[] };
  expect(spending.balances.map((b) => [b.fund, b.income])).toEqual([
    ["guild", full.reservedGuildFunds],
    ["admin", full.adminFund],
  ]);
  for (const pages of [a.guildLedger, a.adminLedger]) {
    const newest = pages[0];
    expect(newest?.lines[0]?.balance).toBe(newest?.balance);
  }
  expect(
    (a.funds as { guildFunds: { reservedGuildFunds: string; adminFund: string } }).guildFunds,
  ).toMatchObject({ reservedGuildFunds: full.reservedGuildFunds, adminFund: full.adminFund });
}

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

/** A new portal with the guild built, its answers before anything else happened, and its linked raider. */
async function builtGuild(): Promise<{ portal: Portal; raider: TestClient; before: Answers }> {
  const portal = await setUpPortal("derived-figures");
  opened.push(portal.db);
  const raider = await build(portal);
  const before = await answers({ ...portal, raider });
  await expectFullRecalculation(portal.db, before);
  // Something to lose: income in both funds, Aldric's two characters with items, three payouts.
  const balances = (before.fundSpending as { balances: { income: string }[] }).balances;
  expect(balances.map((b) => cents(b.income) > 0)).toEqual([true, true]);
  expect(before.myEarnings).toMatchObject({ linked: true, mainName: "Aldric" });
  const earnings = before.myEarnings as { characters: unknown[]; items: unknown[] };
  expect([earnings.characters.length, earnings.items.length]).toEqual([2, 3]);
  expect((before.payouts as { payouts: unknown[] }).payouts).toHaveLength(3);
  return { portal, raider, before };
}

/** What restoring with an older version left: the totals row emptied and never written again. */
const olderRestoreLeftovers = (db: Db) => db.query("DELETE FROM salary_totals");

describe(`derived figures after a restore, a recalculation and a start (${testDriver()} driver)`, () => {
  it("Replace everything with the portal's own backup answers every figure as before, and spending goes on", async () => {
    const { portal, before } = await builtGuild();
    const backup = await ok(portal.admin, "GET", "/_api/admin/backup");
    const restored = await portal.admin.post(
      `/_api/admin/restore?${new URLSearchParams({ replace: "1", confirmGuildName: BRAND })}`,
      backup.text,
    );
    expect(restored.status, restored.text).toBe(200);
    // Every other session ended with the restore.
    const raider = await signIn(portal.app, RAIDER_EMAIL.get(portal.db) as string);
    const after = await answers({ ...portal, raider });
    expect(after).toEqual(before);
    await expectFullRecalculation(portal.db, after);

    // The writes after it move figures that are there: 10.00 of the guild fund's balance is spent.
    const spent = await ok(portal.admin, "POST", "/_api/fund-spending", {
      fund: "guild",
      amount: "10.00",
      purpose: "Repairs",
      spentOn: "2026-11-10",
    });
    expect(spent.status).toBe(201);
    const [newest] = await ledger(portal.admin, "guild");
    expect(newest?.lines[0]).toMatchObject({ amount: "-10.00", balance: newest?.balance });
    const [guildBefore] = (before.fundSpending as { balances: { balance: string }[] }).balances;
    expect(cents(newest?.balance)).toBe(cents(guildBefore?.balance) - 1000);
    await expectStoredEqualsFullRecalculation(portal.db);
  });

  it("Recalculate All Salaries answers every figure as before, also after an older version's restore", async () => {
    const { portal, raider, before } = await builtGuild();
    const recalculate = () =>
      ok(portal.admin, "POST", "/_api/admin/fix-corrupted-participants", {
        dryRun: false,
        fixAction: "recalculate_all_salaries",
      });
    expect((await recalculate()).data.differences).toEqual({ itemIds: [], salaries: [] });
    expect(await answers({ ...portal, raider })).toEqual(before);

    await olderRestoreLeftovers(portal.db);
    await recalculate();
    const after = await answers({ ...portal, raider });
    expect(after).toEqual(before);
    await expectFullRecalculation(portal.db, after);
  });

  it("`npm run restore` into a new database answers every figure as the portal did", async () => {
    const { portal, before } = await builtGuild();
    const file = (await ok(portal.admin, "GET", "/_api/admin/backup?includePasswords=1")).text;
    // What the command does (worker/node/backup-cli.ts): migrate the new database, then restore the file into it.
    const db = await createTestDb();
    opened.push(db);
    await migrate(db, SCHEMA_MIGRATIONS, MIGRATION_STEPS);
    await restoreBackup(db, file, { brand: BRAND, replace: false });
    const app = createApp({ db, config: { brand: BRAND, timeZone: null, pepper: PEPPER } });
    const [admin] = await db.query<{ email: string }>(
      "SELECT email FROM users WHERE role = 'admin' ORDER BY id LIMIT 1",
    );
    const readers = {
      admin: await signIn(app, admin?.email as string),
      raider: await signIn(app, RAIDER_EMAIL.get(portal.db) as string),
      anonymous: new TestClient(app),
    };
    const after = await answers(readers);
    expect(withoutFundsTime(after)).toEqual(withoutFundsTime(before));
    await expectFullRecalculation(db, after);
  });

  it("a start after an older version's restore rebuilds the figures, and leaves them alone when in step", async () => {
    const { portal, raider, before } = await builtGuild();
    await olderRestoreLeftovers(portal.db);
    const broken = await answers({ ...portal, raider });
    expect(broken.fundSpending).not.toEqual(before.fundSpending);
    // What every start runs (worker/node/prepare-database.ts).
    const start = async () => {
      let rebuilt: boolean | undefined;
      await migrate(portal.db, SCHEMA_MIGRATIONS, MIGRATION_STEPS, {
        repair: async (tx) => {
          rebuilt = await repairDerivedFigures(tx);
        },
      });
      return rebuilt;
    };
    expect(await start()).toBe(true);
    const after = await answers({ ...portal, raider });
    expect(after).toEqual(before);
    await expectFullRecalculation(portal.db, after);
    expect(await start()).toBe(false);
    expect(await answers({ ...portal, raider })).toEqual(before);
  });
});

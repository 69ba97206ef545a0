/**
 * The stored distributions against the full engine (issue: a write redistributes only what it touches): random
 * sequences of every kind of write, through the real API, split rule changes with effective dates among them
 * (decision 075), and after each step the stored shares, salaries and funds must equal a full recalculation under
 * the rules in force for each item, to the cent. SALARY_PROPERTY_RUNS sets the number of sequences on every
 * driver; by default 500 on PGlite, where the sequences explore the logic, and 150 on PostgreSQL 15 and the Neon
 * driver in workerd, which run the same SQL (decision 064).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import type { Db } from "../db/types.ts";
import { testDriver } from "../test/test-db.ts";
import { type Portal, setUpPortal } from "./portal-test-setup.ts";
import { rebuildDerivedFigures } from "./rebuild.ts";
import { loadSplitRules } from "./split-rules-repo.ts";
import { expectStoredEqualsFullRecalculation } from "./stored-figures-oracle.ts";
import { loadRoster, loadSoldItems } from "./stored-shares.ts";

const RUNS = Number(process.env.SALARY_PROPERTY_RUNS || (testDriver() === "pglite" ? 500 : 150));

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("stored-shares");
  await portal.db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ('Boss', 24)");
});
afterAll(async () => {
  await portal?.close();
});

const NAMES = ["Ash", "Bram", "Cole", "Dara", "Eli", "Ünal"];
const TOKENS = [...NAMES, "ash", "ünal", "Veil", "Stranger", "stranger"];
const CATEGORIES = ["Guild Master", "Core", "Members"] as const;
/** Items' acquired days and rule sets' days; null: an item without a date (split by the day it was recorded). */
const DAYS = ["2026-01-10", "2026-03-05", "2026-03-06", "2026-06-20"] as const;
const RECORDED_DAY = new Date().toISOString().slice(0, 10);

type Command =
  | { kind: "addMember"; name: string; category: string; main: number | null }
  | { kind: "rename"; pick: number; name: string }
  | { kind: "category"; pick: number; category: string }
  | { kind: "deleteMember"; pick: number }
  | { kind: "kick"; pick: number }
  | { kind: "markPaid"; pick: number }
  | { kind: "link"; pick: number; main: number | null }
  | { kind: "alias"; pick: number; alias: string | null }
  | {
      kind: "addItem";
      participants: string[];
      cents: number;
      sold: boolean;
      json: boolean;
      day: string | null;
    }
  | {
      kind: "updateItem";
      pick: number;
      participants: string[] | null;
      sold: boolean | null;
      cents: number | null;
      day: string | null | undefined;
    }
  | { kind: "deleteItem"; pick: number }
  | { kind: "import"; rows: { participants: string[]; cents: number; sold: boolean }[] }
  | { kind: "addAttendance"; picks: number[] }
  | { kind: "updateAttendance"; pick: number; picks: number[] }
  | { kind: "deleteAttendance"; pick: number }
  | { kind: "rebuild" }
  | { kind: "saveRule"; day: string; parts: [number, number, number, number]; elite: string[]; empty: string }
  | { kind: "removeRule"; day: string };

const pick = fc.nat({ max: 20 });
const participants = fc.subarray(TOKENS, { minLength: 1 });
const cents = fc.oneof(fc.nat({ max: 500 }), fc.nat({ max: 10_000_000 }));
const itemDay = fc.option(fc.constantFrom(...DAYS));
const ruleDay = fc.constantFrom(...DAYS, RECORDED_DAY);
/** Four parts in basis points adding up to 10,000: three cuts of 0..10,000, sorted. */
const parts = fc
  .tuple(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 }))
  .map(([a, b, c]): [number, number, number, number] => {
    const [x, y, z] = [a, b, c].sort((p, q) => p - q) as [number, number, number];
    return [x, y - x, z - y, 10_000 - z];
  });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("addMember" as const),
    name: fc.constantFrom(...NAMES),
    category: fc.constantFrom(...CATEGORIES),
    main: fc.option(pick),
  }),
  fc.record({ kind: fc.constant("rename" as const), pick, name: fc.constantFrom(...NAMES, "Fenn", "Veil") }),
  fc.record({ kind: fc.constant("category" as const), pick, category: fc.constantFrom(...CATEGORIES) }),
  fc.record({ kind: fc.constant("deleteMember" as const), pick }),
  fc.record({ kind: fc.constant("kick" as const), pick }),
  fc.record({ kind: fc.constant("markPaid" as const), pick }),
  fc.record({ kind: fc.constant("link" as const), pick, main: fc.option(pick) }),
  fc.record({ kind: fc.constant("alias" as const), pick, alias: fc.constantFrom("Veil", "Stranger", null) }),
  fc.record({
    kind: fc.constant("addItem" as const),
    participants,
    cents,
    sold: fc.boolean(),
    json: fc.boolean(),
    day: itemDay,
  }),
  fc.record({
    kind: fc.constant("updateItem" as const),
    pick,
    participants: fc.option(participants),
    sold: fc.option(fc.boolean()),
    cents: fc.option(cents),
    day: fc.option(itemDay, { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("deleteItem" as const), pick }),
  fc.record({
    kind: fc.constant("import" as const),
    rows: fc.array(
      fc.record({ participants, cents: fc.integer({ min: 1, max: 10_000_000 }), sold: fc.boolean() }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  }),
  fc.record({
    kind: fc.constant("addAttendance" as const),
    picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant("updateAttendance" as const),
    pick,
    picks: fc.array(pick, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("deleteAttendance" as const), pick }),
  fc.constant({ kind: "rebuild" as const }),
  fc.record({
    kind: fc.constant("saveRule" as const),
    day: ruleDay,
    parts,
    elite: fc.subarray([...CATEGORIES]),
    empty: fc.constantFrom("guild-fund", "base-pool"),
  }),
  fc.record({ kind: fc.constant("removeRule" as const), day: ruleDay }),
);

/** A small guild with a player of two characters (alias Veil), items naming them, and raids. */
async function seed(db: Db): Promise<void> {
  await db.exec(`
    DELETE FROM attendance_records; DELETE FROM salary_shares; DELETE FROM salary_items;
    DELETE FROM salary_earners; UPDATE salary_totals SET item_count = 0, guild_fund = 0, admin_fund = 0;
    DELETE FROM market_exchange; DELETE FROM split_rules; UPDATE guild_members SET main_member_id = NULL; DELETE FROM guild_members;
    INSERT INTO guild_members (player_name, category, raids_participated, player_alias) VALUES
      ('Ash', 'Guild Master', 2, 'Veil'), ('Bram', 'Core', 1, NULL), ('Cole', 'Members', 0, NULL);
    UPDATE guild_members SET main_member_id = (SELECT id FROM guild_members WHERE player_name = 'Ash')
     WHERE player_name = 'Cole';
    INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, date_acquired) VALUES
      ('Loot', 'Boss', 1000.00, 'Sold', 'Ash, Bram, Cole, Stranger', '2026-03-05'),
      ('Loot', 'Boss', 333.33, 'Sold', '["Veil","bram"]', NULL),
      ('Loot', 'Boss', 7.77, 'Pending', 'Bram', '2026-01-10');
    INSERT INTO attendance_records (boss_name, date_attended, participated_members) VALUES
      ('Boss', '2026-11-01 12:00:00+00', '["Ash","Bram"]');
  `);
  await db.transaction((tx) => rebuildDerivedFigures(tx));
}

const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, "0")}`;

async function ids(table: string): Promise<number[]> {
  const rows = await portal.db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`);
  return rows.map((row) => row.id);
}

async function memberNames(picks: readonly number[]): Promise<string[]> {
  const rows = await portal.db.query<{ name: string }>(
    "SELECT player_name AS name FROM guild_members WHERE status = 'active' ORDER BY id",
  );
  return [
    ...new Set(picks.flatMap((n) => (rows.length === 0 ? [] : [rows[n % rows.length]?.name as string]))),
  ];
}

const at = (list: readonly number[], n: number | null) =>
  n === null || list.length === 0 ? null : (list[n % list.length] as number);

async function itemCommand(command: Command, post: (path: string, body: unknown) => Promise<number>) {
  switch (command.kind) {
    case "addItem":
      return post("/_api/market-exchange", {
        lootName: "Loot",
        bossName: "Boss",
        value: dollars(command.cents),
        status: command.sold ? "Sold" : "Pending",
        participatedMembers: command.json ? command.participants : command.participants.join(", "),
        ...(command.day === null ? {} : { dateAcquired: command.day }),
      });
    case "updateItem": {
      const id = at(await ids("market_exchange"), command.pick);
      if (id === null) return 0;
      return post("/_api/market-exchange/update", {
        id,
        ...(command.participants ? { participatedMembers: command.participants } : {}),
        ...(command.sold === null ? {} : { status: command.sold ? "Sold" : "Pending" }),
        ...(command.cents === null ? {} : { value: dollars(command.cents) }),
        ...(command.day === undefined ? {} : { dateAcquired: command.day }),
      });
    }
    case "deleteItem": {
      const id = at(await ids("market_exchange"), command.pick);
      return id === null ? 0 : post("/_api/market-exchange/delete", { id });
    }
    case "import":
      return post("/_api/admin/import-market-data", {
        // Equal rows are the point of this model, not a mistake to skip (decision 047).
        duplicates: "import",
        marketData: command.rows.map((row) => ({
          lootName: "Imported",
          bossName: "Boss",
          value: dollars(row.cents),
          status: row.sold ? "Sold" : "Pending",
          participatedMembers: row.participants.join(", "),
        })),
      });
    case "saveRule": {
      const percent = (bp: number) => (bp / 100).toFixed(2);
      const [guildFund, adminFund, elitePool, basePool] = command.parts.map(percent);
      const body = { effectiveFrom: command.day, guildFund, adminFund, elitePool, basePool };
      const res = await portal.admin.call("PUT", "/_api/admin/split-rules", {
        ...body,
        eliteCategories: command.elite,
        emptyElitePool: command.empty,
      });
      expect(res.status, `${JSON.stringify(command)} -> ${res.text}`).toBeLessThan(500);
      return res.status;
    }
    case "removeRule":
      return post("/_api/admin/split-rules/remove", { effectiveFrom: command.day });
    default:
      return undefined;
  }
}

async function attendanceCommand(command: Command, post: (path: string, body: unknown) => Promise<number>) {
  const date = new Date("2026-11-20T12:00:00Z");
  switch (command.kind) {
    case "addAttendance":
      return post("/_api/attendance", {
        bossName: "Boss",
        dateAttended: date,
        participatedMembers: await memberNames(command.picks),
      });
    case "updateAttendance": {
      const id = at(await ids("attendance_records"), command.pick);
      if (id === null) return 0;
      return post("/_api/attendance/update", {
        id,
        dateAttended: date,
        participatedMembers: await memberNames(command.picks),
      });
    }
    case "deleteAttendance": {
      const id = at(await ids("attendance_records"), command.pick);
      return id === null ? 0 : post("/_api/attendance/delete", { id });
    }
    default:
      return undefined;
  }
}

async function memberCommand(command: Command, post: (path: string, body: unknown) => Promise<number>) {
  const members = await ids("guild_members");
  if (command.kind === "addMember") {
    return post("/_api/guild-members", {
      playerName: command.name,
      category: command.category,
      ...(command.main === null ? {} : { mainMemberId: at(members, command.main) }),
    });
  }
  if (command.kind === "rebuild") {
    return post("/_api/admin/fix-corrupted-participants", {
      dryRun: false,
      fixAction: "recalculate_all_salaries",
    });
  }
  const id = at(members, "pick" in command ? command.pick : null);
  if (id === null) return 0;
  switch (command.kind) {
    case "rename":
      return post("/_api/guild-member/update", { id, playerName: command.name });
    case "category":
      return post("/_api/guild-member/update", { id, category: command.category });
    case "deleteMember":
      return post("/_api/guild-member/delete", { id });
    case "kick":
      return post("/_api/guild-member/kick", { id });
    case "markPaid":
      return post("/_api/guild-member/mark-paid", { id });
    case "link":
      return post("/_api/guild-member/update", { id, mainMemberId: at(members, command.main) });
    case "alias":
      return post("/_api/guild-member/update", { id, playerAlias: command.alias });
    default:
      return 0;
  }
}

/**
 * The public receipt equals the full engine's receipt of the items and roster as they are now; its summary is
 * the same without item lists; each member's own receipt is their entry of it.
 */
async function expectReceiptsEqualFullEngine(): Promise<void> {
  const full = calculateSalaries(
    await loadSoldItems(portal.db),
    await loadRoster(portal.db),
    await loadSplitRules(portal.db),
  ).receipt;
  const receipt = await portal.anonymous.get("/_api/public/salary-calculation");
  expect(receipt.data).toEqual(full);
  const summary = await portal.anonymous.get("/_api/public/salary-calculation/summary");
  expect(summary.data).toEqual({
    ...full,
    calculationDetails: full.calculationDetails.map((member) => ({ ...member, participatedItems: [] })),
  });
  for (const member of full.calculationDetails) {
    const name = encodeURIComponent(member.memberName.toUpperCase());
    const one = await portal.anonymous.get(`/_api/public/salary-calculation/member?name=${name}`);
    expect(one.data).toEqual({ member });
  }
}

async function run(command: Command): Promise<number> {
  const post = async (path: string, body: unknown) => {
    const res = await portal.admin.post(path, body);
    // Refusals (a taken name, an illegal link, an unknown attendee) are fine; a server error is not.
    expect(res.status, `${JSON.stringify(command)} -> ${res.text}`).toBeLessThan(500);
    return res.status;
  };
  return (
    (await itemCommand(command, post)) ??
    (await attendanceCommand(command, post)) ??
    memberCommand(command, post)
  );
}

describe(`stored distributions (${testDriver()} driver)`, () => {
  it("the seeded guild's stored figures are the full engine's", async () => {
    await seed(portal.db);
    await expectStoredEqualsFullRecalculation(portal.db);
    const [count] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM salary_shares");
    // 4 participants of the first item; Veil (Ash and Cole) and Bram of the second.
    expect(count?.n).toBe(7);
  });

  it(`after every step of ${RUNS} random sequences of writes, the stored shares, salaries and funds equal a full recalculation`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 6 }), async (commands) => {
        await seed(portal.db);
        for (const [step, command] of commands.entries()) {
          await run(command);
          await expectStoredEqualsFullRecalculation(portal.db, `step ${step}: ${JSON.stringify(command)}`);
        }
        await expectReceiptsEqualFullEngine();
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});

describe(`concurrent writes (${testDriver()} driver)`, () => {
  it("20 parallel writes of mixed kinds leave the stored figures equal to a full recalculation", async () => {
    await seed(portal.db);
    await run({ kind: "addMember", name: "Dara", category: "Core", main: null });
    await run({ kind: "addMember", name: "Eli", category: "Members", main: 0 });
    const before = await ids("market_exchange");
    const commands: Command[] = [
      ...Array.from(
        { length: 5 },
        (_, n): Command => ({
          kind: "addItem",
          participants: ["Ash", "Dara", "Veil", "Eli", `Guest${n}`],
          cents: 100_001 + n,
          sold: true,
          json: n % 2 === 0,
          day: DAYS[n % DAYS.length] ?? null,
        }),
      ),
      ...before.map(
        (_, n): Command => ({
          kind: "updateItem",
          pick: n,
          participants: null,
          sold: true,
          cents: 50_003 * (n + 1),
          day: undefined,
        }),
      ),
      { kind: "category", pick: 2, category: "Core" },
      { kind: "category", pick: 3, category: "Members" },
      { kind: "rename", pick: 1, name: "Fenn" },
      { kind: "alias", pick: 3, alias: "Stranger" },
      { kind: "addAttendance", picks: [0, 2, 4] },
      { kind: "addAttendance", picks: [4] },
      { kind: "updateAttendance", pick: 0, picks: [0, 1, 2, 3] },
      { kind: "import", rows: [{ participants: ["Dara", "Eli", "Ash"], cents: 99_999, sold: true }] },
      { kind: "deleteItem", pick: 1 },
      {
        kind: "saveRule",
        day: "2026-03-05",
        parts: [2000, 0, 3000, 5000],
        elite: ["Core"],
        empty: "base-pool",
      },
      { kind: "removeRule", day: "2026-06-20" },
    ];
    while (commands.length < 20) commands.push({ kind: "addAttendance", picks: [commands.length] });
    expect(commands).toHaveLength(20);
    const statuses = await Promise.all(commands.map((command) => run(command)));
    expect(statuses.filter((status) => status >= 200 && status < 300).length).toBeGreaterThanOrEqual(17);
    await expectStoredEqualsFullRecalculation(portal.db);
  });
});

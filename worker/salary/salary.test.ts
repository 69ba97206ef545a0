import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseMoney } from "@shared/money/money.ts";
import type { SalaryReceipt } from "@shared/salary/calculate-salaries.ts";
import {
  DRY_RUN_INVALID,
  FIX_ACTION_INVALID,
  FIX_ACTION_REQUIRED,
  recalculatedMessage,
  resetMessage,
} from "@shared/schemas/fix-participants.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { KEY_REUSED } from "../app/write.ts";
import { type Portal, resetPortalData, setUpPortal, storedFigures } from "./portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("salary");
});
afterAll(async () => {
  await portal?.close();
});
// Every test reads guild-wide figures, so each starts from an empty guild.
beforeEach(async () => {
  await resetPortalData(portal.db);
});

const FIX = "/_api/admin/fix-corrupted-participants";

async function addMember(playerName: string, category: string, extra: Record<string, unknown> = {}) {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category, ...extra });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.guildMember as GuildMember;
}

async function addItem(participatedMembers: string | string[], value: number | string, status = "Sold") {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName: "Obsidian Greatblade",
    bossName: "Ironhide Behemoth",
    value,
    status,
    participatedMembers,
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.marketExchangeItem as MarketExchangeItem;
}

async function receipt(): Promise<SalaryReceipt> {
  const res = await portal.anonymous.get("/_api/public/salary-calculation");
  expect(res.status).toBe(200);
  return res.data as unknown as SalaryReceipt;
}

/** The stored salaries and funds are exactly the receipt's. */
async function expectStoredEqualsReceipt() {
  const [stored, current] = await Promise.all([storedFigures(portal.db), receipt()]);
  const fromReceipt = new Map(current.membersWithSalaries.map((m) => [m.playerName, m.salary]));
  for (const [name, salary] of Object.entries(stored.salaries)) {
    expect({ name, salary }).toEqual({ name, salary: fromReceipt.get(name) ?? "0.00" });
  }
  expect(stored.funds).toEqual({
    reservedGuildFunds: current.summaryTotals.totalGuildFund,
    adminFund: current.summaryTotals.totalAdminFund,
  });
}

describe("the worked example through the API", () => {
  it("1,000 USDT, 3 Members and 2 Core: Members get 120.00, Core 245.00; the receipt and the stored figures agree", async () => {
    for (const name of ["Larkspire", "Mossbane", "Nightquill"]) await addMember(name, "Members");
    for (const name of ["Brightforge", "Cinderwhisk"]) await addMember(name, "Core");
    const item = await addItem("Larkspire, Mossbane, Nightquill, Brightforge, Cinderwhisk", 1000);

    expect(await storedFigures(portal.db)).toEqual({
      salaries: {
        Larkspire: "120.00",
        Mossbane: "120.00",
        Nightquill: "120.00",
        Brightforge: "245.00",
        Cinderwhisk: "245.00",
      },
      funds: { reservedGuildFunds: "100.00", adminFund: "50.00" },
    });
    const current = await receipt();
    expect(current.processedItems).toBe(1);
    expect(current.summaryTotals).toEqual({
      totalProcessedItems: 1,
      totalGeneralShareDistributed: "600.00",
      totalEliteShareDistributed: "250.00",
      totalSalariesDistributed: "850.00",
      totalAdminFund: "50.00",
      totalGuildFund: "100.00",
    });
    expect(
      current.calculationDetails.map((d) => [d.memberName, d.category, d.finalCalculatedSalary]),
    ).toEqual([
      ["Brightforge", "Core", "245.00"],
      ["Cinderwhisk", "Core", "245.00"],
      ["Larkspire", "Members", "120.00"],
      ["Mossbane", "Members", "120.00"],
      ["Nightquill", "Members", "120.00"],
    ]);
    expect(current.calculationDetails[0]).toEqual({
      memberName: "Brightforge",
      category: "Core",
      totalRaids: 0,
      participatedItemsCount: 1,
      totalFromGeneralShare: "120.00",
      totalFromEliteShare: "125.00",
      finalCalculatedSalary: "245.00",
      participatedItems: [
        {
          itemId: item.id,
          lootName: "Obsidian Greatblade",
          itemValue: "1000.00",
          generalShareEarned: "120.00",
          eliteShareEarned: "125.00",
        },
      ],
    });
    expect(current.membersWithSalaries).toHaveLength(5);
    await expectStoredEqualsReceipt();
  });

  it("the receipt is public and answers an empty guild with zeros", async () => {
    expect(await receipt()).toEqual({
      calculationDetails: [],
      summaryTotals: {
        totalProcessedItems: 0,
        totalGeneralShareDistributed: "0.00",
        totalEliteShareDistributed: "0.00",
        totalSalariesDistributed: "0.00",
        totalAdminFund: "0.00",
        totalGuildFund: "0.00",
      },
      processedItems: 0,
      membersWithSalaries: [],
    });
  });
});

// Random sequences of API writes on a small roster; after each sequence the stored salaries and funds must be
// the receipt's, and "Recalculate All Salaries" must change nothing.
const NAMES = ["Ash", "Bram", "Cole", "Dara", "Eli"];
const TOKENS = [...NAMES, "ash", "Veil", "Stranger"];
const CATEGORIES = ["Guild Master", "Core", "Members"];

type Command =
  | { kind: "addMember"; name: string; category: string }
  | { kind: "rename"; pick: number; name: string }
  | { kind: "category"; pick: number; category: string }
  | { kind: "deleteMember"; pick: number }
  | { kind: "kick"; pick: number }
  | { kind: "link"; pick: number; main: number }
  | { kind: "alias"; pick: number; alias: string | null }
  | { kind: "addItem"; participants: string[]; valueCents: number; sold: boolean; json: boolean }
  | {
      kind: "updateItem";
      pick: number;
      participants: string[] | null;
      sold: boolean | null;
      valueCents: number | null;
    }
  | { kind: "deleteItem"; pick: number };

const pick = fc.nat({ max: 20 });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("addMember" as const),
    name: fc.constantFrom(...NAMES),
    category: fc.constantFrom(...CATEGORIES),
  }),
  fc.record({ kind: fc.constant("rename" as const), pick, name: fc.constantFrom(...NAMES, "Fenn") }),
  fc.record({ kind: fc.constant("category" as const), pick, category: fc.constantFrom(...CATEGORIES) }),
  fc.record({ kind: fc.constant("deleteMember" as const), pick }),
  fc.record({ kind: fc.constant("kick" as const), pick }),
  fc.record({ kind: fc.constant("link" as const), pick, main: pick }),
  fc.record({ kind: fc.constant("alias" as const), pick, alias: fc.constantFrom("Veil", null) }),
  fc.record({
    kind: fc.constant("addItem" as const),
    participants: fc.subarray(TOKENS, { minLength: 1 }),
    valueCents: fc.oneof(fc.nat({ max: 500 }), fc.nat({ max: 10_000_000 })),
    sold: fc.boolean(),
    json: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("updateItem" as const),
    pick,
    participants: fc.option(fc.subarray(TOKENS, { minLength: 1 })),
    sold: fc.option(fc.boolean()),
    valueCents: fc.option(fc.nat({ max: 10_000_000 })),
  }),
  fc.record({ kind: fc.constant("deleteItem" as const), pick }),
);

const SEED: Command[] = [
  { kind: "addMember", name: "Ash", category: "Guild Master" },
  { kind: "addMember", name: "Bram", category: "Core" },
  { kind: "addMember", name: "Cole", category: "Members" },
  {
    kind: "addItem",
    participants: ["Ash", "Bram", "Cole", "Stranger"],
    valueCents: 100_000,
    sold: true,
    json: false,
  },
  { kind: "addItem", participants: ["Veil", "cole"], valueCents: 33_333, sold: true, json: true },
  { kind: "addItem", participants: ["Bram"], valueCents: 777, sold: false, json: true },
];

async function run(command: Command): Promise<number> {
  const members = (await portal.admin.get("/_api/guild-members?status=all")).data
    .guildMembers as GuildMember[];
  const items = (await portal.admin.get("/_api/market-exchange")).data
    .marketExchangeItems as MarketExchangeItem[];
  const member = (n: number) => members[n % Math.max(members.length, 1)];
  const item = (n: number) => items[n % Math.max(items.length, 1)];
  const post = async (path: string, body: unknown) => (await portal.admin.post(path, body)).status;
  switch (command.kind) {
    case "addMember":
      return post("/_api/guild-members", { playerName: command.name, category: command.category });
    case "addItem": {
      const cents = command.valueCents;
      return post("/_api/market-exchange", {
        lootName: "Loot",
        bossName: "Boss",
        value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
        status: command.sold ? "Sold" : "Pending",
        participatedMembers: command.json ? command.participants : command.participants.join(", "),
      });
    }
    default:
      break;
  }
  if (command.kind === "updateItem" || command.kind === "deleteItem") {
    const target = item(command.pick);
    if (!target) return 0;
    if (command.kind === "deleteItem") return post("/_api/market-exchange/delete", { id: target.id });
    return post("/_api/market-exchange/update", {
      id: target.id,
      ...(command.participants ? { participatedMembers: command.participants } : {}),
      ...(command.sold === null ? {} : { status: command.sold ? "Sold" : "Pending" }),
      ...(command.valueCents === null ? {} : { value: command.valueCents / 100 }),
    });
  }
  const target = member(command.pick);
  if (!target) return 0;
  switch (command.kind) {
    case "rename":
      return post("/_api/guild-member/update", { id: target.id, playerName: command.name });
    case "category":
      return post("/_api/guild-member/update", { id: target.id, category: command.category });
    case "deleteMember":
      return post("/_api/guild-member/delete", { id: target.id });
    case "kick":
      return post("/_api/guild-member/kick", { id: target.id });
    case "link":
      return post("/_api/guild-member/update", {
        id: target.id,
        mainMemberId: member(command.main)?.id ?? null,
      });
    case "alias":
      return post("/_api/guild-member/update", { id: target.id, playerAlias: command.alias });
  }
}

describe("derived figures", () => {
  it("after any sequence of writes the stored salaries and funds equal the receipt, and a full rebuild changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 12 }), async (commands) => {
        await resetPortalData(portal.db);
        // A small guild to start from, so most commands have something to act on.
        for (const command of SEED) expect(await run(command)).toBe(201);
        for (const command of commands) {
          const status = await run(command);
          // Refusals (a taken name, an illegal link or move) are fine; a server error is not.
          expect(status, JSON.stringify(command)).toBeLessThan(500);
        }
        await expectStoredEqualsReceipt();
        const before = await storedFigures(portal.db);
        const rebuilt = await portal.admin.post(FIX, {
          dryRun: false,
          fixAction: "recalculate_all_salaries",
        });
        expect(rebuilt.status).toBe(200);
        expect(await storedFigures(portal.db)).toEqual(before);
      }),
      { numRuns: 30 },
    );
    // 30 runs of up to 17 API writes each: inside workerd every call opens its own Neon connection.
  }, 180_000);

  it("a player alias shares the player's earnings among their characters by raid count", async () => {
    const main = await addMember("Ironveil", "Core", { playerAlias: "Veil" });
    const alt = await addMember("Veilshade", "Members", { mainMemberId: main.id });
    await portal.db.query("UPDATE guild_members SET raids_participated = $2 WHERE id = $1", [main.id, 3]);
    await portal.db.query("UPDATE guild_members SET raids_participated = $2 WHERE id = $1", [alt.id, 1]);
    await addItem("Veil, Ashvale", 1000);
    // Base 600 / 3 participants (Ironveil, Veilshade, Ashvale) = 200 each, elite 250 to Ironveil; the player's
    // 400 base and 250 elite are each re-split 3:1 by raids.
    const stored = await storedFigures(portal.db);
    expect(stored.salaries).toEqual({ Ironveil: "487.50", Veilshade: "162.50" });
    await expectStoredEqualsReceipt();
  });
});

describe("POST /_api/admin/fix-corrupted-participants", () => {
  async function seedCorrupted() {
    await addMember("Ashvale", "Core");
    const clean = await addItem("Ashvale", 1000);
    const rows = await portal.db.query<{ id: number }>(
      `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members) VALUES
         ('Broken Blade', 'Gravemaw', 500, 'Sold', '["Ashvale", "Bob"'),
         ('Ghost Ring', 'Gravemaw', 250.50, 'Pending', 'Ashvale, undefined'),
         ('Empty Tome', 'Gravemaw', 10, 'Sold', '')
       RETURNING id`,
    );
    // Stored figures follow the data as written; recalculate as any write would.
    await portal.admin.post(FIX, { dryRun: false, fixAction: "recalculate_all_salaries" });
    return { clean, broken: rows[0]?.id as number, ghost: rows[1]?.id as number };
  }

  it("a dry run (the default) reports the corrupted items and changes nothing", async () => {
    const { broken, ghost } = await seedCorrupted();
    const before = await storedFigures(portal.db);
    const res = await portal.admin.post(FIX, {});
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      corruptedItemsCount: 2,
      totalAffectedValue: "750.50",
      corruptedItems: [
        { id: broken, lootName: "Broken Blade", value: "500.00", participatedMembers: '["Ashvale", "Bob"' },
        { id: ghost, lootName: "Ghost Ring", value: "250.50", participatedMembers: "Ashvale, undefined" },
      ],
    });
    expect((await portal.admin.post(FIX, { dryRun: true })).data).toEqual(res.data);
    expect(await storedFigures(portal.db)).toEqual(before);
  });

  it("reset_participants clears the corrupted lists and recalculates; audited", async () => {
    const { broken, ghost } = await seedCorrupted();
    // Read leniently, the broken Sold item still pays Ashvale: 850.00 of the 1,000 item plus 150.00 + 125.00 of
    // the 500. Once reset it has no participants and all of it but the admin fee goes to the guild fund.
    expect((await storedFigures(portal.db)).salaries.Ashvale).toBe("1125.00");
    const res = await portal.admin.post(FIX, { dryRun: false, fixAction: "reset_participants" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      message: resetMessage(2),
      resetItemIds: [broken, ghost],
      processedItems: 3,
    });
    expect(res.data.message).toBe("Reset participants for 2 items.");
    const texts = await portal.db.query<{ id: number; t: string }>(
      "SELECT id, participated_members AS t FROM market_exchange WHERE id = ANY(ARRAY[$1, $2]::int[]) ORDER BY id",
      [broken, ghost],
    );
    expect(texts.map((r) => r.t)).toEqual(["", ""]);
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ashvale: "850.00" },
      funds: { reservedGuildFunds: "584.50", adminFund: "75.50" },
    });
    await expectStoredEqualsReceipt();
    expect((await portal.admin.post(FIX, {})).data).toMatchObject({
      corruptedItemsCount: 0,
      totalAffectedValue: "0.00",
    });
    const audit = await portal.db.query<{ action: string; before: unknown }>(
      "SELECT action, before FROM audit_log WHERE action = 'reset_participants'",
    );
    expect(audit).toEqual([
      {
        action: "reset_participants",
        before: [
          { id: broken, participatedMembers: '["Ashvale", "Bob"' },
          { id: ghost, participatedMembers: "Ashvale, undefined" },
        ],
      },
    ]);
  });

  it("recalculate_all_salaries rebuilds every stored figure and answers the receipt", async () => {
    await seedCorrupted();
    const expected = await storedFigures(portal.db);
    await portal.db.query("UPDATE guild_members SET salary = 12345.67");
    await portal.db.query("UPDATE guild_funds SET reserved_guild_funds = 1, admin_fund = 2");
    const res = await portal.admin.post(FIX, { dryRun: false, fixAction: "recalculate_all_salaries" });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe(recalculatedMessage(1, 3));
    expect(res.data).toMatchObject(await receipt());
    expect(await storedFigures(portal.db)).toEqual(expected);
    const audit = await portal.db.query<{ after: { changedSalaries: unknown[] } }>(
      "SELECT after FROM audit_log WHERE action = 'recalculate' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]?.after.changedSalaries).toEqual([
      { id: expect.any(Number), playerName: "Ashvale", from: "12345.67", to: expected.salaries.Ashvale },
    ]);
  });

  it("answers the validation messages", async () => {
    const cases: [unknown, string][] = [
      [{ dryRun: false }, FIX_ACTION_REQUIRED],
      [{ dryRun: false, fixAction: "delete_everything" }, FIX_ACTION_INVALID],
      [{ dryRun: "no" }, DRY_RUN_INVALID],
      [{ dryRun: true, force: true }, "Unknown field: force"],
    ];
    for (const [body, error] of cases) {
      const res = await portal.admin.post(FIX, body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
    expect(FIX_ACTION_REQUIRED).toBe("A 'fixAction' must be provided when 'dryRun' is false.");
  });

  it("is admin-only: 401 anonymous, 403 user", async () => {
    for (const body of [{}, { dryRun: false, fixAction: "recalculate_all_salaries" }]) {
      expect((await portal.anonymous.post(FIX, body)).status).toBe(401);
      expect((await portal.user.post(FIX, body)).status).toBe(403);
    }
  });

  it("a repeated Idempotency-Key resets once and answers the same body; 422 for another body", async () => {
    await seedCorrupted();
    const headers = { "Idempotency-Key": "fix-reset-once" };
    const body = { dryRun: false, fixAction: "reset_participants" };
    const first = await portal.admin.post(FIX, body, headers);
    const again = await portal.admin.post(FIX, body, headers);
    expect(again.text).toBe(first.text);
    expect(first.data.message).toBe(resetMessage(2));
    const other = await portal.admin.post(
      FIX,
      { dryRun: false, fixAction: "recalculate_all_salaries" },
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
    expect(
      await portal.db.query("SELECT id FROM audit_log WHERE action = 'reset_participants'"),
    ).toHaveLength(1);
  });
});

it("money on the receipt always adds up: salaries plus funds equal the Sold value", async () => {
  await addMember("Ashvale", "Guild Master");
  await addItem("Ashvale, Nobody, Someone", "0.07");
  await addItem("Ashvale", "1234.57");
  const current = await receipt();
  const total =
    parseMoney(current.summaryTotals.totalSalariesDistributed) +
    parseMoney(current.summaryTotals.totalGuildFund) +
    parseMoney(current.summaryTotals.totalAdminFund);
  expect(total).toBe(123464);
});

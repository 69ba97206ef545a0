/**
 * The guild's split rules with an effective date (issue 26 point 2, decision 075) through the real API on every
 * driver: a preview changes nothing, a saved rule set moves only the Sold items from its day to the next rule set's,
 * the audit log keeps both, the settings answer lists the rules, and only admins may change them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  EFFECTIVE_FROM_TOO_EARLY,
  percentInvalid,
  type SplitRuleChange,
  type SplitRuleInput,
  splitNotWhole,
  splitRuleNotFound,
} from "@shared/schemas/split-rules.ts";
import type { TestClient } from "../test/api-client.ts";
import { testDriver } from "../test/test-db.ts";
import {
  auditFor,
  type Portal,
  resetPortalData,
  setUpPortal,
  signInAs,
  storedFigures,
} from "./portal-test-setup.ts";
import { expectStoredEqualsFullRecalculation } from "./stored-figures-oracle.ts";

let portal: Portal;
let officer: TestClient;
beforeAll(async () => {
  portal = await setUpPortal("split-rules");
  officer = await signInAs(portal, "split-rules", "officer");
});
afterAll(async () => {
  await portal?.close();
});

/** Ash (Guild Master), Bram (Core) and Cole (Members); a 1,000 USDT sale in March, another in July, one undated. */
beforeEach(async () => {
  await resetPortalData(portal.db);
  await portal.db.exec(`
    DELETE FROM split_rules;
    INSERT INTO guild_members (player_name, category) VALUES ('Ash', 'Guild Master'), ('Bram', 'Core'), ('Cole', 'Members');
    INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, date_acquired) VALUES
      ('March Blade', 'Venatus', 1000.00, 'Sold', '["Ash","Bram","Cole"]', '2026-03-10'),
      ('July Ring', 'Venatus', 1000.00, 'Sold', '["Ash","Bram","Cole"]', '2026-07-02'),
      ('July Orb', 'Venatus', 500.00, 'Pending', '["Ash","Bram","Cole"]', '2026-07-03');
  `);
  await portal.admin.post("/_api/admin/fix-corrupted-participants", {
    dryRun: false,
    fixAction: "recalculate_all_salaries",
  });
});

/** 90% to the participants' base pool, 10% to the guild fund: a guild that pays its raiders almost all. */
const NINETY_TEN: SplitRuleInput = {
  effectiveFrom: "2026-06-01",
  guildFund: "10",
  adminFund: "0",
  elitePool: "0",
  basePool: "90.00",
  eliteCategories: ["Guild Master", "Core"],
  emptyElitePool: "guild-fund",
};

const save = (client: TestClient, body: unknown) => client.call("PUT", "/_api/admin/split-rules", body);

describe(`split rules (${testDriver()} driver)`, () => {
  it("starts with the default 10/5/25/60 for every item", async () => {
    expect(await storedFigures(portal.db)).toEqual({
      // Each sale: 600 base pool by 3, 250 elite by Ash and Bram.
      salaries: { Ash: "650.00", Bram: "650.00", Cole: "400.00" },
      funds: { reservedGuildFunds: "200.00", adminFund: "100.00" },
    });
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      splitRules: [],
    });
  });

  it("previews a rule set per member without saving anything", async () => {
    const before = await storedFigures(portal.db);
    const res = await portal.admin.post("/_api/admin/split-rules/preview", NINETY_TEN);
    expect(res.status).toBe(200);
    const preview = res.data as unknown as SplitRuleChange;
    // Only July's sale is on or after June 1st: 900 by 3 instead of 600 by 3 plus 125 elite each for Ash and Bram.
    expect(preview.itemsMoved).toBe(1);
    expect(preview.salaries).toEqual([
      { memberId: expect.any(Number), playerName: "Ash", from: "650.00", to: "625.00" },
      { memberId: expect.any(Number), playerName: "Bram", from: "650.00", to: "625.00" },
      { memberId: expect.any(Number), playerName: "Cole", from: "400.00", to: "500.00" },
    ]);
    expect(preview.funds).toEqual({
      before: { reservedGuildFunds: "200.00", adminFund: "100.00" },
      after: { reservedGuildFunds: "200.00", adminFund: "50.00" },
    });
    expect(await storedFigures(portal.db)).toEqual(before);
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      splitRules: [],
    });
    expect(await auditFor(portal.db, "split_rules", "2026-06-01")).toEqual([]);
  });

  it("saves it: the items from its day move, earlier ones keep their rules, and the audit log says both", async () => {
    const res = await save(portal.admin, NINETY_TEN);
    expect(res.status).toBe(200);
    expect((res.data as unknown as SplitRuleChange).itemsMoved).toBe(1);
    expect(await storedFigures(portal.db)).toEqual({
      salaries: { Ash: "625.00", Bram: "625.00", Cole: "500.00" },
      funds: { reservedGuildFunds: "200.00", adminFund: "50.00" },
    });
    await expectStoredEqualsFullRecalculation(portal.db);
    const rule = {
      effectiveFrom: "2026-06-01",
      guildFund: "10.00",
      adminFund: "0.00",
      elitePool: "0.00",
      basePool: "90.00",
      eliteCategories: ["Guild Master", "Core"],
      emptyElitePool: "guild-fund",
    };
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      splitRules: [rule],
    });
    const [entry] = await auditFor(portal.db, "split_rules", "2026-06-01");
    expect(entry).toMatchObject({
      action: "create",
      before: {
        guildFund: "10.00",
        adminFund: "5.00",
        elitePool: "25.00",
        basePool: "60.00",
        inForceBefore: true,
      },
      after: rule,
    });
    const moved = await portal.db.query<{ after: { changedSalaries: unknown[] } }>(
      `SELECT after FROM audit_log WHERE entity = 'salaries' AND action = 'recalculate' ORDER BY id DESC LIMIT 1`,
    );
    expect(moved[0]?.after.changedSalaries).toHaveLength(3);

    // A later sale in July is split under the new rules too; a March one under the default.
    const sold = await portal.admin.post("/_api/market-exchange/update", {
      id: (
        await portal.db.query<{ id: number }>("SELECT id FROM market_exchange WHERE loot_name = 'July Orb'")
      )[0]?.id,
      status: "Sold",
    });
    expect(sold.status).toBe(200);
    expect((await storedFigures(portal.db)).salaries).toEqual({
      Ash: "775.00",
      Bram: "775.00",
      Cole: "650.00",
    });
    await expectStoredEqualsFullRecalculation(portal.db);
  });

  it("removing a rule set puts its items back under the rules before it", async () => {
    await save(portal.admin, NINETY_TEN);
    await save(portal.admin, { ...NINETY_TEN, effectiveFrom: "2026-07-01", basePool: "40", elitePool: "50" });
    // July under the later rules: 400 by 3 (Ash takes the cent left over by name) and 250 elite each.
    expect((await storedFigures(portal.db)).salaries).toEqual({
      Ash: "708.34",
      Bram: "708.33",
      Cole: "333.33",
    });
    const removed = await portal.admin.post("/_api/admin/split-rules/remove", {
      effectiveFrom: "2026-07-01",
    });
    expect(removed.status).toBe(200);
    expect((removed.data as unknown as SplitRuleChange).rules.map((r) => r.effectiveFrom)).toEqual([
      "2026-06-01",
    ]);
    expect((await storedFigures(portal.db)).salaries).toEqual({
      Ash: "625.00",
      Bram: "625.00",
      Cole: "500.00",
    });
    await expectStoredEqualsFullRecalculation(portal.db);
    const gone = await portal.admin.post("/_api/admin/split-rules/remove", { effectiveFrom: "2026-07-01" });
    expect(gone).toMatchObject({ status: 404, data: { error: splitRuleNotFound("2026-07-01") } });
  });

  it("gives an elite pool nobody takes to the base pool when the rules say so", async () => {
    await save(portal.admin, {
      ...NINETY_TEN,
      guildFund: "10",
      basePool: "60",
      elitePool: "30",
      eliteCategories: [],
      emptyElitePool: "base-pool",
    });
    // July: 900 by 3; March as before.
    expect((await storedFigures(portal.db)).salaries).toEqual({
      Ash: "625.00",
      Bram: "625.00",
      Cole: "500.00",
    });
    await expectStoredEqualsFullRecalculation(portal.db);
  });

  it("refuses a split that is not 100%, a bad percentage or day, each with its reason, and saves nothing", async () => {
    const refusals: [unknown, string][] = [
      [{ ...NINETY_TEN, basePool: "80" }, splitNotWhole("90")],
      [{ ...NINETY_TEN, basePool: "90.001" }, percentInvalid("Base pool")],
      [{ ...NINETY_TEN, guildFund: "-5", basePool: "105" }, percentInvalid("Guild fund")],
      [{ ...NINETY_TEN, effectiveFrom: "1999-12-31" }, EFFECTIVE_FROM_TOO_EARLY],
      [{ ...NINETY_TEN, extra: 1 }, "Unknown field: extra"],
    ];
    for (const [body, error] of refusals) {
      const res = await save(portal.admin, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, data: { error } });
    }
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      splitRules: [],
    });
  });

  it("is the admins' alone: an officer, a raider and a visitor are refused", async () => {
    for (const client of [officer, portal.user, portal.anonymous]) {
      expect((await save(client, NINETY_TEN)).status).toBeGreaterThanOrEqual(401);
      expect(
        (await client.post("/_api/admin/split-rules/preview", NINETY_TEN)).status,
      ).toBeGreaterThanOrEqual(401);
      expect(
        (await client.post("/_api/admin/split-rules/remove", { effectiveFrom: "2026-06-01" })).status,
      ).toBeGreaterThanOrEqual(401);
    }
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      splitRules: [],
    });
  });
});

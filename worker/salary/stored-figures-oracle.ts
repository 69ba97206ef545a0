/**
 * Test support: the stored distributions, salaries and funds compared with what the full engine computes from
 * the items and roster as they are now (the oracle of docs/decisions/024).
 */
import { expect } from "vitest";
import { moneyText, parseMoney } from "@shared/money/money.ts";
import { calculateSalaries } from "@shared/salary/calculate-salaries.ts";
import { type StoredDistribution, storedDistributions } from "@shared/salary/stored-distribution.ts";
import type { Db } from "../db/types.ts";
import { loadSplitRules } from "./split-rules-repo.ts";
import { loadRoster, loadSoldItems, loadStored } from "./stored-shares.ts";

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Sorted name keys, so that two equal distributions compare equal whatever order the keys were stored in. */
function normalized(d: StoredDistribution) {
  return { item: { ...d.item, nameKeys: [...new Set(d.item.nameKeys)].sort() }, shares: d.shares };
}

/** Stored shares, salaries and funds equal what the full engine computes from the items and roster now. */
export async function expectStoredEqualsFullRecalculation(db: Db, context = ""): Promise<void> {
  const roster = await loadRoster(db);
  const items = await loadSoldItems(db);
  const book = await loadSplitRules(db);
  const expected = storedDistributions(items, roster, book);
  const storedIds = await db.query<{ itemId: number }>(
    `SELECT item_id AS "itemId" FROM salary_items ORDER BY item_id`,
  );
  const stored = await loadStored(
    db,
    storedIds.map((row) => row.itemId),
  );
  expect(
    [...stored.keys()].sort((a, b) => a - b),
    context,
  ).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [id, d] of expected)
    expect(normalized(stored.get(id) as StoredDistribution), context).toEqual(normalized(d));

  const full = calculateSalaries(items, roster, book);
  expect(
    roster.map((m) => ({ id: m.id, salary: moneyText(parseMoney(m.salary)) })),
    context,
  ).toEqual(full.rosterSalaries.map((s) => ({ id: s.memberId, salary: s.salary })));
  const earners = await db.query<{
    key: string;
    memberId: number | null;
    name: string;
    firstItemId: number;
    itemCount: number;
    general: string;
    elite: string;
  }>(
    `SELECT earner_key AS key, member_id AS "memberId", name, first_item_id AS "firstItemId",
            item_count AS "itemCount", general_share AS general, elite_share AS elite
       FROM salary_earners`,
  );
  const expectedEarners = [...full.totals.members.entries()]
    .map(([key, earnings]) => ({
      key,
      memberId: earnings.memberId,
      name: earnings.items[0]?.name,
      firstItemId: earnings.items[0]?.itemId,
      itemCount: earnings.items.length,
      general: moneyText(earnings.generalShareCents),
      elite: moneyText(earnings.eliteShareCents),
    }))
    .sort(byKey);
  expect(
    earners
      .map((e) => ({
        ...e,
        general: moneyText(parseMoney(e.general)),
        elite: moneyText(parseMoney(e.elite)),
      }))
      .sort(byKey),
    context,
  ).toEqual(expectedEarners);
  const [totals] = await db.query<{ items: number; guild: string; admin: string }>(
    `SELECT item_count AS items, guild_fund AS guild, admin_fund AS admin FROM salary_totals WHERE id = 1`,
  );
  expect(
    {
      items: totals?.items,
      guild: moneyText(parseMoney(totals?.guild ?? "")),
      admin: moneyText(parseMoney(totals?.admin ?? "")),
    },
    context,
  ).toEqual({ items: full.receipt.processedItems, guild: full.reservedGuildFunds, admin: full.adminFund });
  const [funds] = await db.query<{ guild: string; admin: string }>(
    `SELECT reserved_guild_funds AS guild, admin_fund AS admin FROM guild_funds WHERE id = 1`,
  );
  expect({ guild: funds?.guild, admin: funds?.admin }, context).toEqual({
    guild: full.reservedGuildFunds,
    admin: full.adminFund,
  });
}

/**
 * A write may not take a total the Sold items feed beyond the money range (docs/decisions/058): an earner's salary,
 * the guild fund's or the admin fund's income, each at most what numeric(14,2) holds. Refused with 400 naming the
 * total and the most it can still take, before the new distributions are stored (where PostgreSQL would refuse
 * with a bare "numeric field overflow"). A write to a Sold item is checked here first, with its own words
 * (refuseSaleBeyondRange); every redistribution is checked again (refuseChangesBeyondRange, from redistribute.ts),
 * so a category or main-character change, a raid recount, the import and the participant fix answer the same.
 * Both run under lockDerivedFigures, so the figures read are the ones the write would move.
 */
import { type Cents, readMoney } from "@shared/money/money.ts";
import { MAX_MONEY_CENTS } from "@shared/money/money-range.ts";
import { earnerKey } from "@shared/salary/salary-totals.ts";
import { DEFAULT_SPLIT_RULE, WHOLE_BP } from "@shared/salary/split-rules.ts";
import {
  participantNameKeys,
  type StoredDistribution,
  storedDistributions,
} from "@shared/salary/stored-distribution.ts";
import { FUND_LABELS } from "@shared/schemas/fund-spending.ts";
import { type MarketExchangeItem, saleBeyondRangeMessage } from "@shared/schemas/market.ts";
import { ApiError } from "../app/api-error.ts";
import type { Queryable } from "../db/types.ts";
import { type DistributionChange, loadItems, loadNamedMembers, loadStored } from "../salary/stored-shares.ts";

interface Gain {
  /** How the message names the total: "Aldric's salary". */
  total: string;
  cents: Cents;
}

/** What each total gains when the items' stored distributions go from `before` to `after`. */
function gainsOf(changes: readonly DistributionChange[]) {
  const earners = new Map<string, Gain>();
  const funds = { guild: 0, admin: 0 };
  const add = (d: StoredDistribution | undefined, sign: 1 | -1) => {
    if (d === undefined) return;
    funds.guild += sign * d.item.guildFundCents;
    funds.admin += sign * d.item.adminFundCents;
    for (const share of d.shares) {
      const key = earnerKey(share.memberId, share.name);
      const gain = earners.get(key) ?? { total: "", cents: 0 };
      // Named as the distribution after the write names them (a renamed member by the new name).
      if (sign === 1 || gain.total === "") {
        gain.total = share.memberId === null ? `${share.name}'s earnings` : `${share.name}'s salary`;
      }
      gain.cents += sign * (share.generalShareCents + share.eliteShareCents);
      earners.set(key, gain);
    }
  };
  for (const { before, after } of changes) {
    add(before, -1);
    add(after, 1);
  }
  return { earners, funds };
}

export interface Figures {
  guild: string;
  admin: string;
  /** Sold items with a stored distribution; null when the totals row is missing (then nothing is assumed). */
  itemCount: number | null;
  /** The smallest guild fund part any item can be split with, in basis points (decision 075). */
  leastGuildFundBp: number;
}

/** The funds' income and how many Sold items feed it: one row each. */
async function readFigures(tx: Queryable): Promise<Figures> {
  const [row] = await tx.query<Figures>(
    `SELECT f.reserved_guild_funds::text AS guild, f.admin_fund::text AS admin, t.item_count AS "itemCount",
            least($1::int, (SELECT min(guild_fund_bp) FROM split_rules)) AS "leastGuildFundBp"
       FROM guild_funds f LEFT JOIN salary_totals t ON t.id = 1
      WHERE f.id = 1`,
    [DEFAULT_SPLIT_RULE.guildFundBp],
  );
  return row ?? { guild: "0", admin: "0", itemCount: null, leastGuildFundBp: 0 };
}

/**
 * Whether no total can leave the range, from the funds row alone. One item moves no total by more than its value.
 * No earner holds more than all Sold items' value, and each item gives the guild fund at least its part under the
 * least of the split rules, p% (10% by default; rounded down, so the value is at most 100/p times the part plus
 * 100/p - 1 cents). With a rule that gives the guild fund nothing, nothing is assumed.
 */
export function farFromTheLimit(figures: Figures, valueCents: Cents): boolean {
  const guild = readMoney(figures.guild);
  const admin = readMoney(figures.admin);
  if (guild === null || admin === null || figures.itemCount === null || figures.leastGuildFundBp <= 0)
    return false;
  const valuePerPart = Math.ceil(WHOLE_BP / figures.leastGuildFundBp);
  const largestEarner = valuePerPart * guild + (valuePerPart - 1) * figures.itemCount;
  return Math.max(guild, admin, largestEarner) + valueCents <= MAX_MONEY_CENTS;
}

/**
 * Refuses (400) a write that leaves `item` as it is now in the database when the item's new distribution would
 * take a total beyond the range. `doing` starts the message ("Selling Dragon Scale").
 */
export async function refuseSaleBeyondRange(
  tx: Queryable,
  item: MarketExchangeItem,
  doing: string,
): Promise<void> {
  if (item.status !== "Sold") return;
  const figures = await readFigures(tx);
  if (farFromTheLimit(figures, readMoney(item.value) ?? MAX_MONEY_CENTS)) return;

  const [loaded] = await loadItems(tx, [item.id]);
  if (loaded === undefined) return;
  const stored = await loadStored(tx, [item.id]);
  const named = await loadNamedMembers(tx, participantNameKeys(loaded.participatedMembers));
  const next = storedDistributions([loaded], named);
  await refuseChangesBeyondRange(
    tx,
    [{ before: stored.get(item.id), after: next.get(item.id) }],
    doing,
    figures,
  );
}

/** How a redistribution names the write in its refusal when the route gives no words of its own. */
export const THIS_CHANGE = "This change";

/**
 * Refuses (400) a write whose new distributions (`changes`, each item's stored one before and after) would take a
 * total beyond the range. Nothing rises: no query. Otherwise the funds row first (`figures` when the caller read
 * it): far from the limit it stops there; near it, the rising earners' totals are read and compared.
 */
export async function refuseChangesBeyondRange(
  tx: Queryable,
  changes: readonly DistributionChange[],
  doing: string = THIS_CHANGE,
  figures?: Figures,
): Promise<void> {
  const { earners, funds } = gainsOf(changes);
  const rising = [...earners].filter(([, gain]) => gain.cents > 0);
  let largest = Math.max(0, funds.guild, funds.admin);
  for (const [, gain] of rising) largest = Math.max(largest, gain.cents);
  if (largest === 0) return;
  const now = figures ?? (await readFigures(tx));
  if (farFromTheLimit(now, largest)) return;

  const fundTotals: [Gain, string][] = [
    [{ total: `the ${FUND_LABELS.guild.toLowerCase()}'s income`, cents: funds.guild }, now.guild],
    [{ total: `the ${FUND_LABELS.admin.toLowerCase()}'s income`, cents: funds.admin }, now.admin],
  ];
  for (const [gain, total] of fundTotals) refuseBeyond(doing, gain, readMoney(total) ?? MAX_MONEY_CENTS);

  if (rising.length === 0) return;
  const rows = await tx.query<{ key: string; total: string }>(
    `SELECT earner_key AS key, (general_share + elite_share)::text AS total
       FROM salary_earners WHERE earner_key = ANY($1::text[])`,
    [rising.map(([key]) => key)],
  );
  const totals = new Map(rows.map((row) => [row.key, readMoney(row.total) ?? MAX_MONEY_CENTS]));
  for (const [key, gain] of rising) refuseBeyond(doing, gain, totals.get(key) ?? 0);
}

function refuseBeyond(doing: string, gain: Gain, now: Cents): void {
  if (gain.cents > 0 && now + gain.cents > MAX_MONEY_CENTS) {
    throw new ApiError(400, saleBeyondRangeMessage(doing, gain.total, now));
  }
}

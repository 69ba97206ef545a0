/** The guild's split rules (sql/019-split-rules.sql, decision 075): read for every redistribution, written by admins. */
import {
  type EmptyElitePool,
  eliteCategoriesOf,
  type SplitRule,
  type SplitRuleBook,
} from "@shared/salary/split-rules.ts";
import type { Queryable } from "../db/types.ts";

interface RuleRow {
  effectiveFrom: string;
  guildFundBp: number;
  adminFundBp: number;
  elitePoolBp: number;
  basePoolBp: number;
  eliteGuildMaster: boolean;
  eliteCore: boolean;
  eliteMembers: boolean;
  emptyElitePool: EmptyElitePool;
}

const ruleOf = (row: RuleRow): SplitRule => ({
  effectiveFrom: row.effectiveFrom,
  guildFundBp: row.guildFundBp,
  adminFundBp: row.adminFundBp,
  elitePoolBp: row.elitePoolBp,
  basePoolBp: row.basePoolBp,
  eliteCategories: eliteCategoriesOf(row.eliteGuildMaster, row.eliteCore, row.eliteMembers),
  emptyElitePool: row.emptyElitePool,
});

/** Every rule set, oldest first (a guild has a handful). */
export async function loadSplitRules(q: Queryable): Promise<SplitRuleBook> {
  const rows = await q.query<RuleRow>(
    `SELECT to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom", guild_fund_bp AS "guildFundBp",
            admin_fund_bp AS "adminFundBp", elite_pool_bp AS "elitePoolBp", base_pool_bp AS "basePoolBp",
            elite_guild_master AS "eliteGuildMaster", elite_core AS "eliteCore", elite_members AS "eliteMembers",
            empty_elite_pool AS "emptyElitePool"
       FROM split_rules ORDER BY effective_from`,
  );
  return rows.map(ruleOf);
}

/** Adds the rule set, or replaces the one that takes effect on the same day. */
export async function saveSplitRule(
  q: Queryable,
  rule: SplitRule & { effectiveFrom: string },
): Promise<void> {
  await q.query(
    `INSERT INTO split_rules (effective_from, guild_fund_bp, admin_fund_bp, elite_pool_bp, base_pool_bp,
                              elite_guild_master, elite_core, elite_members, empty_elite_pool)
     VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (effective_from) DO UPDATE SET guild_fund_bp = EXCLUDED.guild_fund_bp,
       admin_fund_bp = EXCLUDED.admin_fund_bp, elite_pool_bp = EXCLUDED.elite_pool_bp,
       base_pool_bp = EXCLUDED.base_pool_bp, elite_guild_master = EXCLUDED.elite_guild_master,
       elite_core = EXCLUDED.elite_core, elite_members = EXCLUDED.elite_members,
       empty_elite_pool = EXCLUDED.empty_elite_pool`,
    [
      rule.effectiveFrom,
      rule.guildFundBp,
      rule.adminFundBp,
      rule.elitePoolBp,
      rule.basePoolBp,
      rule.eliteCategories.includes("Guild Master"),
      rule.eliteCategories.includes("Core"),
      rule.eliteCategories.includes("Members"),
      rule.emptyElitePool,
    ],
  );
}

/** Removes the rule set that takes effect on `day`; answers whether there was one. */
export async function deleteSplitRule(q: Queryable, day: string): Promise<boolean> {
  const rows = await q.query(
    "DELETE FROM split_rules WHERE effective_from = $1::date RETURNING effective_from",
    [day],
  );
  return rows.length > 0;
}

/** The day each item is split under, in SQL (split-rules.ts, splitDayOf): its acquired date, else its UTC day. */
export const ITEM_SPLIT_DAY = "coalesce(date_acquired, (created_at AT TIME ZONE 'UTC')::date)";

/** The Sold items whose day is in [from, until) (until null: open-ended): those a rule change from `from` moves. */
export async function soldItemIdsBetween(
  q: Queryable,
  from: string,
  until: string | null,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM market_exchange
      WHERE status = 'Sold' AND ${ITEM_SPLIT_DAY} >= $1::date AND ($2::date IS NULL OR ${ITEM_SPLIT_DAY} < $2::date)`,
    [from, until],
  );
  return rows.map((row) => row.id);
}

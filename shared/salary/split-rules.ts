/**
 * The guild's rules for dividing a Sold item's value (decision 075): the four parts as percentages with two decimals
 * (kept as basis points, hundredths of a percent, so every split stays in integers), which member categories share the
 * elite pool, and where an elite pool nobody can take goes. A rule set takes effect from a day; an item is split under
 * the rule set in force on its day (its acquired date, else the day it was recorded, in UTC). Before the first rule
 * set, and for a guild that never set one, the default 10/5/25/60 holds.
 */
import type { MemberCategory } from "./distribute-item.ts";

/** Where an elite pool goes when no participant is in an elite category. */
export type EmptyElitePool = "guild-fund" | "base-pool";

export interface SplitRule {
  /** The first day (YYYY-MM-DD) the rule set applies to; null for the portal's default before any rule set. */
  readonly effectiveFrom: string | null;
  readonly guildFundBp: number;
  readonly adminFundBp: number;
  readonly elitePoolBp: number;
  readonly basePoolBp: number;
  /** The categories whose participants share the elite pool. */
  readonly eliteCategories: readonly MemberCategory[];
  readonly emptyElitePool: EmptyElitePool;
}

/** All of a value, in basis points. */
export const WHOLE_BP = 10_000;

export const MEMBER_CATEGORIES: readonly MemberCategory[] = ["Guild Master", "Core", "Members"];

/** The elite categories as three flags (how the database and a backup keep them). */
export function eliteCategoriesOf(guildMaster: boolean, core: boolean, members: boolean): MemberCategory[] {
  return MEMBER_CATEGORIES.filter((_, at) => [guildMaster, core, members][at]);
}

/** The portal's default split (docs/product.md#money): 10% guild fund, 5% admin fund, 25% elite pool, 60% base pool. */
export const DEFAULT_SPLIT_RULE: SplitRule = {
  effectiveFrom: null,
  guildFundBp: 1000,
  adminFundBp: 500,
  elitePoolBp: 2500,
  basePoolBp: 6000,
  eliteCategories: ["Guild Master", "Core"],
  emptyElitePool: "guild-fund",
};

/** The guild's rule sets, oldest first; empty: the default for every item. */
export type SplitRuleBook = readonly SplitRule[];

/** The rule set in force on `day` (YYYY-MM-DD): the latest that took effect on or before it, else the default. */
export function ruleForDay(book: SplitRuleBook, day: string | null | undefined): SplitRule {
  let rule = DEFAULT_SPLIT_RULE;
  if (!day) return rule;
  for (const candidate of book) {
    if (candidate.effectiveFrom !== null && candidate.effectiveFrom <= day) rule = candidate;
    else break;
  }
  return rule;
}

/** The day an item is split under: its acquired date, else the UTC day it was recorded. */
export function splitDayOf(
  dateAcquired: string | null | undefined,
  createdAt: Date | string | null | undefined,
) {
  if (dateAcquired) return dateAcquired;
  if (createdAt === null || createdAt === undefined) return null;
  const at = createdAt instanceof Date ? createdAt : new Date(createdAt);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().slice(0, 10);
}

/** Basis points as a percentage with two decimals at most: 1000 → '10', 1250 → '12.5', 1234 → '12.34'. */
export function percentText(bp: number): string {
  return (bp / 100).toFixed(2).replace(/\.?0+$/, "");
}

/** '12.5' or '12.50' → 1250; null for anything else than 0 to 100 with two decimals at most. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= WHOLE_BP ? bp : null;
}

/**
 * The days a change of the rule set from `day` moves items on: from `day` up to (not including) the next rule set's
 * day, or open-ended when there is none.
 */
export function daysGovernedFrom(book: SplitRuleBook, day: string): { from: string; until: string | null } {
  const next = book.find((rule) => rule.effectiveFrom !== null && rule.effectiveFrom > day);
  return { from: day, until: next?.effectiveFrom ?? null };
}

/** A rule set as the settings answer lists it: percentages as text with two decimals. */
export interface SplitRuleText {
  /** YYYY-MM-DD. */
  effectiveFrom: string;
  guildFund: string;
  adminFund: string;
  elitePool: string;
  basePool: string;
  eliteCategories: MemberCategory[];
  emptyElitePool: EmptyElitePool;
}

/** A rule set as text (the answer's form). */
export function splitRuleText(rule: SplitRule & { effectiveFrom: string }): SplitRuleText {
  return {
    effectiveFrom: rule.effectiveFrom,
    guildFund: (rule.guildFundBp / 100).toFixed(2),
    adminFund: (rule.adminFundBp / 100).toFixed(2),
    elitePool: (rule.elitePoolBp / 100).toFixed(2),
    basePool: (rule.basePoolBp / 100).toFixed(2),
    eliteCategories: [...rule.eliteCategories],
    emptyElitePool: rule.emptyElitePool,
  };
}

/** A rule set from its text (the settings the app synced), for the salary engine. */
export function splitRuleOf(text: SplitRuleText): SplitRule {
  return {
    effectiveFrom: text.effectiveFrom,
    guildFundBp: parsePercent(text.guildFund) ?? DEFAULT_SPLIT_RULE.guildFundBp,
    adminFundBp: parsePercent(text.adminFund) ?? DEFAULT_SPLIT_RULE.adminFundBp,
    elitePoolBp: parsePercent(text.elitePool) ?? DEFAULT_SPLIT_RULE.elitePoolBp,
    basePoolBp: parsePercent(text.basePool) ?? DEFAULT_SPLIT_RULE.basePoolBp,
    eliteCategories: text.eliteCategories,
    emptyElitePool: text.emptyElitePool,
  };
}

/** The rule book of the synced rule sets. */
export function splitRuleBookOf(rules: readonly SplitRuleText[]): SplitRuleBook {
  return rules.map(splitRuleOf);
}

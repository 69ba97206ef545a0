/**
 * The split rules in words (decision 075), for every screen that explains a split: the market's "How Salary
 * Calculations Work", the receipt, the distribution dialog and the settings. One place, so they all say the same.
 */
import type { MemberCategory } from "./distribute-item.ts";
import { DEFAULT_SPLIT_RULE, percentText, type SplitRule, type SplitRuleBook } from "./split-rules.ts";

/** '10%', '12.5%'. */
export const percentOf = (bp: number) => `${percentText(bp)}%`;

/** 'Guild Master and Core', 'Guild Master, Core and Members'. */
export function categoryList(categories: readonly MemberCategory[]): string {
  if (categories.length <= 1) return categories[0] ?? "";
  return `${categories.slice(0, -1).join(", ")} and ${categories.at(-1)}`;
}

/** Who shares the elite pool, and where it goes when none of them took part. */
export function elitePoolWords(rule: SplitRule): string {
  const fallback = rule.emptyElitePool === "base-pool" ? "joins the base pool" : "goes to the guild fund";
  if (rule.eliteCategories.length === 0) return `nobody's: it ${fallback}`;
  return `shared equally among participating ${categoryList(rule.eliteCategories)}; with none of them, it ${fallback}`;
}

/** '10% guild fund, 5% admin fee, 25% elite pool, 60% base pool'. */
export function splitWords(rule: SplitRule): string {
  return [
    `${percentOf(rule.guildFundBp)} guild fund`,
    `${percentOf(rule.adminFundBp)} admin fee`,
    `${percentOf(rule.elitePoolBp)} elite pool`,
    `${percentOf(rule.basePoolBp)} base pool`,
  ].join(", ");
}

/** The day before a 'YYYY-MM-DD' day. */
function dayBefore(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

export interface RuleRange {
  /** 'Every item', 'Items before 2026-06-01', 'Items from 2026-06-01 to 2026-06-30', 'Items from 2026-07-01'. */
  readonly label: string;
  readonly rule: SplitRule;
  /** The range holding `today`. */
  readonly inForce: boolean;
}

/** Which days use which rules, oldest first: the portal's default before the first rule set, then each rule set. */
export function ruleRanges(book: SplitRuleBook, today: string): RuleRange[] {
  const dated = book.filter(
    (rule): rule is SplitRule & { effectiveFrom: string } => rule.effectiveFrom !== null,
  );
  if (dated.length === 0) return [{ label: "Every item", rule: DEFAULT_SPLIT_RULE, inForce: true }];
  const first = dated[0]?.effectiveFrom as string;
  const ranges: RuleRange[] = [
    { label: `Items before ${first}`, rule: DEFAULT_SPLIT_RULE, inForce: today < first },
  ];
  dated.forEach((rule, at) => {
    const next = dated[at + 1]?.effectiveFrom;
    ranges.push({
      label: next
        ? `Items from ${rule.effectiveFrom} to ${dayBefore(next)}`
        : `Items from ${rule.effectiveFrom}`,
      rule,
      inForce: rule.effectiveFrom <= today && (next === undefined || today < next),
    });
  });
  return ranges;
}

/** One line per range: 'Items from 2026-06-01: 10% guild fund, ...; the elite pool is shared equally among ...'. */
export function ruleRangeLines(book: SplitRuleBook, today: string): string[] {
  return ruleRanges(book, today).map(
    (range) =>
      `${range.label}: ${splitWords(range.rule)}; the elite pool is ${elitePoolWords(range.rule)}` +
      `${range.inForce ? " (in force today)" : ""}.`,
  );
}

/**
 * The guild's split rules on the wire (decision 075): what an admin sends to add or replace the rule set from a day,
 * and what the guild settings answer lists. Percentages travel as text with two decimals ('12.50'), like money;
 * split-rules.ts turns them into basis points in one place (parsePercent).
 *
 * - PUT  /_api/admin/split-rules           SplitRuleInput    -> SplitRuleChange   (saved, items moved, audited)
 * - POST /_api/admin/split-rules/preview   SplitRuleInput    -> SplitRuleChange   (nothing saved)
 * - POST /_api/admin/split-rules/remove    { effectiveFrom } -> SplitRuleChange   (saved, items moved, audited)
 */
import * as z from "zod";
import type { MemberCategory } from "../salary/distribute-item.ts";
import {
  type EmptyElitePool,
  MEMBER_CATEGORIES,
  parsePercent,
  percentText,
  type SplitRule,
  type SplitRuleText,
  WHOLE_BP,
} from "../salary/split-rules.ts";

export { type SplitRuleText, splitRuleOf, splitRuleText } from "../salary/split-rules.ts";

import { dayOutOfRange, lastDay } from "./day-range.ts";

export const SPLIT_PARTS = ["guildFund", "adminFund", "elitePool", "basePool"] as const;
export type SplitPart = (typeof SPLIT_PARTS)[number];

export const SPLIT_PART_LABELS: Readonly<Record<SplitPart, string>> = {
  guildFund: "Guild fund",
  adminFund: "Admin fee",
  elitePool: "Elite pool",
  basePool: "Base pool",
};

export const EMPTY_ELITE_POOL_LABELS: Readonly<Record<EmptyElitePool, string>> = {
  "guild-fund": "goes to the guild fund",
  "base-pool": "joins the base pool, shared by every participant",
};

export const percentInvalid = (label: string) =>
  `${label} must be a percentage from 0 to 100 with two decimals at most.`;
export const splitNotWhole = (total: string) =>
  `The four parts must add up to 100%; they add up to ${total}%.`;
export const EFFECTIVE_FROM_REQUIRED = "Choose the day the rules take effect.";
export const EFFECTIVE_FROM_INVALID = "The day the rules take effect must be a date (YYYY-MM-DD).";
export const EFFECTIVE_FROM_TOO_EARLY = "The rules cannot take effect before 2000-01-01.";
export const effectiveFromTooLate = (latest: string) =>
  `The rules cannot take effect after ${latest}, a year from today.`;
export const ELITE_CATEGORY_INVALID = "Elite categories must be among Guild Master, Core and Members.";
export const EMPTY_ELITE_POOL_INVALID = "An empty elite pool goes to the guild fund or joins the base pool.";
export const splitRuleNotFound = (day: string) => `No split rules take effect on ${day}.`;

const percentField = (part: SplitPart) =>
  z
    .union([z.string(), z.number()], { error: percentInvalid(SPLIT_PART_LABELS[part]) })
    .transform((input, ctx) => {
      const bp = parsePercent(String(input));
      if (bp === null) {
        ctx.issues.push({ code: "custom", message: percentInvalid(SPLIT_PART_LABELS[part]), input });
        return z.NEVER;
      }
      return bp;
    });

/** A day a rule set can take effect on: from 2000-01-01 to a year from today (the days items can carry). */
export const effectiveFromField = z
  .string({
    error: (issue) => (issue.input === undefined ? EFFECTIVE_FROM_REQUIRED : EFFECTIVE_FROM_INVALID),
  })
  .trim()
  .min(1, { error: EFFECTIVE_FROM_REQUIRED })
  .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && isCalendarDay(day), { error: EFFECTIVE_FROM_INVALID })
  .check((ctx) => {
    const out = dayOutOfRange(ctx.value);
    if (out === null) return;
    const message = out === "too-early" ? EFFECTIVE_FROM_TOO_EARLY : effectiveFromTooLate(lastDay());
    ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

/** Whether 'YYYY-MM-DD' names a day that exists (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
}

export const splitRuleInputSchema = z
  .strictObject(
    {
      effectiveFrom: effectiveFromField,
      guildFund: percentField("guildFund"),
      adminFund: percentField("adminFund"),
      elitePool: percentField("elitePool"),
      basePool: percentField("basePool"),
      eliteCategories: z
        .array(
          z.enum(MEMBER_CATEGORIES as [MemberCategory, ...MemberCategory[]], {
            error: ELITE_CATEGORY_INVALID,
          }),
          {
            error: ELITE_CATEGORY_INVALID,
          },
        )
        .max(3, { error: ELITE_CATEGORY_INVALID })
        .transform((list) => MEMBER_CATEGORIES.filter((category) => list.includes(category))),
      emptyElitePool: z.enum(["guild-fund", "base-pool"], { error: EMPTY_ELITE_POOL_INVALID }),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
    },
  )
  .check((ctx) => {
    const v = ctx.value;
    const total = v.guildFund + v.adminFund + v.elitePool + v.basePool;
    if (total !== WHOLE_BP)
      ctx.issues.push({ code: "custom", message: splitNotWhole(percentText(total)), input: v });
  })
  .transform((v): SplitRule & { effectiveFrom: string } => ({
    effectiveFrom: v.effectiveFrom,
    guildFundBp: v.guildFund,
    adminFundBp: v.adminFund,
    elitePoolBp: v.elitePool,
    basePoolBp: v.basePool,
    eliteCategories: v.eliteCategories,
    emptyElitePool: v.emptyElitePool,
  }));
export type SplitRuleInput = z.input<typeof splitRuleInputSchema>;

export const removeSplitRuleSchema = z.strictObject(
  { effectiveFrom: effectiveFromField },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
  },
);

/** One member's salary before and after a rule change. */
export interface SalaryMove {
  memberId: number;
  playerName: string;
  from: string;
  to: string;
}

/** What a rule change does (or would do, for a preview). */
export interface SplitRuleChange {
  /** The rule sets after the change, oldest first. */
  rules: SplitRuleText[];
  /** The Sold items the change moved to other rules. */
  itemsMoved: number;
  /** The members whose salary moves, by name. */
  salaries: SalaryMove[];
  funds: {
    before: { reservedGuildFunds: string; adminFund: string };
    after: { reservedGuildFunds: string; adminFund: string };
  };
}

/**
 * The inside of "How Salary Calculations Work" (decision 075): the split in force today, who shares the elite pool,
 * the worked example computed by the salary engine under those rules, and which days use which rules. Loaded when
 * the explainer opens, so the market page's first JavaScript does not carry the engine.
 */
import { type ReactNode, useMemo } from "react";
import { GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import {
  distributeItem,
  type MemberCategory,
  type SalaryRosterMember,
} from "@shared/salary/distribute-item.ts";
import {
  MEMBER_CATEGORIES,
  ruleForDay,
  type SplitRule,
  splitRuleBookOf,
} from "@shared/salary/split-rules.ts";
import { categoryList, percentOf, ruleRanges, splitWords } from "@shared/salary/split-rules-text.ts";
import { useSplitRules } from "@web/data/hooks.ts";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-surface-raised/60 p-4">
      <h3 className="mb-2 text-sm font-semibold text-gold">{title}</h3>
      <div className="space-y-1.5 text-sm text-ink-muted">{children}</div>
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** The four parts of the rules in force, as the breakdown lists them. */
function splitParts(rule: SplitRule) {
  const fallback =
    rule.emptyElitePool === "base-pool" ? "it joins the base pool" : "it goes to the guild fund";
  return [
    { share: percentOf(rule.guildFundBp), label: GLOSSARY.guildFund, note: null },
    { share: percentOf(rule.adminFundBp), label: GLOSSARY.adminFund, note: null },
    {
      share: percentOf(rule.elitePoolBp),
      label: "Elite Bonus",
      note:
        rule.eliteCategories.length > 0
          ? `shared equally among participating ${categoryList(rule.eliteCategories)}`
          : `no category shares it: ${fallback}`,
    },
    {
      share: percentOf(rule.basePoolBp),
      label: "Base Pool",
      note: "shared equally among all participating members",
    },
  ];
}

/** 'Regular Members' where the words would otherwise read 'Members get only...'. */
const named = (categories: readonly MemberCategory[]) =>
  categoryList(categories.map((c) => (c === "Members" ? "Regular Members" : c)) as MemberCategory[]);

function participationWords(rule: SplitRule): string[] {
  const others = MEMBER_CATEGORIES.filter((c) => !rule.eliteCategories.includes(c));
  if (rule.elitePoolBp === 0) return ["There is no elite bonus: everyone gets the base share."];
  if (rule.eliteCategories.length === 0) {
    const fallback = rule.emptyElitePool === "base-pool" ? "joins the base pool" : "goes to the guild fund";
    return [`Nobody gets an elite bonus: the elite pool ${fallback}.`];
  }
  return [
    `${categoryList(rule.eliteCategories)} members get the base share plus the elite bonus.`,
    ...(others.length > 0 ? [`${named(others)} get only the base share.`] : []),
  ];
}

const EXAMPLE_ROSTER: SalaryRosterMember[] = ["Core", "Core", "Members", "Members", "Members"].map(
  (category, at) => ({
    id: at + 1,
    playerName: `P${at + 1}`,
    category: category as MemberCategory,
    raidsParticipated: 0,
    mainMemberId: null,
    playerAlias: null,
  }),
);

/** The worked example (a 1,000 USDT item with 3 Members and 2 Core participants) under `rule`, to the cent. */
function exampleLines(rule: SplitRule): { lines: string[]; members: string; core: string } {
  const d = distributeItem(
    {
      id: 0,
      lootName: "",
      value: "1000.00",
      participatedMembers: EXAMPLE_ROSTER.map((m) => m.playerName).join(","),
      status: "Sold",
    },
    EXAMPLE_ROSTER,
    rule,
  );
  const usdt = (cents: number) => formatMoney(cents, "funds");
  const each = (total: number, ways: number, share: number) =>
    `${usdt(total)} split ${ways} ways = ${total % ways === 0 ? "" : "about "}${usdt(share)} each`;
  const base = d.basePoolCents + (d.elitePoolToBasePool ? d.elitePoolCents : 0);
  const elite = d.shares.filter((s) => s.eliteShareCents > 0);
  const lines = [`Base pool: ${each(base, d.shares.length, d.shares[0]?.generalShareCents ?? 0)}`];
  if (elite.length > 0)
    lines.push(`Elite pool: ${each(d.elitePoolCents, elite.length, elite[0]?.eliteShareCents ?? 0)}`);
  else if (d.elitePoolCents > 0)
    lines.push(
      `Elite pool: ${usdt(d.elitePoolCents)} ${d.elitePoolToBasePool ? "joins the base pool" : "goes to the guild fund"}`,
    );
  const total = (category: MemberCategory) => {
    const share = d.shares.find((s) => s.category === category);
    return usdt((share?.generalShareCents ?? 0) + (share?.eliteShareCents ?? 0));
  };
  return { lines, members: total("Members"), core: total("Core") };
}

export function ExplainerBody() {
  const rules = useSplitRules();
  const book = useMemo(() => splitRuleBookOf(rules), [rules]);
  const day = today();
  const rule = ruleForDay(book, day);
  const ranges = ruleRanges(book, day);
  const example = exampleLines(rule);
  return (
    <>
      <Part title="Distribution Breakdown">
        <p>When a loot item is sold, its value is distributed:</p>
        <ul className="space-y-1">
          {splitParts(rule).map((part) => (
            <li key={part.label} className="flex gap-2">
              <span className="w-14 shrink-0 font-semibold tabular-nums text-ink">{part.share}</span>
              <span>
                <span className="text-ink">{part.label}</span>
                {part.note ? ` — ${part.note}` : null}
              </span>
            </li>
          ))}
        </ul>
      </Part>
      <Part title="Participation Rules">
        <p>Only members who took part in that raid get a share.</p>
        {participationWords(rule).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </Part>
      <Part title="Multi-Character Distribution">
        <p>
          For a player with several characters, the combined share is split in proportion to each character's
          raid participation count.
        </p>
      </Part>
      <Part title="Example">
        <p>A 1,000 USDT item with 3 Members and 2 Core participants:</p>
        <ul className="list-disc space-y-1 pl-5">
          {example.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>
            Members get <span className="font-semibold text-ink">{example.members}</span>, Core get{" "}
            <span className="font-semibold text-ink">{example.core}</span>
          </li>
        </ul>
      </Part>
      {ranges.length > 1 ? (
        <section className="rounded-xl bg-surface-raised/60 p-4 md:col-span-2" aria-label="Rules by date">
          <h3 className="mb-2 text-sm font-semibold text-gold">Rules by date</h3>
          <p className="mb-1.5 text-sm text-ink-muted">
            An item is split under the rules of the day it was acquired.
          </p>
          <ul className="space-y-1 text-sm text-ink-muted">
            {ranges.map((range) => (
              <li key={range.label}>
                <span className="text-ink">{range.label}</span>: {splitWords(range.rule)}
                {range.inForce ? " (in force today)" : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * Each fund over time (issue 30, decision 088): income (its part of each Sold item), spending and the balance, added
 * up day by day from the local store (the synced items, roster, split rules and spending, queued spending included),
 * so it draws offline. Loaded lazily by the guild funds page, which reads those rows itself so that reading them and
 * fetching this chunk happen at once (decision 094).
 */
import { useMemo } from "react";
import { type FundFlow, fundFlow, fundIncomeOf } from "@shared/charts/fund-flow.ts";
import { daySeconds } from "@shared/charts/running-totals.ts";
import { salaryRosterOf } from "@shared/salary/salary-roster.ts";
import { ruleForDay, type SplitRuleText, splitRuleBookOf } from "@shared/salary/split-rules.ts";
import { percentOf } from "@shared/salary/split-rules-text.ts";
import { FUND_LABELS, FUNDS, type FundSpending } from "@shared/schemas/fund-spending.ts";
import { ChartFigure } from "@web/components/charts/chart-figure.tsx";
import { CHART_COLORS, dayLabel, money, monthEnds, monthLabel } from "@web/components/charts/chart-theme.ts";
import { moneyOverTime, UplotChart, uPlot } from "@web/components/charts/uplot-chart.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import type { GuildMember, MarketItem } from "@web/data/portal-db.ts";

const stepped = uPlot.paths.stepped?.({ align: 1 });
const OPTIONS = moneyOverTime([
  { label: "Income", stroke: CHART_COLORS.gold, width: 2, paths: stepped },
  { label: "Spending", stroke: CHART_COLORS.sky, width: 2, paths: stepped },
  { label: "Balance", stroke: CHART_COLORS.green, width: 2, dash: [6, 4], paths: stepped },
]);
const LEGEND = [
  { label: "Income", color: CHART_COLORS.gold },
  { label: "Spending", color: CHART_COLORS.sky },
  { label: "Balance", color: CHART_COLORS.green },
];

function FundChart({ flow, share }: { flow: FundFlow; share: string }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [flow.days.map(daySeconds), flow.income, flow.spent, flow.balance],
    [flow],
  );
  const label = FUND_LABELS[flow.fund];
  const last = flow.days.length - 1;
  const summary =
    last < 0
      ? `${label}: no income or spending yet.`
      : `${label} by ${dayLabel(flow.days[last] as string)}: income ${money(flow.income[last] ?? 0)}, spending ${money(flow.spent[last] ?? 0)}, balance ${money(flow.balance[last] ?? 0)}. Income is the fund's part of each sale (${share} under today's split rules).`;
  return (
    <ChartFigure
      name={`fund-${flow.fund}`}
      title={`${label} over time`}
      summary={summary}
      legend={LEGEND}
      table={{
        caption: `${label}: income, spending and balance by the end of each month`,
        columns: ["Month", "Income", "Spending", "Balance"],
        rows: monthEnds(flow.days).map(({ month, index }) => [
          monthLabel(month),
          money(flow.income[index] ?? 0),
          money(flow.spent[index] ?? 0),
          money(flow.balance[index] ?? 0),
        ]),
      }}
    >
      {(onDrawn) => <UplotChart options={OPTIONS} data={data} height={220} onDrawn={onDrawn} />}
    </ChartFigure>
  );
}

export default function FundCharts({
  items,
  members,
  rules,
  spending,
}: {
  /** undefined while the store is read. */
  items: readonly MarketItem[] | undefined;
  members: readonly GuildMember[] | undefined;
  rules: readonly SplitRuleText[];
  spending: readonly FundSpending[] | undefined;
}) {
  const flows = useMemo(() => {
    if (!items || !members || !spending) return null;
    // bench:charts splits a chart's time at these marks: rows read and code here, the fold, the drawing (decision 101).
    performance.mark("chart-rows:funds");
    const book = splitRuleBookOf(rules);
    const income = fundIncomeOf(items, salaryRosterOf(members), book);
    const today = ruleForDay(book, new Date().toISOString().slice(0, 10));
    performance.mark("chart-folded:funds");
    return FUNDS.map((fund) => ({
      flow: fundFlow(fund, income[fund], spending),
      share: percentOf(fund === "guild" ? today.guildFundBp : today.adminFundBp),
    }));
  }, [items, members, rules, spending]);
  if (!flows) return <Skeleton className="h-[22rem] w-full rounded-2xl" />;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {flows.map(({ flow, share }) => (
        <FundChart key={flow.fund} flow={flow} share={share} />
      ))}
    </div>
  );
}

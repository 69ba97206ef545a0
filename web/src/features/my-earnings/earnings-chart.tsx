/**
 * My earnings over time (issue 30, decision 088): what the characters earned and were paid, added up day by day, for
 * all of them or one. Drawn from the answer kept on the device, so it reads offline. Loaded lazily (the page's
 * first download stays as it was).
 */
import { useMemo, useState } from "react";
import { earningsOverTime } from "@shared/charts/earnings-over-time.ts";
import { daySeconds } from "@shared/charts/running-totals.ts";
import type { EarningsCharacter, EarningsItem, EarningsPayout } from "@shared/schemas/my-earnings.ts";
import { ChartFigure } from "@web/components/charts/chart-figure.tsx";
import { CHART_COLORS, dayLabel, money, monthEnds, monthLabel } from "@web/components/charts/chart-theme.ts";
import { moneyOverTime, UplotChart, uPlot } from "@web/components/charts/uplot-chart.tsx";
import { FilterSelect } from "@web/components/filter-select.tsx";

const OPTIONS = moneyOverTime([
  { label: "Earned", stroke: CHART_COLORS.gold, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }) },
  { label: "Paid", stroke: CHART_COLORS.sky, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }) },
]);

export default function EarningsChart({
  answer,
}: {
  answer: { characters: EarningsCharacter[]; items: EarningsItem[]; payouts: EarningsPayout[] };
}) {
  const series = useMemo(() => {
    // bench:charts splits a chart's time at these marks: code here, the fold, the drawing (decision 101).
    performance.mark("chart-rows:earnings");
    const folded = earningsOverTime(answer);
    performance.mark("chart-folded:earnings");
    return folded;
  }, [answer]);
  const [who, setWho] = useState("all");
  const line = series.characters.find((c) => String(c.memberId) === who) ?? series.all;
  const data = useMemo<uPlot.AlignedData>(
    () => [series.days.map(daySeconds), line.earned, line.paid],
    [series, line],
  );
  const last = series.days.length - 1;
  const earned = line.earned[last] ?? 0;
  const paid = line.paid[last] ?? 0;
  const undated =
    line.undatedCount > 0
      ? ` ${money(line.undatedCents)} from ${line.undatedCount === 1 ? "1 item" : `${line.undatedCount} items`} without a date is not on the chart.`
      : "";
  const summary =
    last < 0
      ? "Nothing earned or paid yet."
      : `${line.name}: earned ${money(earned)} and paid ${money(paid)} from ${dayLabel(series.days[0] as string)} to ${dayLabel(series.days[last] as string)}.${undated}`;
  return (
    <ChartFigure
      name="earnings"
      title="Earned and paid over time"
      summary={summary}
      legend={[
        { label: "Earned", color: CHART_COLORS.gold },
        { label: "Paid", color: CHART_COLORS.sky },
      ]}
      controls={
        series.characters.length > 1 ? (
          <FilterSelect
            label="Character"
            value={who}
            onChange={setWho}
            options={[
              { value: "all", label: "All characters" },
              ...series.characters.map((c) => ({ value: String(c.memberId), label: c.name })),
            ]}
          />
        ) : null
      }
      table={{
        caption: `${line.name}: earned and paid by the end of each month`,
        columns: ["Month", "Earned", "Paid"],
        rows: monthEnds(series.days).map(({ month, index }) => [
          monthLabel(month),
          money(line.earned[index] ?? 0),
          money(line.paid[index] ?? 0),
        ]),
      }}
    >
      {(onDrawn) => <UplotChart options={OPTIONS} data={data} height={220} onDrawn={onDrawn} />}
    </ChartFigure>
  );
}

/**
 * What the market sold (issue 30, decision 088): the value of the Sold items per boss and per month, from the synced
 * items (so offline too). Loaded lazily by the market page, which hands it the items its table already read
 * (decision 094: one read of the store, not two).
 */
import { useMemo } from "react";
import { marketSales } from "@shared/charts/market-sales.ts";
import { countOf } from "@shared/glossary/glossary.ts";
import { BarRows } from "@web/components/charts/bar-rows.tsx";
import { ChartFigure } from "@web/components/charts/chart-figure.tsx";
import { axisMoney, CHART_COLORS, money, monthLabel } from "@web/components/charts/chart-theme.ts";
import { moneyOverTime, UplotChart, uPlot } from "@web/components/charts/uplot-chart.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import type { MarketItem } from "@web/data/portal-db.ts";

const MONTH_OPTIONS = moneyOverTime([
  {
    label: "Sold",
    stroke: CHART_COLORS.gold,
    fill: `${CHART_COLORS.gold}cc`,
    width: 0,
    paths: uPlot.paths.bars?.({ size: [0.7, 40], align: 0 }),
    points: { show: false },
  },
]);

const monthSeconds = (month: string) => Date.parse(`${month}-01T00:00:00Z`) / 1000;

export default function SalesCharts({ items }: { items: readonly MarketItem[] | null }) {
  if (!items) return <Skeleton className="h-[22rem] w-full rounded-2xl" />;
  return <Drawn items={items} />;
}

function Drawn({ items }: { items: readonly MarketItem[] }) {
  const { byBoss, months: byMonth, undated } = useMemo(() => marketSales(items), [items]);
  const monthData = useMemo<uPlot.AlignedData>(
    () => [byMonth.map((m) => monthSeconds(m.key)), byMonth.map((m) => m.cents)],
    [byMonth],
  );
  const total = byBoss.reduce((sum, boss) => sum + boss.cents, 0);
  const top = byBoss[0];
  const best = byMonth.reduce<(typeof byMonth)[number] | undefined>(
    (a, m) => (!a || m.cents > a.cents ? m : a),
    undefined,
  );
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ChartFigure
        name="sales-by-boss"
        title="Sold per boss"
        summary={
          top
            ? `${money(total)} sold from ${countOf(byBoss.length, "boss", "bosses")}; the most from ${top.key}: ${money(top.cents)} in ${countOf(top.items, "item")}.`
            : "Nothing sold yet."
        }
        table={{
          caption: "Value sold per boss",
          columns: ["Boss", "Items", "Sold"],
          rows: byBoss.map((b) => [b.key, String(b.items), money(b.cents)]),
        }}
      >
        {(onDrawn) => (
          <BarRows
            onDrawn={onDrawn}
            rows={byBoss.map((b) => ({ key: b.key, label: b.key, value: b.cents, text: axisMoney(b.cents) }))}
          />
        )}
      </ChartFigure>
      <ChartFigure
        name="sales-by-month"
        title="Sold per month"
        summary={
          best
            ? `${money(total - undated.cents)} sold over ${countOf(byMonth.length, "month")}; the best month ${monthLabel(best.key)}: ${money(best.cents)}.${undated.items > 0 ? ` ${countOf(undated.items, "item")} without a date (${money(undated.cents)}) in no month.` : ""}`
            : "Nothing sold with a date yet."
        }
        table={{
          caption: "Value sold per month",
          columns: ["Month", "Items", "Sold"],
          rows: byMonth.map((m) => [monthLabel(m.key), String(m.items), money(m.cents)]),
        }}
      >
        {(onDrawn) => <UplotChart options={MONTH_OPTIONS} data={monthData} height={220} onDrawn={onDrawn} />}
      </ChartFigure>
    </div>
  );
}

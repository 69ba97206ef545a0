/**
 * uPlot (decision 088) in a React component: made when the element has its width, fed new data with setData, resized
 * with its box and destroyed on unmount. Only the charts' lazy chunks import it.
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { axisMoney, CHART_COLORS } from "./chart-theme.ts";

export type UplotOptions = Omit<uPlot.Options, "width" | "height">;

/** An axis in the portal's colours, labelled by `values` when given. */
export function chartAxis(values?: uPlot.Axis["values"], size?: number): uPlot.Axis {
  return {
    stroke: CHART_COLORS.axis,
    grid: { stroke: CHART_COLORS.grid, width: 1 },
    ticks: { stroke: CHART_COLORS.grid, width: 1 },
    font: "12px system-ui, sans-serif",
    ...(values ? { values } : {}),
    ...(size ? { size } : {}),
  };
}

/** Dates on a time axis read in UTC: the charts' x values are calendar days at UTC midnight. */
export const utcDates = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC");

export { uPlot };

/** A money chart over calendar days: a UTC time axis and amounts in cents on the left, labelled compactly. */
export function moneyOverTime(series: uPlot.Series[]): UplotOptions {
  return {
    tzDate: utcDates,
    scales: { x: { time: true } },
    axes: [chartAxis(), chartAxis((_, ticks) => ticks.map(axisMoney), 56)],
    series: [{}, ...series],
  };
}

export function UplotChart({
  options,
  data,
  height,
  onDrawn,
}: {
  options: UplotOptions;
  data: uPlot.AlignedData;
  height: number;
  onDrawn: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<{ chart: uPlot; data: uPlot.AlignedData } | null>(null);
  // The chart is made again when its options change (a new series); new data alone is set on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: data changes are set below without a new chart.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const made = new uPlot(
      {
        ...options,
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        hooks: { ...options.hooks, ready: [...(options.hooks?.ready ?? []), () => onDrawn()] },
      },
      data,
      element,
    );
    plot.current = { chart: made, data };
    const resized = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 200);
      if (width !== made.width) made.setSize({ width, height });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      made.destroy();
      plot.current = null;
    };
  }, [options, height, onDrawn]);
  useEffect(() => {
    if (!plot.current || plot.current.data === data) return;
    plot.current.data = data;
    plot.current.chart.setData(data);
  }, [data]);
  return <div ref={box} className="w-full" />;
}

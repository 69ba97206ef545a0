/**
 * A ranked bar chart made of HTML rows (decision 088): a name, a bar as long as its share of the largest value, and
 * the value. Names stay readable on a phone however many rows there are, which a canvas with a categorical axis
 * cannot promise; the figure's table says the same for screen readers.
 */

import { useDrawnOnMount } from "./chart-figure.tsx";
import { CHART_COLORS } from "./chart-theme.ts";

export function BarRows({
  rows,
  onDrawn,
  color = CHART_COLORS.gold,
}: {
  rows: readonly { key: string; label: string; value: number; text: string }[];
  onDrawn: () => void;
  color?: string;
}) {
  useDrawnOnMount(onDrawn);
  const most = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="space-y-1.5 text-sm">
      {rows.map((row) => (
        <li
          key={row.key}
          className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_auto]"
        >
          <span className="truncate text-ink" title={row.label}>
            {row.label}
          </span>
          <span className="h-3 rounded-sm bg-surface-raised">
            <span
              className="block h-3 rounded-sm"
              style={{ width: `${(Math.max(0, row.value) / most) * 100}%`, backgroundColor: color }}
            />
          </span>
          <span className="text-right tabular-nums text-ink-muted">{row.text}</span>
        </li>
      ))}
    </ul>
  );
}

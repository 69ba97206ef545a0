/**
 * One chart as every screen shows it (decision 088): a title, a sentence that states the figures (what a screen
 * reader reads, and a sighted reader's summary), the drawing (hidden from screen readers) and "Show the figures", a
 * table of the same numbers. When the drawing is done the figure says so (`data-drawn`) and leaves a performance
 * mark, `chart-drawn:<name>`, that `npm run bench:charts` times.
 */
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Card } from "../card.tsx";

export interface FigureTable {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export function ChartFigure({
  name,
  title,
  summary,
  table,
  controls,
  legend,
  children,
}: {
  /** A stable id: the figure's test id and its performance mark. */
  name: string;
  title: string;
  summary: string;
  table: FigureTable;
  controls?: ReactNode;
  legend?: readonly { label: string; color: string }[];
  /** The drawing; it calls `onDrawn` once it is on screen. */
  children: (onDrawn: () => void) => ReactNode;
}) {
  const [drawn, setDrawn] = useState(false);
  const [open, setOpen] = useState(false);
  const onDrawn = useCallback(() => {
    performance.mark(`chart-drawn:${name}`);
    setDrawn(true);
  }, [name]);
  const titleId = `chart-${name}-title`;
  return (
    <Card className="min-w-0 space-y-3 p-4! sm:p-5!">
      <figure
        aria-labelledby={titleId}
        data-testid={`chart-${name}`}
        data-drawn={drawn ? "true" : undefined}
        className="m-0 space-y-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-base font-semibold text-ink">
            {title}
          </h2>
          {controls}
        </div>
        <figcaption className="text-sm text-ink-muted" data-testid="chart-summary">
          {summary}
        </figcaption>
        {legend && legend.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted" aria-hidden="true">
            {legend.map((entry) => (
              <li key={entry.label} className="flex items-center gap-1.5">
                <span
                  className="inline-block h-1 w-4 rounded-full"
                  style={{ backgroundColor: entry.color }}
                />
                {entry.label}
              </li>
            ))}
          </ul>
        ) : null}
        <div aria-hidden="true" className="min-w-0">
          {children(onDrawn)}
        </div>
      </figure>
      <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-gold">
          Show the figures
        </summary>
        {open ? <FiguresTable table={table} /> : null}
      </details>
    </Card>
  );
}

function FiguresTable({ table }: { table: FigureTable }) {
  return (
    <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{table.caption}</caption>
        <thead className="sticky top-0 bg-surface-raised text-ink-muted">
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-2 font-semibold ${index > 0 ? "text-right" : ""}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.join("|")} className="border-t border-line/60">
              {row.map((cell, index) => (
                <td
                  key={table.columns[index]}
                  className={`px-3 py-1.5 ${index > 0 ? "text-right text-ink" : "text-ink-muted"}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** For a drawing made of HTML: drawn once it is committed. */
export function useDrawnOnMount(onDrawn: () => void): void {
  useEffect(() => onDrawn(), [onDrawn]);
}

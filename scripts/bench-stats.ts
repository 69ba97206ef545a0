/** Figures the benchmarks print. */

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Milliseconds as a table shows them: one decimal below 100. */
export const ms = (value: number) => (value < 100 ? value.toFixed(1) : String(Math.round(value)));

/**
 * The charts' colours and number forms on the portal's dark theme (web/src/styles.css): each series colour has at
 * least 3:1 contrast with the card's surface (#171b26), as WCAG asks of graphics; labels use the muted ink.
 */
import { formatMoney } from "@shared/money/money.ts";

export const CHART_COLORS = {
  gold: "#e9b949",
  sky: "#7dd3fc",
  green: "#4ade80",
  violet: "#c4b5fd",
  axis: "#a3abbd",
  grid: "#2c3446",
} as const;

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** An axis label for an amount in cents: '1.2K', '350', '-40'. */
export const axisMoney = (cents: number) => compact.format(cents / 100);

/** An amount as every screen prints it: '1,234.50 USDT'. */
export const money = (cents: number) => formatMoney(cents, "usdt");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'YYYY-MM' as 'Nov 2026'. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** 'YYYY-MM-DD' as 'Nov 3, 2026'. */
export const dayLabel = (day: string) =>
  `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

/**
 * The running totals at the end of each month of `days` (the last day of the month that has one): a table of a
 * time series by month rather than by day, short enough to read out.
 */
export function monthEnds(days: readonly string[]): { month: string; index: number }[] {
  const ends: { month: string; index: number }[] = [];
  days.forEach((day, index) => {
    const month = day.slice(0, 7);
    if (ends.at(-1)?.month === month) (ends.at(-1) as { index: number }).index = index;
    else ends.push({ month, index });
  });
  return ends;
}

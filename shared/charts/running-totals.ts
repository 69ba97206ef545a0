/**
 * Amounts that happened on days, added up day by day: the time axis of the money charts (My earnings, the guild
 * funds). Integer cents throughout; a day's running total is every amount on or before it, so the last one is the
 * exact sum of the amounts.
 */
import type { Cents } from "../money/money.ts";

/** An amount booked on a calendar day ('YYYY-MM-DD'). */
export interface DayAmount {
  day: string;
  cents: Cents;
}

export interface RunningTotals {
  /** Every day any series has an amount on, in order. */
  days: string[];
  /** Per series, its running total at the end of each of `days`. */
  totals: Cents[][];
}

/** The running totals of several series on one shared axis of days. */
export function runningTotals(series: readonly (readonly DayAmount[])[]): RunningTotals {
  const days = [...new Set(series.flatMap((amounts) => amounts.map((a) => a.day)))].sort();
  const position = new Map(days.map((day, index) => [day, index]));
  const totals = series.map((amounts) => {
    const perDay = new Array<Cents>(days.length).fill(0);
    for (const amount of amounts) {
      const index = position.get(amount.day) as number;
      perDay[index] = (perDay[index] as Cents) + amount.cents;
    }
    let running = 0;
    return perDay.map((cents) => {
      running += cents;
      return running;
    });
  });
  return { days, totals };
}

/** 'YYYY-MM-DD' as seconds since the epoch at its UTC midnight (the charts' x values). */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/**
 * The days the portal records (docs/decisions/058): payouts, fund spending and loot are dated from 2000-01-01 to
 * a year from today. "Today" is the clock of whoever checks: the server's own when it judges a write (a
 * device's date never decides), the device's when a form checks first, with the same message.
 */

/** The first day a payout, a spending or a loot item can be dated. */
export const FIRST_DAY = "2000-01-01";

/**
 * The last day a payout, a spending or a loot item can be dated at `now`: the same day next year (UTC; a
 * 29 February gives 1 March).
 */
export function lastDay(now: number = Date.now()): string {
  const today = new Date(now);
  return new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** "Paid on cannot be after 2027-11-28, a year from today." */
export const dayTooLate = (label: string) => (latest: string) =>
  `${label} cannot be after ${latest}, a year from today.`;

/** Whether a 'YYYY-MM-DD' day is too early, too late (at `now`), or within the range. */
export function dayOutOfRange(day: string, now: number = Date.now()): "too-early" | "too-late" | null {
  if (day < FIRST_DAY) return "too-early";
  if (day > lastDay(now)) return "too-late";
  return null;
}

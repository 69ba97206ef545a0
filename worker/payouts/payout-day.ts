/** The day a payout is dated when none is given, and the CSV export's day: today where the guild is. */

/** The calendar day (YYYY-MM-DD) of `now` in the guild's time zone (guildTimeZone(), decision 059). */
export function dayIn(timeZone: string | null, now: number): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

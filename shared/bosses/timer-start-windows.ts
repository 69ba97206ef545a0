/**
 * The time windows of a timer start: how far from the server's clock a start may be (docs/product.md#boss-schedules),
 * which the start body's check and the outbox's "too old to record" both read, and how long its starter may undo
 * it (decision 041). No zod here: the boss cards and the outbox panel are in the app's first chunk and the boss
 * page's, and the schemas are in neither.
 */

/** A timer started offline carries the click time; it may be this old when it reaches the server... */
export const START_TIME_MAX_PAST_MS = 24 * 60 * 60 * 1000;
/** ...and this far ahead of the server's clock (the device clock may run fast). */
export const START_TIME_MAX_FUTURE_MS = 2 * 60 * 1000;

export const START_TIME_TOO_OLD = "Start time cannot be more than 24 hours in the past.";
export const START_TIME_IN_FUTURE = "Start time cannot be more than 2 minutes in the future.";

/** Why a start time is refused at `now`, or undefined when it is within the window. */
export function startTimeProblem(start: Date, now: Date): string | undefined {
  if (start.getTime() < now.getTime() - START_TIME_MAX_PAST_MS) return START_TIME_TOO_OLD;
  if (start.getTime() > now.getTime() + START_TIME_MAX_FUTURE_MS) return START_TIME_IN_FUTURE;
  return undefined;
}

/** How long the account that started a timer may undo it, from when the server recorded the start. */
export const UNDO_WINDOW_SECONDS = 10;

/**
 * Timer starts queued offline that can no longer be recorded (decision 036): the server takes a start time up
 * to 24 hours back, so a start that waited longer is refused, and sending it again would send the same time.
 * No Dexie here: the boss cards and the outbox panel import it into the first chunk.
 */
import {
  START_TIME_MAX_FUTURE_MS,
  START_TIME_TOO_OLD,
  startTimeProblem,
} from "@shared/bosses/timer-start-windows.ts";
import type { OutboxRow } from "./portal-db.ts";

/**
 * A start the server will refuse as too old, found before sending it: older than the window by more than the
 * clock-skew allowance, so a device clock running a little fast never refuses what the server would take.
 */
export function tooOldToSend(startTime: Date, now: number): string | undefined {
  const skewed = new Date(now - START_TIME_MAX_FUTURE_MS);
  return startTimeProblem(new Date(startTime), skewed) === START_TIME_TOO_OLD
    ? START_TIME_TOO_OLD
    : undefined;
}

export const TOO_OLD_TO_RECORD = "Too old to record";
export const TOO_OLD_TO_RECORD_DETAIL =
  "This start was made more than 24 hours before it could be sent, and a timer can only be started up to 24 hours back. Discard it.";

/**
 * A refused start that sending again cannot save: it was too old when it was sent (or checked before
 * sending). Its Retry would send the same time, so it is offered Discard only.
 */
export function isTooOldToRecord(row: Pick<OutboxRow, "name" | "status" | "lastError">): boolean {
  return row.name === "startTimer" && row.status === "failed" && row.lastError === START_TIME_TOO_OLD;
}

/**
 * What the officers' timer tools do to a boss's timer (decision 076), worked out once for the server and for the
 * app's own copy of a queued "Didn't spawn". Interval bosses only: the callers leave fixed schedules alone.
 */
import type { AfterMaintenance } from "../schemas/timer-tools.ts";

const HOUR_MS = 3_600_000;

/** A timer's span: it started, and the boss spawns at its end. */
export interface TimerSpan {
  startTime: Date;
  endTime: Date;
  durationHours: number;
}

/**
 * "Didn't spawn": the boss's next spawn is one interval after the one expected (the timer's end), and the wait
 * for it starts there, so the card's progress bar spans one interval again.
 */
export function movedOnByOneInterval(expectedSpawn: Date, intervalHours: number): TimerSpan {
  return {
    startTime: expectedSpawn,
    endTime: new Date(expectedSpawn.getTime() + intervalHours * HOUR_MS),
    durationHours: intervalHours,
  };
}

/**
 * A boss's timer after a server maintenance that ended at `backAt`: 'ready' makes it spawn at `backAt` (its wait
 * ends then), 'restart' starts its wait then (next spawn = back time + interval). Null when the timer is left as it
 * is: one started at or after the back time was started after the servers came back (someone saw the boss die),
 * and the latest start stands (decision 036); one already so is not written again.
 */
export function timerAfterMaintenance(
  current: { startTime: Date | null; endTime: Date | null } | undefined,
  backAt: Date,
  intervalHours: number,
  mode: AfterMaintenance,
): TimerSpan | null {
  const span =
    mode === "restart"
      ? movedOnByOneInterval(backAt, intervalHours)
      : {
          startTime: new Date(backAt.getTime() - intervalHours * HOUR_MS),
          endTime: backAt,
          durationHours: intervalHours,
        };
  const start = current?.startTime?.getTime();
  if (start !== undefined && start >= backAt.getTime()) return null;
  const same = start === span.startTime.getTime() && current?.endTime?.getTime() === span.endTime.getTime();
  return same ? null : span;
}

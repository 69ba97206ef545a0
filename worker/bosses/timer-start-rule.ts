/**
 * Who may start a boss's timer, and from when (docs/decisions/029). One function, so every path that starts
 * or merges timers asks the same question.
 *
 * An admin may start any timer at any allowed start time, replacing a running one. A raider may start a
 * boss only when it is ready: its timer is not running now, and the start time is not before the boss's
 * last recorded spawn (the end of its latest timer). A start queued offline is judged by the same rule:
 * it passes when the boss had spawned by the time of the click and nobody started it since (a later start
 * would have left a timer that ends after the click).
 *
 * Before any of that, the latest start wins (docs/decisions/036): a start no later than the stored one, from
 * anyone, changes nothing, and the stored timer stands.
 */

import { isStaff } from "@shared/contract/roles.ts";
import { type BossTimer, startBeforeSpawnMessage, timerRunningMessage } from "@shared/schemas/boss-timers.ts";
import type { Role } from "../auth/users-repo.ts";

export interface TimerStart {
  role: Role;
  /** The boss's timer as of `now` (toBossTimer): status null when it has none. */
  current: BossTimer;
  startTime: Date;
  now: Date;
}

/**
 * What a start does to the boss's timer: `start` replaces it, `keep` leaves the stored newer (or equal) start
 * in place and answers with it, `refuse` is a 409 with the message.
 */
export type TimerStartVerdict = { kind: "start" } | { kind: "keep" } | { kind: "refuse"; message: string };

export function judgeTimerStart(start: TimerStart): TimerStartVerdict {
  const stored = start.current.startTime;
  if (stored !== null && start.startTime.getTime() <= stored.getTime()) return { kind: "keep" };
  const message = timerStartRefusal(start);
  return message === undefined ? { kind: "start" } : { kind: "refuse", message };
}

/** The 409 message when this start (later than the stored one) is refused; undefined when it may go ahead. */
export function timerStartRefusal({ role, current, startTime, now }: TimerStart): string | undefined {
  if (isStaff(role)) return undefined;
  if (current.isActive) return timerRunningMessage(current.bossName);
  if (current.status !== "expired" || current.endTime === null) return undefined;
  // A stopped timer whose end is still ahead (imported data) spawned the boss no later than now.
  const lastSpawn = current.endTime.getTime() < now.getTime() ? current.endTime : now;
  if (startTime.getTime() < lastSpawn.getTime()) return startBeforeSpawnMessage(current.bossName, lastSpawn);
  return undefined;
}

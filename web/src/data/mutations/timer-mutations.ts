/** Boss timer writes: start one, undo a start, reset one or all, move one on ("Didn't spawn", decision 076). */

import { movedOnByOneInterval } from "@shared/bosses/timer-tools.ts";
import { BOSS_TIMER_CALLS } from "@shared/contract/bosses.ts";
import { RESPAWN_HOURS_DEFAULT } from "@shared/schemas/boss-names.ts";
import type { TEST_TIMER_SECONDS } from "@shared/schemas/boss-timers.ts";
import type { LocalDraft } from "../local-draft.ts";
import { type BossTimerRow, localId } from "../portal-db.ts";
import { tooOldToSend } from "../too-old-starts.ts";
import { mutation } from "./mutation.ts";

export interface StartTimerArgs {
  bossName: string;
  /** The click time, so a timer started offline keeps its real start. */
  startTime: Date;
  /** Admins only: a 10-second test timer. */
  testDuration?: typeof TEST_TIMER_SECONDS;
}

export interface UndoTimerStartArgs {
  bossName: string;
  /** The start being undone, named by the click time it carried. */
  startTime: Date;
}

export interface ResetTimersArgs {
  /** Omitted: every timer. */
  bossName?: string;
}

export interface NoSpawnArgs {
  bossName: string;
  /** The timer's end the officer saw pass: a timer that no longer ends then is left as it is. */
  expectedSpawn: Date;
}

/** The boss's timer row without a running timer. */
export function clearTimer(
  timer: Pick<BossTimerRow, "bossId" | "bossName" | "respawnTimeHours">,
): BossTimerRow {
  return { ...timer, startTime: null, endTime: null, durationHours: null, isActive: false, status: null };
}

/** The boss's timer row; the server finds the boss ignoring case too. */
function timerOf(draft: LocalDraft, bossName: string): BossTimerRow | undefined {
  const lower = bossName.toLowerCase();
  return draft.get("timers", bossName) ?? draft.all("timers").find((t) => t.bossName.toLowerCase() === lower);
}

/** The boss's timer span in hours, from its timer row or the boss list; undefined when unknown or fixed. */
function respawnHours(draft: LocalDraft, bossName: string): number | undefined {
  const lower = bossName.toLowerCase();
  const fromTimer = timerOf(draft, bossName)?.respawnTimeHours;
  const hours =
    typeof fromTimer === "number"
      ? fromTimer
      : draft.all("bossNames").find((b) => b.name.toLowerCase() === lower)?.respawnTimeHours;
  return typeof hours === "number" && hours > 0 ? hours : undefined;
}

/** A timer row for a boss that has none yet, from the boss list when it is there. */
function newTimer(draft: LocalDraft, bossName: string, seq: number): BossTimerRow {
  const lower = bossName.toLowerCase();
  const boss = draft.all("bossNames").find((b) => b.name.toLowerCase() === lower);
  return clearTimer({
    bossId: boss?.id ?? localId(seq),
    bossName: boss?.name ?? bossName,
    respawnTimeHours: boss?.respawnTimeHours ?? RESPAWN_HOURS_DEFAULT,
  });
}

export const TIMER_MUTATIONS = {
  startTimer: mutation(BOSS_TIMER_CALLS.start)<StartTimerArgs>({
    reads: ["bossNames"],
    writes: ["timers"],
    refresh: ["timers"],
    refuseBeforeSending: (args, now) => tooOldToSend(args.startTime, now),
    apply(draft, args, { seq }) {
      const start = new Date(args.startTime);
      const hours =
        args.testDuration !== undefined ? args.testDuration / 3600 : respawnHours(draft, args.bossName);
      const timer = timerOf(draft, args.bossName) ?? newTimer(draft, args.bossName, seq);
      // The latest start stands, as on the server: an older start queued offline changes nothing.
      if (timer.startTime !== null && new Date(timer.startTime).getTime() >= start.getTime()) return;
      draft.put("timers", {
        ...timer,
        startTime: start,
        endTime: hours === undefined ? null : new Date(start.getTime() + hours * 3_600_000),
        durationHours: hours ?? null,
        isActive: true,
        status: "active",
      });
    },
  }),

  // The server restores the timer the start replaced (decision 041); locally the start's timer goes at once,
  // which shows the boss as it was (ready) until the server's copy arrives. A later start stays, as there.
  undoTimerStart: mutation(BOSS_TIMER_CALLS.undo)<UndoTimerStartArgs>({
    reads: [],
    writes: ["timers"],
    refresh: ["timers"],
    apply(draft, args) {
      const timer = timerOf(draft, args.bossName);
      if (timer?.startTime == null) return;
      if (new Date(timer.startTime).getTime() !== new Date(args.startTime).getTime()) return;
      draft.put("timers", clearTimer(timer));
    },
  }),

  resetTimers: mutation(BOSS_TIMER_CALLS.reset)<ResetTimersArgs>({
    reads: [],
    writes: ["timers"],
    refresh: ["timers"],
    apply(draft, args) {
      const timers =
        args.bossName === undefined
          ? draft.all("timers")
          : [timerOf(draft, args.bossName)].filter((t) => t !== undefined);
      for (const timer of timers) draft.put("timers", clearTimer(timer));
    },
  }),

  // "Didn't spawn" (decision 076): queued like a reset, so an officer at the spawn point without signal can tap it;
  // the server moves the timer only if it still ends when the officer saw it end, and so does this copy.
  noSpawn: mutation(BOSS_TIMER_CALLS.noSpawn)<NoSpawnArgs>({
    reads: [],
    writes: ["timers"],
    refresh: ["timers"],
    apply(draft, args) {
      const timer = timerOf(draft, args.bossName);
      const expected = new Date(args.expectedSpawn);
      if (timer?.endTime == null || new Date(timer.endTime).getTime() !== expected.getTime()) return;
      const hours = respawnHours(draft, args.bossName);
      if (hours === undefined) return;
      draft.put("timers", {
        ...timer,
        ...movedOnByOneInterval(expected, hours),
        isActive: true,
        status: "active",
      });
    },
  }),
};

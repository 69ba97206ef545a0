/**
 * Boss respawn timers: anyone reads them, any signed-in account starts a ready boss's timer, admins also
 * replace running ones and reset them; the latest start stands (timer-start-rule.ts).
 * One row per boss; resetting deletes it (the audit log keeps the history).
 */

import { resolveBossSchedule } from "@shared/bosses/boss-schedule.ts";
import { UNDO_WINDOW_SECONDS } from "@shared/bosses/timer-start-windows.ts";
import { BOSS_TIMER_CALLS } from "@shared/contract/bosses.ts";
import {
  type BossTimer,
  fixedScheduleRefusal,
  RESET_ALL_MESSAGE,
  resetOneMessage,
  TEST_TIMER_ADMIN_ONLY,
  TEST_TIMER_SECONDS,
  UNDO_NOT_STARTER,
  undoTooLateMessage,
} from "@shared/schemas/boss-timers.ts";
import { ApiError } from "../app/api-error.ts";
import { answerChangesAt } from "../app/cached-read.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { deliverDiscordAfterCommit } from "../discord/discord-alerts.ts";
import { enqueueTimerStarted, withdrawTimerStarted } from "../discord/discord-store.ts";
import { findBossByName, lockBossForTimerStart } from "./boss-names-repo.ts";
import {
  type BossTimerRow,
  deleteAllTimers,
  deleteTimer,
  findLatestStart,
  getBossWithTimer,
  getTimer,
  listBossesWithTimers,
  restoreTimer,
  upsertTimer,
} from "./boss-timers-repo.ts";
import { bossNotFound, timerOf, toBossTimer } from "./timer-answer.ts";
import { judgeTimerStart } from "./timer-start-rule.ts";
import { maintenance, noSpawn } from "./timer-tools.ts";

const ENTITY = "boss_timer";
const HOUR_MS = 60 * 60 * 1000;

/** When the list changes by itself: the first running timer ends and becomes expired (null: never). */
function nextTimerEnd(timers: readonly BossTimer[]): Date | null {
  let next: Date | null = null;
  for (const timer of timers) {
    if (timer.isActive && timer.endTime && (!next || timer.endTime < next)) next = timer.endTime;
  }
  return next;
}

export const bossTimersRoutes = serveCalls(BOSS_TIMER_CALLS, {
  // The answer is a cached read (create-app.ts): it holds while the versions stand and no timer has ended.
  // It carries no server time of its own, which would make every answer new; the HTTP Date header has it.
  list: async (c) => {
    const now = new Date();
    const rows = await listBossesWithTimers(c.get("db"));
    const timers = rows.map((row) => toBossTimer(row, now));
    answerChangesAt(c, nextTimerEnd(timers));
    return sendData(c, { timers });
  },
  start: async (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    if (input.testDuration !== undefined && user?.role !== "admin")
      throw new ApiError(403, TEST_TIMER_ADMIN_ONLY);
    let toDiscord = false;
    const response = await write(c, async ({ tx, audit }) => {
      // Locked until commit: starts of one boss take turns, so each is judged against the one before it.
      const boss = await lockBossForTimerStart(tx, input.bossName);
      if (!boss) throw new ApiError(404, bossNotFound(input.bossName));
      // The web grid disables a boss with a fixed schedule by code (-1..-8) or by name, and so does the server.
      if (resolveBossSchedule(boss.name, boss.respawnTimeHours).kind === "fixed") {
        throw new ApiError(400, fixedScheduleRefusal(boss.name));
      }
      const now = new Date();
      const startTime = input.startTime ?? now;
      const durationMs =
        input.testDuration !== undefined ? TEST_TIMER_SECONDS * 1000 : boss.respawnTimeHours * HOUR_MS;
      const before = await getTimer(tx, boss.name);
      const current = timerOf(boss, before, now);
      const verdict = judgeTimerStart({ role: user?.role ?? "user", current, startTime, now });
      if (verdict.kind === "refuse") throw new ApiError(409, verdict.message);
      // A start that arrives after a later one (queued offline): it completes, and its sender gets the
      // timer that stands. Nothing changed, so nothing is audited (docs/decisions/036).
      if (verdict.kind === "keep") return { timer: current };
      const after = await upsertTimer(tx, {
        bossName: boss.name,
        startTime,
        endTime: new Date(startTime.getTime() + durationMs),
        durationHours: durationMs / HOUR_MS,
        startedBy: user?.id ?? null,
      });
      await audit({
        action: input.testDuration !== undefined ? "start_test" : "start",
        entity: ENTITY,
        entityId: boss.name,
        before: before ?? null,
        after,
      });
      // Discord's "timer started" (decision 043), queued with the start; a test timer is an admin's check.
      if (input.testDuration === undefined && user) {
        toDiscord = await enqueueTimerStarted(tx, {
          bossName: boss.name,
          starter: user.displayName,
          startTime,
          endTime: after.endTime,
          now,
          holdMs: UNDO_WINDOW_SECONDS * 1000,
        });
      }
      const row = (await getBossWithTimer(tx, boss.name)) as BossTimerRow;
      return { timer: toBossTimer(row, new Date()) };
    });
    if (toDiscord) deliverDiscordAfterCommit(c);
    return response;
  },
  // Undo a start (docs/decisions/041): the account that started the timer, any role, within
  // UNDO_WINDOW_SECONDS of when the server recorded the start; the timer the start replaced comes back.
  undo: (c) => {
    const input = c.req.valid("json");
    const user = c.get("user");
    return write(c, async ({ tx, audit }) => {
      const boss = await lockBossForTimerStart(tx, input.bossName);
      if (!boss) throw new ApiError(404, bossNotFound(input.bossName));
      const stored = await getTimer(tx, boss.name);
      // That start no longer stands (a later start replaced it, a reset removed it, or it never stood: 036):
      // nothing of it is left to undo, and the timer that stands is the answer. Nothing changed, no audit.
      if (stored?.startTime.getTime() !== input.startTime.getTime()) {
        return { timer: timerOf(boss, stored, new Date()) };
      }
      if (stored.startedBy === null || stored.startedBy !== user?.id) {
        throw new ApiError(403, UNDO_NOT_STARTER);
      }
      const start = await findLatestStart(tx, boss.name);
      const recorded = start?.after?.startTime.getTime() === stored.startTime.getTime();
      if (!start || !recorded || start.ageMs > UNDO_WINDOW_SECONDS * 1000) {
        throw new ApiError(409, undoTooLateMessage(boss.name));
      }
      const after = start.before ? await restoreTimer(tx, { ...start.before, bossName: boss.name }) : null;
      if (!after) await deleteTimer(tx, boss.name);
      await withdrawTimerStarted(tx, boss.name, stored.startTime);
      await audit({ action: "undo_start", entity: ENTITY, entityId: boss.name, before: stored, after });
      return { timer: timerOf(boss, after ?? undefined, new Date()) };
    });
  },
  reset: (c) => {
    const { bossName } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      if (bossName === undefined) {
        const before = await deleteAllTimers(tx);
        await audit({ action: "reset_all", entity: ENTITY, before });
        return { success: true, message: RESET_ALL_MESSAGE };
      }
      const boss = await findBossByName(tx, bossName);
      if (!boss) throw new ApiError(404, bossNotFound(bossName));
      const before = await deleteTimer(tx, boss.name);
      await audit({ action: "reset", entity: ENTITY, entityId: boss.name, before: before ?? null });
      return { success: true, message: resetOneMessage(boss.name) };
    });
  },
  noSpawn,
  maintenance,
});

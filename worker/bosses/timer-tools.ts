/**
 * The officers' timer tools (decision 076): "Didn't spawn" moves one interval boss's timer on by one interval from
 * its expected spawn; "Server maintenance" resets every interval boss from the time the servers came back, ready
 * then or restarted then as the guild chose (Admin › Guild settings). Fixed schedules are never touched. Each is one
 * audited write; the timers' data version moves with it, so every open app hears of it on the live feed.
 */
import { isShownInGrid, resolveBossSchedule } from "@shared/bosses/boss-schedule.ts";
import { movedOnByOneInterval, timerAfterMaintenance } from "@shared/bosses/timer-tools.ts";
import type { BOSS_TIMER_CALLS } from "@shared/contract/bosses.ts";
import type { BossName } from "@shared/schemas/boss-names.ts";
import { noSpawnFixedSchedule, noSpawnNotDue, noSpawnWithoutTimer } from "@shared/schemas/timer-tools.ts";
import { ApiError } from "../app/api-error.ts";
import type { CallHandler } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { readAfterMaintenance } from "../settings/guild-settings-repo.ts";
import { lockAllBossesForTimers, lockBossForTimerStart } from "./boss-names-repo.ts";
import { getAllTimers, getTimer, listBossesWithTimers, upsertTimer } from "./boss-timers-repo.ts";
import { bossNotFound, timerOf, toBossTimer } from "./timer-answer.ts";

const ENTITY = "boss_timer";

/** A boss whose timer the tools move: one with an interval the grid shows (fixed schedules have no timer). */
const intervalOf = (boss: BossName): number | null =>
  isShownInGrid(boss.respawnTimeHours) &&
  resolveBossSchedule(boss.name, boss.respawnTimeHours).kind === "interval"
    ? boss.respawnTimeHours
    : null;

export const noSpawn: CallHandler<typeof BOSS_TIMER_CALLS.noSpawn> = (c) => {
  const { bossName, expectedSpawn } = c.req.valid("json");
  const user = c.get("user");
  return write(c, async ({ tx, audit }) => {
    // Held like a start (timer-start-rule.ts): a start and a "Didn't spawn" of one boss take turns.
    const boss = await lockBossForTimerStart(tx, bossName);
    if (!boss) throw new ApiError(404, bossNotFound(bossName));
    const interval = intervalOf(boss);
    if (interval === null) throw new ApiError(400, noSpawnFixedSchedule(boss.name));
    const before = await getTimer(tx, boss.name);
    const now = new Date();
    if (!before) throw new ApiError(409, noSpawnWithoutTimer(boss.name));
    // The timer no longer ends when the officer saw it end: someone moved it on already, or started it since.
    // The same tap twice (two officers, or a queued one sent again) moves it once; the timer that stands answers.
    if (expectedSpawn !== undefined && before.endTime.getTime() !== expectedSpawn.getTime()) {
      return { timer: timerOf(boss, before, now) };
    }
    if (before.endTime.getTime() > now.getTime()) throw new ApiError(409, noSpawnNotDue(boss.name));
    const after = await upsertTimer(tx, {
      bossName: boss.name,
      ...movedOnByOneInterval(before.endTime, interval),
      startedBy: user?.id ?? null,
    });
    await audit({ action: "no_spawn", entity: ENTITY, entityId: boss.name, before, after });
    return { timer: timerOf(boss, after, new Date()) };
  });
};

export const maintenance: CallHandler<typeof BOSS_TIMER_CALLS.maintenance> = (c) => {
  const { backAt } = c.req.valid("json");
  const user = c.get("user");
  return write(c, async ({ tx, audit }) => {
    const afterMaintenance = await readAfterMaintenance(tx);
    // Every boss held, as a start holds its own: no start lands between reading a timer and replacing it.
    const bosses = await lockAllBossesForTimers(tx);
    const stored = new Map((await getAllTimers(tx)).map((timer) => [timer.bossName, timer]));
    const before = [];
    const after = [];
    for (const boss of bosses) {
      const interval = intervalOf(boss);
      if (interval === null) continue;
      const current = stored.get(boss.name);
      const span = timerAfterMaintenance(current, backAt, interval, afterMaintenance);
      if (span === null) continue;
      if (current) before.push(current);
      after.push(await upsertTimer(tx, { bossName: boss.name, ...span, startedBy: user?.id ?? null }));
    }
    // One entry for the whole maintenance, as for 'Reset All Timers': the timers it replaced and the new ones.
    await audit({
      action: "maintenance",
      entity: ENTITY,
      before,
      after: { backAt, afterMaintenance, timers: after },
    });
    const now = new Date();
    const timers = (await listBossesWithTimers(tx)).map((row) => toBossTimer(row, now));
    return { timers, changed: after.length, afterMaintenance };
  });
};

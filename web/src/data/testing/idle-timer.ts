/** For data-layer tests: a boss's timer row as the server sends it when the boss has no timer running. */
import type { BossTimerRow } from "../portal-db.ts";

export function idleTimer(bossName = "VENATUS", bossId = 1, respawnTimeHours = 10): BossTimerRow {
  return {
    bossId,
    bossName,
    respawnTimeHours,
    startTime: null,
    endTime: null,
    durationHours: null,
    isActive: false,
    status: null,
  };
}

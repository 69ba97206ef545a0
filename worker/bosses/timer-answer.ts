/** A boss's timer as the API answers it (GET /_api/boss-timers, the changes feed, every timer write). */
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import type { BossTimerRow } from "./boss-timers-repo.ts";

/** The answer shape, as of `now`: a timer whose end has passed is expired; a 'reset' row counts as none. */
export function toBossTimer(row: BossTimerRow, now: Date): BossTimer {
  const base = { bossId: row.bossId, bossName: row.bossName, respawnTimeHours: row.respawnTimeHours };
  if (!row.startTime || !row.endTime || row.status === null || row.status === "reset") {
    return { ...base, startTime: null, endTime: null, durationHours: null, isActive: false, status: null };
  }
  const isActive = row.isActive === true && row.status === "active" && row.endTime.getTime() > now.getTime();
  return {
    ...base,
    startTime: row.startTime,
    endTime: row.endTime,
    durationHours: row.durationHours,
    isActive,
    status: isActive ? "active" : "expired",
  };
}

/** A boss's timer as the API answers it (GET /_api/boss-timers, the changes feed, every timer write). */
import type { BossName } from "@shared/schemas/boss-names.ts";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import type { BossTimerRow, StoredTimer } from "./boss-timers-repo.ts";

export const bossNotFound = (bossName: string) => `Boss "${bossName}" not found.`;

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

/** A boss's stored timer (or none) in the answer shape, as of `now`. */
export function timerOf(boss: BossName, stored: StoredTimer | undefined, now: Date): BossTimer {
  const {
    startTime = null,
    endTime = null,
    durationHours = null,
    isActive = null,
    status = null,
  } = stored ?? {};
  const row = { bossId: boss.id, bossName: boss.name, respawnTimeHours: boss.respawnTimeHours };
  return toBossTimer({ ...row, startTime, endTime, durationHours, isActive, status }, now);
}

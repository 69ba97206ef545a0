/**
 * What the public home page's cards show (docs/product.md#home), computed from the cached roster,
 * market items and boss timers.
 */
import type { RespawnCodeInput } from "@shared/bosses/boss-schedule.ts";
import { elapsedShare, formatRemainingShort } from "@shared/bosses/countdown.ts";
import { inNextUpOrder } from "@shared/bosses/next-spawn.ts";
import type { DateInput } from "@shared/format/format-date.ts";
import { sortableTime } from "@shared/format/format-date.ts";

export interface HomeMember {
  category: string;
}

export interface HomeMarketItem {
  id: number;
  createdAt: DateInput;
}

/** A cached timer row as /boss-timers sends it; `isActive` and `status` are the server's view when sent. */
export interface HomeTimer {
  bossName: string;
  respawnTimeHours?: RespawnCodeInput;
  startTime?: DateInput;
  endTime?: DateInput;
  isActive?: boolean | null;
  status?: string | null;
}

export interface MemberCounts {
  total: number;
  guildMaster: number;
  core: number;
  members: number;
}

export function countMembers(members: readonly HomeMember[]): MemberCounts {
  const counts: MemberCounts = { total: members.length, guildMaster: 0, core: 0, members: 0 };
  for (const member of members) {
    if (member.category === "Guild Master") counts.guildMaster++;
    else if (member.category === "Core") counts.core++;
    // Anything else counts as Members, the default category (docs/product.md#records).
    else counts.members++;
  }
  return counts;
}

/** The newest `limit` items (by creation time, then id), newest first; undated items last. */
export function recentItems<T extends HomeMarketItem>(items: readonly T[], limit = 3): T[] {
  return [...items]
    .sort((a, b) => {
      const ta = sortableTime(a.createdAt);
      const tb = sortableTime(b.createdAt);
      if (ta === null || tb === null) {
        if (ta !== tb) return ta === null ? 1 : -1;
      } else if (ta !== tb) {
        return tb - ta;
      }
      return b.id - a.id;
    })
    .slice(0, limit);
}

export interface ActiveTimerView {
  bossName: string;
  /** 'Xh Ym', or 'Ready' for a boss that has just spawned. */
  remaining: string;
  /** Elapsed share of the wait for the spawn (the timer span, or since the previous scheduled slot), 0..1. */
  progress: number;
  /** The spawn's instant (epoch ms): the next one, or the one that just happened. */
  spawnAt: number;
}

/**
 * Up to `limit` bosses in the boss page's next-up order (decision 040): the ones that just spawned ('Ready'),
 * then the running timers and the scheduled bosses, soonest first. Bosses whose spawn time is unknown (no
 * timer) are left out.
 */
export function activeTimers(
  timers: readonly HomeTimer[],
  now: number,
  guildTimeZone: string | null = null,
  limit = 3,
): ActiveTimerView[] {
  const views: ActiveTimerView[] = [];
  for (const { row, spawn } of inNextUpOrder(timers, now, guildTimeZone)) {
    if (views.length === limit) break;
    if (spawn.upSince !== null) {
      views.push({ bossName: row.bossName, remaining: "Ready", progress: 1, spawnAt: spawn.upSince });
    } else if (spawn.spawnAt !== null) {
      const waitStart = spawn.kind === "fixed" ? spawn.lastSpawnAt : row.startTime;
      views.push({
        bossName: row.bossName,
        remaining: formatRemainingShort(spawn.spawnAt - now),
        progress: elapsedShare(waitStart, spawn.spawnAt, now),
        spawnAt: spawn.spawnAt,
      });
    }
  }
  return views;
}

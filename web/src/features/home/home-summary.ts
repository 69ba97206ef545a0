/**
 * What the public home page's cards show (SPEC "Public home page"), computed from the cached roster,
 * market items and boss timers.
 */
import { elapsedShare, formatRemainingShort, isTimerRunning } from "@shared/bosses/countdown.ts";
import type { DateInput } from "@shared/format/format-date.ts";
import { sortableTime } from "@shared/format/format-date.ts";
import { compareText } from "@shared/sorting/compare-text.ts";

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
    // Anything else counts as Members, the spec's default category.
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
  /** 'Xh Ym', or 'Ready' when no time remains. */
  remaining: string;
  /** Elapsed share of the timer span, 0..1. */
  progress: number;
}

/** Up to `limit` timers that have not ended yet, soonest first. */
export function activeTimers(timers: readonly HomeTimer[], now: number, limit = 3): ActiveTimerView[] {
  return timers
    .filter((timer) =>
      isTimerRunning({ endTime: timer.endTime, active: timer.isActive, status: timer.status }, now),
    )
    .map((timer) => ({ timer, end: sortableTime(timer.endTime) ?? now }))
    .sort((a, b) => a.end - b.end || compareText(a.timer.bossName, b.timer.bossName))
    .slice(0, limit)
    .map(({ timer, end }) => ({
      bossName: timer.bossName,
      remaining: formatRemainingShort(end - now),
      progress: elapsedShare(timer.startTime, timer.endTime, now),
    }));
}

/**
 * What the public home page's cards show (SPEC "Public home page"), computed from the roster, the market
 * items and the boss timers as the API delivers them.
 */

export interface HomeMember {
  category: string;
}

export interface HomeMarketItem {
  id: number;
  lootName: string;
  bossName: string;
  status: string;
  createdAt: Date | string | null;
  dateAcquired?: Date | string | null;
}

export interface HomeTimer {
  bossName: string;
  startTime: Date | string;
  endTime: Date | string;
  active?: boolean;
  status?: string;
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

function toTime(value: Date | string | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  return (value instanceof Date ? value : new Date(value)).getTime();
}

/** The newest `limit` items (by creation time, then id), newest first; undated items last. */
export function recentItems<T extends HomeMarketItem>(items: readonly T[], limit = 3): T[] {
  return [...items]
    .sort((a, b) => {
      const ta = toTime(a.createdAt);
      const tb = toTime(b.createdAt);
      const aDated = !Number.isNaN(ta);
      const bDated = !Number.isNaN(tb);
      if (aDated !== bDated) return aDated ? -1 : 1;
      if (aDated && ta !== tb) return tb - ta;
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

/** 'Xh Ym' for a remaining duration in milliseconds; 'Ready' at or below zero. */
export function formatRemaining(ms: number): string {
  if (!(ms > 0)) return "Ready";
  const totalMinutes = Math.floor(ms / 60_000);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}

export function elapsedShare(start: number, end: number, now: number): number {
  if (!(end > start)) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

function isRunning(timer: HomeTimer, now: number): boolean {
  const flagged = timer.active ?? (timer.status === undefined ? true : timer.status === "active");
  return flagged && toTime(timer.endTime) > now;
}

/** Up to `limit` timers that have not ended yet, soonest first. */
export function activeTimers(timers: readonly HomeTimer[], now: number, limit = 3): ActiveTimerView[] {
  return timers
    .filter((timer) => isRunning(timer, now))
    .sort((a, b) => toTime(a.endTime) - toTime(b.endTime) || a.bossName.localeCompare(b.bossName))
    .slice(0, limit)
    .map((timer) => {
      const end = toTime(timer.endTime);
      return {
        bossName: timer.bossName,
        remaining: formatRemaining(end - now),
        progress: elapsedShare(toTime(timer.startTime), end, now),
      };
    });
}

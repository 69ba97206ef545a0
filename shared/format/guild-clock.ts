/**
 * Spawn times as every screen shows them (decision 059). Spawns are worked out in the guild's one zone; a viewer
 * whose clock shows the same time sees the usual forms ('Next: Nov 21, 2026 at 3:00 PM', '3:00 PM'), and a
 * viewer elsewhere sees the guild's time, named, and their own: 'Sat 15:00 Asia/Manila · 16:00 your time'.
 */
import { formatNextSpawnLabel, formatTime } from "./format-date.ts";
import { resolveTimeZone, wallClockAt } from "./zoned-time.ts";

const SHORT_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const pad2 = (n: number) => String(n).padStart(2, "0");

/** Whether two zones show the same wall clock at an instant (Europe/Paris and Europe/Berlin do, mostly). */
export function sameClockAt(epochMs: number, zone: string, otherZone: string): boolean {
  if (zone === otherZone) return true;
  const a = wallClockAt(epochMs, zone);
  const b = wallClockAt(epochMs, otherZone);
  return a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/**
 * 'Sat 15:00 Asia/Manila · 16:00 your time', with the viewer's weekday too when it is another day there
 * ('Sat 06:00 Asia/Manila · Fri 23:00 your time'); null when the viewer's clock shows what the guild's does, or
 * the guild's zone is not known (null: the viewer's own is all there is). `viewerZone` defaults to the runtime's.
 */
export function guildAndViewerTime(
  epochMs: number,
  guildZone: string | null,
  viewerZone?: string | null,
): string | null {
  if (guildZone === null) return null;
  const viewer = resolveTimeZone(viewerZone);
  if (sameClockAt(epochMs, guildZone, viewer)) return null;
  const there = wallClockAt(epochMs, guildZone);
  const here = wallClockAt(epochMs, viewer);
  const hereClock = `${pad2(here.hour)}:${pad2(here.minute)}`;
  const hereText =
    here.weekday === there.weekday ? hereClock : `${SHORT_WEEKDAYS[here.weekday]} ${hereClock}`;
  return `${SHORT_WEEKDAYS[there.weekday]} ${pad2(there.hour)}:${pad2(there.minute)} ${guildZone} · ${hereText} your time`;
}

/** A spawn's clock time: '3:00 PM' where the viewer's clock is the guild's, else the guild's and theirs. */
export function spawnClockText(
  epochMs: number,
  guildZone: string | null,
  viewerZone?: string | null,
): string {
  return guildAndViewerTime(epochMs, guildZone, viewerZone) ?? formatTime(epochMs, viewerZone);
}

/** 'Next: Nov 21, 2026 at 3:00 PM', or 'Next: Sat 15:00 Asia/Manila · 16:00 your time'. */
export function nextSpawnText(epochMs: number, guildZone: string | null, viewerZone?: string | null): string {
  const zoned = guildAndViewerTime(epochMs, guildZone, viewerZone);
  return zoned === null ? formatNextSpawnLabel(epochMs, viewerZone) : `Next: ${zoned}`;
}

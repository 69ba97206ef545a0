/**
 * When cached data was last synced, as the offline banner and the "Last synced" hint say it: the clock
 * time for today ('3:00 PM'), otherwise the date too ('Nov 20, 2026 at 3:00 PM'), in the viewer's zone.
 */
import { dateStamp, formatDate, formatTime } from "@shared/format/format-date.ts";

export function formatSyncTime(syncedAt: number, now: number, timeZone?: string | null): string {
  const time = formatTime(syncedAt, timeZone);
  if (dateStamp(syncedAt, timeZone) === dateStamp(now, timeZone)) return time;
  return `${formatDate(syncedAt, timeZone)} at ${time}`;
}

export function offlineBannerText(syncedAt: number | null, now: number, timeZone?: string | null): string {
  return syncedAt === null
    ? "Offline"
    : `Offline — showing data from ${formatSyncTime(syncedAt, now, timeZone)}`;
}

export function lastSyncedText(syncedAt: number, now: number, timeZone?: string | null): string {
  return `Last synced ${formatSyncTime(syncedAt, now, timeZone)}`;
}

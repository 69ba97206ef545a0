/** What a spawn alert says: the push payload the service worker shows (shared/schemas/spawn-alerts.ts). */
import { resolveTimeZone } from "@shared/format/zoned-time.ts";
import type { SpawnAlertPush } from "@shared/schemas/spawn-alerts.ts";

const MINUTE_MS = 60_000;

export function spawnAlertTitle(bossName: string, spawnAt: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((spawnAt - now) / MINUTE_MS));
  return `${bossName} spawns in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The spawn's clock time in the guild's zone, named (the phone may be in another zone): "At 21:00 Asia/Manila time." */
export function spawnAlertBody(spawnAt: number, guildTimeZone: string | null): string {
  const zone = resolveTimeZone(guildTimeZone);
  const clock = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: zone,
  }).format(spawnAt);
  return `At ${clock} ${zone} time.`;
}

export function spawnAlertPayload(
  bossName: string,
  spawnAt: number,
  now: number,
  guildTimeZone: string | null,
): SpawnAlertPush {
  const iso = new Date(spawnAt).toISOString();
  return {
    title: spawnAlertTitle(bossName, spawnAt, now),
    body: spawnAlertBody(spawnAt, guildTimeZone),
    boss: bossName,
    url: "/boss-timers",
    spawnAt: iso,
    tag: `spawn:${bossName}:${iso}`,
  };
}

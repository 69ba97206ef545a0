/**
 * Which spawns the in-app alert announces (decision 040): each spawn once per page, only spawns that happen
 * while the page is open, and none that is already past its spawn window (a page that slept for an hour does
 * not announce what it missed). Pure: the page's open time and the clock are passed in.
 */
import { SPAWN_WINDOW_MS } from "@shared/bosses/boss-schedule.ts";
import { type SpawnSource, spawnsBetween } from "@shared/bosses/next-spawn.ts";

export interface Spawned {
  bossName: string;
  spawnedAt: number;
}

export interface SpawnWatch {
  /** The spawns not yet announced that happened after the page opened, oldest first; each is returned once. */
  check(rows: readonly SpawnSource[], now: number, guildTimeZone: string | null): Spawned[];
}

export function createSpawnWatch(openedAt: number): SpawnWatch {
  const announced = new Set<string>();
  return {
    check(rows, now, guildTimeZone) {
      const from = Math.max(openedAt, now - SPAWN_WINDOW_MS);
      const fresh: Spawned[] = [];
      for (const spawn of spawnsBetween(rows, from, now, guildTimeZone)) {
        const key = `${spawn.bossName.trim().toLowerCase()}@${spawn.spawnedAt}`;
        if (announced.has(key)) continue;
        announced.add(key);
        fresh.push(spawn);
      }
      return fresh;
    },
  };
}

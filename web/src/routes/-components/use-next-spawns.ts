/**
 * The next few spawns for My page (decision 072): the cached timers in the boss page's next-up order (decision 040),
 * as the home page's timer card reads them, with each spawn's clock time in the guild's zone (decision 059).
 */
import { spawnClockText } from "@shared/format/guild-clock.ts";
import { useSyncStatus, useTimers } from "@web/data/hooks.ts";
import { activeTimers } from "@web/features/home/home-summary.ts";
import type { NextSpawnsState } from "@web/features/raider-home/next-spawns-card.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useNow } from "./home-cards.tsx";
import { useGuildTimeZone } from "./use-guild-time-zone.ts";

export const NEXT_SPAWNS_SHOWN = 4;

export function useNextSpawns(): NextSpawnsState {
  const rows = collectionState(useTimers(), useSyncStatus("timers"), useOnline(), hasRows);
  const zone = useGuildTimeZone();
  // As on the home page's card (whose clock this is: the entry's, so the boss page's chunk is not split).
  const now = useNow(1_000);
  if (rows.status !== "ready") return rows;
  if (zone.status === "loading") return zone;
  const spawns = activeTimers(rows.data, now, zone.zone, NEXT_SPAWNS_SHOWN).map((timer) => ({
    bossName: timer.bossName,
    remaining: timer.remaining,
    at: spawnClockText(timer.spawnAt, zone.zone),
  }));
  return { status: "ready", spawns };
}

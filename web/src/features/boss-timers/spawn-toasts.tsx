/**
 * The in-app spawn alert (issue 15 point 5, decision 040): while a boss timer page is open, a toast says when
 * a boss spawns, with a beep when the sound is on. Renders nothing; it looks at the cached rows every second.
 */
import { useEffect, useRef, useState } from "react";
import type { SpawnSource } from "@shared/bosses/next-spawn.ts";
import { spawnClockText } from "@shared/format/guild-clock.ts";
import { toast } from "@web/lib/toast.tsx";
import { playSpawnBeep } from "./spawn-beep.ts";
import { useSpawnSound } from "./spawn-sound-store.ts";
import { createSpawnWatch, type Spawned } from "./spawn-watch.ts";

export const SPAWN_CHECK_MS = 1_000;
/** Long enough to be seen by someone who looked away from the screen for a moment. */
export const SPAWN_TOAST_MS = 60_000;
export const spawnedMessage = (bossName: string) => `${bossName} has spawned`;
export const spawnedDetail = (time: string) => `Spawned at ${time}`;

function announce(spawns: readonly Spawned[], guildTimeZone: string | null, withSound: boolean): void {
  for (const spawn of spawns) {
    toast.success(spawnedMessage(spawn.bossName), {
      description: spawnedDetail(spawnClockText(spawn.spawnedAt, guildTimeZone)),
      duration: SPAWN_TOAST_MS,
    });
  }
  if (withSound && spawns.length > 0) playSpawnBeep();
}

export function SpawnToasts({
  rows,
  guildTimeZone,
}: {
  rows: readonly SpawnSource[];
  guildTimeZone: string | null;
}) {
  // Spawns from before the page opened are not news; the watch remembers what it announced.
  const [watch] = useState(() => createSpawnWatch(Date.now()));
  const latest = useRef({ rows, guildTimeZone });
  latest.current = { rows, guildTimeZone };

  useEffect(() => {
    const check = () => {
      const { rows: current, guildTimeZone: zone } = latest.current;
      announce(watch.check(current, Date.now(), zone), zone, useSpawnSound.getState().enabled);
    };
    check();
    const id = setInterval(check, SPAWN_CHECK_MS);
    return () => clearInterval(id);
  }, [watch]);

  return null;
}

/**
 * An online-only screen's way to hear the live feed (decision 033): `onNotice` runs whenever a notice names the
 * server's collection `name` (one the device keeps no copy of, such as check-ins) and whenever the feed is back
 * up, so the screen refetches within a moment of a write. Fetches the data layer if it has not loaded yet.
 *
 * `spreadMs`: wait a random time below it first (notices meanwhile fold into that one call), so the many phones
 * that hear one notice do not all ask the server in the same instant, ahead of the screen that must see it at once
 * (decision 080: the officer's check-in list before twenty raiders' cards).
 */
import { useEffect, useRef } from "react";
import { loadAppLayer } from "./lazy-data-layer.ts";

export function useLiveNotice(name: string, onNotice: () => void, enabled = true, spreadMs = 0): void {
  const latest = useRef(onNotice);
  latest.current = onNotice;
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let gone = false;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      if (spreadMs <= 0) return latest.current();
      waiting ??= setTimeout(() => {
        waiting = undefined;
        latest.current();
      }, Math.random() * spreadMs);
    };
    void loadAppLayer().then((layer) => {
      if (!gone) stop = layer.onLiveNotice(name, heard);
    });
    return () => {
      gone = true;
      clearTimeout(waiting);
      stop?.();
    };
  }, [name, enabled, spreadMs]);
}

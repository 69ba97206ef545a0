/**
 * An online-only screen's way to hear the live feed (decision 033): `onNotice` runs whenever a notice names the
 * server's collection `name` (one the device keeps no copy of, such as check-ins) and whenever the feed is back
 * up, so the screen refetches within a moment of a write. Fetches the data layer if it has not loaded yet.
 */
import { useEffect, useRef } from "react";
import { loadAppLayer } from "./lazy-data-layer.ts";

export function useLiveNotice(name: string, onNotice: () => void, enabled = true): void {
  const latest = useRef(onNotice);
  latest.current = onNotice;
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void loadAppLayer().then((layer) => {
      if (!gone) stop = layer.onLiveNotice(name, () => latest.current());
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [name, enabled]);
}

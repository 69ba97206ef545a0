/**
 * Fetches a chart's lazy chunk when its page opens, not when the chart first renders (decision 101): the chunk
 * (uPlot included) arrives while the page reads its own data, so the chart only has to draw once that data is on
 * screen. The chunk stays out of the page's first download.
 */
import { useEffect } from "react";

export function useFetchOnOpen(load: () => Promise<unknown>): void {
  useEffect(() => {
    // Offline without the precache it fails quietly: the lazy import asks again when the chart renders.
    void load().catch(() => undefined);
  }, [load]);
}

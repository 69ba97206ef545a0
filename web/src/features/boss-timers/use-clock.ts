import { useEffect, useState } from "react";

/**
 * The current time (ms), refreshed every `intervalMs`; frozen while `intervalMs` is null, so an idle grid
 * does not re-render every second.
 */
export function useClock(intervalMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

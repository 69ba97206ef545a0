import { useEffect, useState } from "react";

/**
 * The time (ms), refreshed every second while `running`: the check-ins' and auctions' "time left". Not the boss page's clock:
 * importing it would split it out of the boss page's own chunk and grow that public page (decision 072).
 */
export function useSeconds(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

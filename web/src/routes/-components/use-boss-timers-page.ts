import { useSyncStatus, useTimers } from "@web/data/hooks.ts";
import type { BossTimerRow } from "@web/data/portal-db.ts";
import type { GridState } from "@web/features/boss-timers/boss-timer-grid.tsx";
import { useStartTimer } from "@web/features/boss-timers/use-start-timer.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useSession } from "@web/lib/session-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useGuildTimeZone } from "./use-guild-time-zone.ts";

/**
 * What the public and the admin boss timer pages share: the title, the cached timers, the guild's time zone
 * (decision 059: the cards wait for it, so no time is shown in the wrong zone first) and starting a timer from a
 * card (any logged-in account may; the login link returns to `next`).
 */
export function useBossTimersPage(next: string) {
  useDocumentTitle((brand) => `Boss Timers - ${brand}`);
  const rows = collectionState(useTimers(), useSyncStatus("timers"), useOnline(), hasRows);
  const zone = useGuildTimeZone();
  const timers: GridState<BossTimerRow> = rows.status === "ready" && zone.status === "loading" ? zone : rows;
  const guildTimeZone = zone.status === "ready" ? zone.zone : null;
  const session = useSession();
  const { onActivate, footerFor } = useStartTimer({ canStart: session.status === "authenticated", next });
  return { timers, guildTimeZone, onActivate, footerFor };
}

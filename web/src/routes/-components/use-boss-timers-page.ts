import { useSyncStatus, useTimers } from "@web/data/hooks.ts";
import { useStartTimer } from "@web/features/boss-timers/use-start-timer.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useSession } from "@web/lib/session-store.ts";
import { useConfigStore } from "@web/shell/brand-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/**
 * What the public and the admin boss timer pages share: the title, the cached timers, the guild's time zone
 * and starting a timer from a card (any logged-in account may; the login link returns to `redirect`).
 */
export function useBossTimersPage(redirect: string) {
  useDocumentTitle((brand) => `Boss Timers - ${brand}`);
  const timers = collectionState(useTimers(), useSyncStatus("timers"), useOnline(), hasRows);
  const session = useSession();
  const guildTimeZone = useConfigStore((config) => config.timeZone);
  const { onActivate, footerFor } = useStartTimer({ canStart: session.status === "authenticated", redirect });
  return { timers, guildTimeZone, onActivate, footerFor };
}

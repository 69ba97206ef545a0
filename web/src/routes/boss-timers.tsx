import { PageHeader } from "../components/page-header.tsx";
import { useSyncStatus, useTimers } from "../data/hooks.ts";
import { BossTimerGrid } from "../features/boss-timers/boss-timer-grid.tsx";
import { useStartTimer } from "../features/boss-timers/use-start-timer.tsx";
import { collectionState, hasRows } from "../features/sync-status/collection-state.ts";
import { LastSynced } from "../features/sync-status/last-synced.tsx";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useSession } from "../lib/session-store.ts";
import { useConfigStore } from "../shell/brand-store.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const COLLECTIONS = ["timers"] as const;

/** The public boss timer page: anyone watches, a logged-in account starts timers, nobody resets here. */
export function BossTimersPage() {
  useDocumentTitle((brand) => `Boss Timers - ${brand}`);
  const timers = collectionState(useTimers(), useSyncStatus("timers"), useOnline(), hasRows);
  const session = useSession();
  const guildTimeZone = useConfigStore((config) => config.timeZone);
  const { onActivate, footerFor } = useStartTimer({
    canStart: session.status === "authenticated",
    redirect: "/boss-timers",
  });
  return (
    <>
      <PageHeader
        title="Boss Timers"
        subtitle="Click on an available boss to start their respawn timer."
        actions={<LastSynced collections={COLLECTIONS} />}
      />
      <BossTimerGrid
        state={timers}
        guildTimeZone={guildTimeZone}
        onActivate={onActivate}
        footerFor={footerFor}
      />
    </>
  );
}

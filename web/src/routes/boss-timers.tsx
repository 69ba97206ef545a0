import { PageHeader } from "../components/page-header.tsx";
import { useSyncStatus, useTimers } from "../data/hooks.ts";
import { useSession } from "../features/auth/session-store.ts";
import { BossTimerGrid } from "../features/boss-timers/boss-timer-grid.tsx";
import { bossGridState } from "../features/boss-timers/grid-state.ts";
import { useOnline } from "../features/boss-timers/use-online.ts";
import { useStartTimer } from "../features/boss-timers/use-start-timer.tsx";
import { useConfigStore } from "../features/brand/brand-store.ts";
import { useDocumentTitle } from "../features/brand/use-document-title.ts";

/** The public boss timer page: anyone watches, a logged-in account starts timers, nobody resets here. */
export function BossTimersPage() {
  useDocumentTitle((brand) => `Boss Timers - ${brand}`);
  const rows = useTimers();
  const sync = useSyncStatus("timers");
  const online = useOnline();
  const session = useSession();
  const guildTimeZone = useConfigStore((config) => config.timeZone);
  const { onActivate, footerFor } = useStartTimer({
    canStart: session.status === "authenticated",
    redirect: "/boss-timers",
  });
  return (
    <>
      <PageHeader title="Boss Timers" subtitle="Click on an available boss to start their respawn timer." />
      <BossTimerGrid
        state={bossGridState(rows, sync, online)}
        guildTimeZone={guildTimeZone}
        onActivate={onActivate}
        footerFor={footerFor}
      />
    </>
  );
}

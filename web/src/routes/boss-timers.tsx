import { PageHeader } from "../components/page-header.tsx";
import { BossTimerGrid } from "../features/boss-timers/boss-timer-grid.tsx";
import { SpawnSoundToggle } from "../features/boss-timers/spawn-sound-toggle.tsx";
import { SpawnAlertsButton } from "../features/spawn-alerts/spawn-alerts-button.tsx";
import { LastSynced } from "../features/sync-status/last-synced.tsx";
import { CheckInsOnBossPage, useBossTimersPage } from "./-components/use-boss-timers-page.tsx";

const COLLECTIONS = ["timers"] as const;

/** The public boss timer page: anyone watches, a logged-in account starts timers, nobody resets here. */
export function BossTimersPage() {
  const { timers, guildTimeZone, onActivate, footerFor } = useBossTimersPage("/boss-timers");
  return (
    <>
      <PageHeader
        title="Boss Timers"
        subtitle="Click on an available boss to start their respawn timer."
        actions={
          <>
            <SpawnAlertsButton />
            <SpawnSoundToggle />
            <LastSynced collections={COLLECTIONS} />
          </>
        }
      />
      <CheckInsOnBossPage timers={timers} place="above" />
      <BossTimerGrid
        state={timers}
        guildTimeZone={guildTimeZone}
        onActivate={onActivate}
        footerFor={footerFor}
      />
      <CheckInsOnBossPage timers={timers} place="below" />
    </>
  );
}

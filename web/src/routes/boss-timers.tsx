import { lazy, Suspense, useEffect, useState } from "react";
import { PageHeader } from "../components/page-header.tsx";
import { BossTimerGrid } from "../features/boss-timers/boss-timer-grid.tsx";
import { SpawnSoundToggle } from "../features/boss-timers/spawn-sound-toggle.tsx";
import { SpawnAlertsButton } from "../features/spawn-alerts/spawn-alerts-button.tsx";
import { LastSynced } from "../features/sync-status/last-synced.tsx";
import { CheckInsOnBossPage, useBossTimersPage } from "./-components/use-boss-timers-page.tsx";

const COLLECTIONS = ["timers"] as const;

/**
 * Decision 088: the boss page's first download has no room for a chart. Decision 094: its code is fetched once the
 * page is idle with its timers, so the button only has to draw it.
 */
const loadNightAhead = () => import("./-components/night-ahead.tsx");
const NightAhead = lazy(loadNightAhead);

/** The public boss timer page: anyone watches, a logged-in account starts timers, nobody resets here. */
export function BossTimersPage() {
  const { timers, guildTimeZone, onActivate, footerFor } = useBossTimersPage("/boss-timers");
  const [ahead, setAhead] = useState(false);
  const ready = timers.status === "ready";
  useEffect(() => {
    if (!ready) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 500));
    // Offline without the precache it fails quietly: the lazy import asks again when the chart is opened.
    idle(() => void loadNightAhead().catch(() => undefined));
  }, [ready]);
  return (
    <>
      <PageHeader
        title="Boss Timers"
        subtitle="Click on an available boss to start their respawn timer."
        actions={
          <>
            <SpawnAlertsButton />
            <SpawnSoundToggle />
            <button
              type="button"
              aria-expanded={ahead}
              onClick={() => setAhead(!ahead)}
              className="min-h-11 rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-gold/60"
            >
              Next 24 hours
            </button>
            <LastSynced collections={COLLECTIONS} />
          </>
        }
      />
      {ahead && timers.status === "ready" ? (
        <div className="mb-6">
          <Suspense fallback={null}>
            <NightAhead rows={timers.data} zone={guildTimeZone} />
          </Suspense>
        </div>
      ) : null}
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

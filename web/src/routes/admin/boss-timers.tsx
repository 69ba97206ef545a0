import { Card } from "@web/components/card.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import {
  ResetAllButton,
  ResetTimerButton,
  TestTimerControl,
  useTimerAdmin,
} from "@web/features/boss-timers/admin-timer-controls.tsx";
import { startableBosses } from "@web/features/boss-timers/boss-cards.ts";
import { BossTimerGrid } from "@web/features/boss-timers/boss-timer-grid.tsx";
import { MaintenanceControl } from "@web/features/boss-timers/maintenance-control.tsx";
import { SpawnSoundToggle } from "@web/features/boss-timers/spawn-sound-toggle.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { CheckInsOnBossPage, useBossTimersPage } from "../-components/use-boss-timers-page.tsx";

/**
 * The admin boss timers: start, reset one or all, 10-second test timers, and the officers' timer tools ("Didn't
 * spawn" on a card, "Server maintenance" for every boss: decision 076). Everyone sees the changes.
 */
export function AdminBossTimersPage() {
  const { timers, guildTimeZone, onActivate, footerFor, afterMaintenance } =
    useBossTimersPage("/admin/boss-timers");
  const online = useOnline();
  const { reset, startTest } = useTimerAdmin();
  const startable = timers.status === "ready" ? startableBosses(timers.data) : [];

  return (
    <>
      <PageHeader
        title="Boss Timers"
        subtitle="Start, reset and test boss respawn timers. Changes to the timers are visible to all users."
        actions={<SpawnSoundToggle />}
      />
      <Card className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <TestTimerControl bosses={startable} onCreate={(boss) => void startTest(boss)} />
        <div className="flex flex-wrap gap-2">
          <MaintenanceControl afterMaintenance={afterMaintenance} online={online} />
          <ResetAllButton onConfirm={() => void reset()} />
        </div>
      </Card>
      <CheckInsOnBossPage timers={timers} place="above" />
      <BossTimerGrid
        state={timers}
        guildTimeZone={guildTimeZone}
        onActivate={onActivate}
        footerFor={(row, card) =>
          footerFor(row, card) ??
          (card.state === "on-cooldown" ? (
            <ResetTimerButton bossName={row.bossName} onReset={() => void reset(row.bossName)} />
          ) : null)
        }
      />
      <CheckInsOnBossPage timers={timers} place="below" />
    </>
  );
}

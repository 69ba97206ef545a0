import { lazy, type ReactNode, Suspense } from "react";
import { isStaff } from "@shared/contract/roles.ts";
import { useSyncStatus, useTimers } from "@web/data/hooks.ts";
import type { BossTimerRow } from "@web/data/portal-db.ts";
import type { BossCard } from "@web/features/boss-timers/boss-cards.ts";
import type { GridState } from "@web/features/boss-timers/boss-timer-grid.tsx";
import { NoSpawnButton, useNoSpawn } from "@web/features/boss-timers/no-spawn.tsx";
import { useStartTimer } from "@web/features/boss-timers/use-start-timer.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useSession } from "@web/lib/session-store.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useGuildTimeZone } from "./use-guild-time-zone.ts";

/**
 * What the public and the admin boss timer pages share: the title, the cached timers, the guild's time zone
 * (decision 059: the cards wait for it, so no time is shown in the wrong zone first) and starting a timer from a
 * card (any logged-in account may; the login link returns to `next`). An officer or admin also gets "Didn't spawn"
 * on each card whose spawn time has passed (decision 076), on both pages.
 */
export function useBossTimersPage(next: string) {
  useDocumentTitle((brand) => `Boss Timers - ${brand}`);
  const rows = collectionState(useTimers(), useSyncStatus("timers"), useOnline(), hasRows);
  const zone = useGuildTimeZone();
  const timers: GridState<BossTimerRow> = rows.status === "ready" && zone.status === "loading" ? zone : rows;
  const guildTimeZone = zone.status === "ready" ? zone.zone : null;
  const session = useSession();
  const { onActivate, footerFor: startFooter } = useStartTimer({
    canStart: session.status === "authenticated",
    next,
  });
  const staff = session.status === "authenticated" && isStaff(session.user.role);
  const noSpawn = useNoSpawn();
  const footerFor = (row: BossTimerRow, card: BossCard): ReactNode => {
    const start = startFooter(row);
    if (start !== null || !staff || card.fixed || card.state !== "available" || row.endTime == null)
      return start;
    const expectedSpawn = new Date(row.endTime);
    return (
      <NoSpawnButton bossName={row.bossName} onNoSpawn={() => void noSpawn(row.bossName, expectedSpawn)} />
    );
  };
  const afterMaintenance = zone.status === "ready" ? zone.settings?.afterMaintenance : undefined;
  return { timers, guildTimeZone, onActivate, footerFor, staff, afterMaintenance };
}

/**
 * Loaded once someone is signed in, through signed-in-parts.ts: a visitor's boss page carries neither the check-ins nor
 * the list of their chunks (decision 080).
 */
const BossPageCheckIns = lazy(async () => ({
  default: await (await import("@web/signed-in-parts.ts")).signedInParts.bossPageCheckIns(),
}));

/**
 * For a signed-in account: above the grid the open check-ins, below it (for an officer) the kills to open one for.
 */
export function CheckInsOnBossPage({
  timers,
  place,
}: {
  timers: GridState<BossTimerRow>;
  place: "above" | "below";
}) {
  const session = useSession();
  const online = useOnline();
  if (session.status !== "authenticated") return null;
  return (
    <Suspense fallback={null}>
      <BossPageCheckIns
        place={place}
        userId={session.user.id}
        staff={isStaff(session.user.role)}
        timers={timers.status === "ready" ? timers.data : []}
        online={online}
      />
    </Suspense>
  );
}

/** My page's next spawns: the next few bosses in the boss page's order, the spawn alerts, and the way to the boss page. */
import { Timer } from "lucide-react";
import type { ReactNode } from "react";
import { LoadingRegion } from "@web/components/loading-region.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { HomeSection, MoreLink } from "./raider-home-layout.tsx";

export interface NextSpawn {
  bossName: string;
  /** 'Ready', or 'Xh Ym' until the spawn. */
  remaining: string;
  /** The spawn's clock time: '3:00 PM', or the guild's and the viewer's where their clocks differ. */
  at: string;
}

export type NextSpawnsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; spawns: readonly NextSpawn[] };

export const NO_SPAWNS_KNOWN = "No spawn times are known yet.";

function Spawns({ state }: { state: NextSpawnsState }) {
  if (state.status === "loading") {
    return (
      <LoadingRegion>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  }
  if (state.status === "error") return <p className="text-sm text-ink-muted">{state.message}</p>;
  if (state.spawns.length === 0) return <p className="text-sm text-ink-muted">{NO_SPAWNS_KNOWN}</p>;
  return (
    <ul className="divide-y divide-line">
      {state.spawns.map((spawn) => (
        <li key={spawn.bossName} className="flex items-baseline justify-between gap-3 py-2">
          <span className="min-w-0 truncate font-medium text-ink">{spawn.bossName}</span>
          <span className="shrink-0 text-right text-sm tabular-nums">
            <span className={spawn.remaining === "Ready" ? "font-semibold text-gold" : "text-ink"}>
              {spawn.remaining}
            </span>
            <span className="block text-xs text-ink-muted" data-testid="spawn-at">
              {spawn.at}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** `alerts`: the boss page's spawn-alerts button, which the route brings (features do not import each other). */
export function NextSpawnsCard({ state, alerts }: { state: NextSpawnsState; alerts: ReactNode }) {
  return (
    <HomeSection
      title="Next spawns"
      icon={<Timer className="size-5" aria-hidden="true" />}
      action={alerts}
      testId="next-spawns"
    >
      <Spawns state={state} />
      <MoreLink to="/boss-timers">All boss timers</MoreLink>
    </HomeSection>
  );
}

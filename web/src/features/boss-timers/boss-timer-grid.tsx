/**
 * The boss timer grid (docs/product.md#boss-timers): 10 skeleton cards while loading, the fetch error when nothing
 * is cached, 'No boss data available.' for an empty list, otherwise a card per boss. Used by the public page
 * and, with a footer per card, by the admin timer page. While it shows cards, it also toasts each spawn that
 * happens (SpawnToasts): both timer pages alert, no other page does (decision 040).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { isShownInGrid } from "@shared/bosses/boss-schedule.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { Skeleton } from "@web/components/skeleton.tsx";
import { BossCardView } from "./boss-card.tsx";
import {
  anyRunning,
  type BossCard,
  type BossTimerInput,
  gridBosses,
  inHeldOrder,
  ORDER_HOLD_MS,
  toBossCard,
} from "./boss-cards.ts";
import { SpawnToasts } from "./spawn-toasts.tsx";
import { useClock } from "./use-clock.ts";

export const SKELETON_CARDS = 10;
export const COUNTDOWN_TICK_MS = 1_000;
export const NEXT_SPAWN_REFRESH_MS = 60_000;
export const NO_BOSS_DATA = "No boss data available.";
/** The boss timer fetch's fallback message (docs/product.md#boss-timers). */
export const FETCH_BOSS_TIMERS_FAILED = "Failed to fetch boss timers";
export const bossDataError = (message: string) =>
  `Error fetching boss data: ${message || FETCH_BOSS_TIMERS_FAILED}`;

/** The shape of the pages' cached-collection state (features/sync-status collectionState fits). */
export type GridState<T extends BossTimerInput> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: readonly T[] };

const SKELETON_KEYS = Array.from({ length: SKELETON_CARDS }, (_, index) => `skeleton-${index}`);

const gridClass = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";

function GridSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading">
      <ul className={gridClass}>
        {SKELETON_KEYS.map((key) => (
          <li
            key={key}
            className="rounded-2xl border border-line bg-surface p-4"
            data-testid="boss-card-skeleton"
          >
            <div className="flex items-start justify-between gap-3">
              <Skeleton className="h-7 w-1/2" />
              <Skeleton className="h-6 w-20 rounded-full" />
            </div>
            <Skeleton className="mt-6 h-4 w-2/5" />
            <Skeleton className="mt-3 h-4 w-1/3" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The grid's order, held for ORDER_HOLD_MS after the last tap inside it (decision 076): a card a tap changes (a
 * start, "Didn't spawn") moves to its new place only once the hold ends, never from under the finger. `onTap` starts
 * or renews the hold; when it ends the grid renders again in the order of the moment.
 */
function useHeldOrder<T extends BossTimerInput>(sorted: T[]): { rows: T[]; onTap: () => void } {
  const held = useRef<string[] | null>(null);
  const [holdEnds, setHoldEnds] = useState(0);
  useEffect(() => {
    if (holdEnds === 0) return;
    const timer = setTimeout(
      () => {
        held.current = null;
        setHoldEnds(0);
      },
      Math.max(0, holdEnds - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [holdEnds]);
  const rows = held.current === null ? sorted : inHeldOrder(sorted, held.current);
  const onTap = () => {
    held.current = rows.map((row) => row.bossName);
    setHoldEnds(Date.now() + ORDER_HOLD_MS);
  };
  return { rows, onTap };
}

function Cards<T extends BossTimerInput>({
  rows,
  guildTimeZone,
  onActivate,
  footerFor,
}: {
  rows: readonly T[];
  guildTimeZone: string | null;
  onActivate: (row: T, card: BossCard) => void;
  footerFor?: (row: T, card: BossCard) => ReactNode;
}) {
  // Countdowns tick every second while one runs; otherwise next spawns and the order are recalculated every
  // minute (docs/product.md#constants-and-limits).
  const minute = useClock(NEXT_SPAWN_REFRESH_MS);
  const seconds = useClock(anyRunning(rows, Math.max(Date.now(), minute)) ? COUNTDOWN_TICK_MS : null);
  // A render between ticks (a timer just started) reads the clock itself, so a fresh countdown never shows
  // more than its span.
  const now = Math.max(seconds, minute, Date.now());
  const held = useHeldOrder(gridBosses(rows, now, guildTimeZone));
  return (
    <ul className={gridClass} onPointerDownCapture={held.onTap} onClickCapture={held.onTap}>
      {held.rows.map((row) => {
        const card = toBossCard(row, now, guildTimeZone);
        return (
          <BossCardView
            key={row.bossName}
            card={card}
            onActivate={() => onActivate(row, card)}
            footer={footerFor?.(row, card)}
          />
        );
      })}
    </ul>
  );
}

export function BossTimerGrid<T extends BossTimerInput>({
  state,
  guildTimeZone,
  onActivate,
  footerFor,
}: {
  state: GridState<T>;
  guildTimeZone: string | null;
  /** An available card was pressed (never called for cards on cooldown or fixed-schedule ones). */
  onActivate: (row: T, card: BossCard) => void;
  footerFor?: (row: T, card: BossCard) => ReactNode;
}) {
  if (state.status === "loading") return <GridSkeleton />;
  if (state.status === "error") {
    return <ErrorAlert message={bossDataError(state.message)} />;
  }
  const rows = state.data.filter((row) => isShownInGrid(row.respawnTimeHours));
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-line bg-surface p-6 text-center text-ink-muted">
        {NO_BOSS_DATA}
      </p>
    );
  }
  return (
    <>
      <SpawnToasts rows={rows} guildTimeZone={guildTimeZone} />
      <Cards rows={rows} guildTimeZone={guildTimeZone} onActivate={onActivate} footerFor={footerFor} />
    </>
  );
}

/**
 * How screens read the local store. Each hook returns the cached rows as soon as the data layer has
 * loaded and IndexedDB has answered (undefined until then) and follows every change, including pulls,
 * which replace a table in one transaction and so never show it empty.
 *
 * The hooks subscribe to Dexie's liveQuery through the lazily loaded layer (app.ts) rather than with
 * dexie-react-hooks, whose static import would put Dexie into every page's first download (decision 014).
 */
import { type DependencyList, startTransition, useEffect, useState } from "react";
import { useStore } from "zustand";
import { type AppLayer, useAppLayer } from "./app.ts";
import { createLayerStore } from "./layer-state.ts";
import type {
  AttendanceRecord,
  BossNameRow,
  BossTimerRow,
  CollectionName,
  GuildFunds,
  GuildMember,
  MarketItem,
  SalaryReceipt,
} from "./portal-db.ts";
import type { MemberFilter, OutboxSummary, StoredSyncStatus } from "./queries.ts";

type Reading<T> = { value: T } | { error: unknown } | undefined;

/**
 * The latest result of `read` against the local store, re-run whenever the tables it read change and
 * whenever `deps` change. `initial` until the first result; an IndexedDB failure is thrown to the page's
 * error boundary, as useLiveQuery would.
 */
export function useLocalQuery<T, I = undefined>(
  read: (layer: AppLayer) => Promise<T>,
  deps: DependencyList,
  initial?: I,
): T | I {
  const layer = useAppLayer();
  const [reading, setReading] = useState<Reading<T>>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is re-created every render; `deps` name what it reads.
  useEffect(() => {
    if (!layer) return;
    const subscription = layer
      .liveQuery(() => read(layer))
      .subscribe({
        // A transition: React renders what the new rows change in short slices, so a pull that lands
        // while the page starts (or a large table) does not hold up input or the next frame (decision 015).
        next: (value) => startTransition(() => setReading({ value })),
        error: (error: unknown) => setReading({ error }),
      });
    return () => subscription.unsubscribe();
  }, [layer, ...deps]);
  if (reading && "error" in reading) throw reading.error;
  return reading ? reading.value : (initial as I);
}

export function useGuildMembers(filter: MemberFilter = {}): GuildMember[] | undefined {
  const { status } = filter;
  return useLocalQuery((layer) => layer.readGuildMembers(layer.portalDb(), { status }), [status]);
}

export function useMarketItems(): MarketItem[] | undefined {
  return useLocalQuery((layer) => layer.readMarketItems(layer.portalDb()), []);
}

export function useBossNames(): BossNameRow[] | undefined {
  return useLocalQuery((layer) => layer.readBossNames(layer.portalDb()), []);
}

export function useTimers(): BossTimerRow[] | undefined {
  return useLocalQuery((layer) => layer.readTimers(layer.portalDb()), []);
}

export function useAttendance(): AttendanceRecord[] | undefined {
  return useLocalQuery((layer) => layer.readAttendance(layer.portalDb()), []);
}

/** undefined while reading; null when never synced. */
export function useFunds(): GuildFunds | null | undefined {
  return useLocalQuery((layer) => layer.readFunds(layer.portalDb()), []);
}

/** undefined while reading; null when never synced. */
export function useSalaryReceipt(): SalaryReceipt | null | undefined {
  return useLocalQuery((layer) => layer.readSalaryReceipt(layer.portalDb()), []);
}

export interface SyncStatus {
  /** When the cached rows were last refreshed (ms since epoch); null: never. */
  lastSyncedAt: number | null;
  /** Why the last refresh failed; null once one succeeds. The cached rows stay either way. */
  error: string | null;
  syncing: boolean;
}

/** Before the layer loads: nothing is syncing and the outbox is not paused. */
const idleStore = createLayerStore();

export function useSyncStatus(collection: CollectionName): SyncStatus {
  const stored = useLocalQuery<StoredSyncStatus>(
    (layer) => layer.readSyncStatus(layer.portalDb(), collection),
    [collection],
  );
  const layer = useAppLayer();
  const syncing = useStore(
    layer?.appLayerStore() ?? idleStore,
    (state) => state.syncing[collection] ?? false,
  );
  return { lastSyncedAt: stored?.lastSyncedAt ?? null, error: stored?.error ?? null, syncing };
}

export interface OutboxStatus extends OutboxSummary {
  /** The session expired: the queued writes wait for the next login. */
  paused: boolean;
}

const NO_ROWS: OutboxSummary = { pendingCount: 0, failed: [] };

export function useOutbox(): OutboxStatus {
  const summary = useLocalQuery((layer) => layer.readOutboxSummary(layer.portalDb()), [], NO_ROWS);
  const layer = useAppLayer();
  const paused = useStore(layer?.appLayerStore() ?? idleStore, (state) => state.paused);
  return { ...summary, paused };
}

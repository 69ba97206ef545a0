/**
 * How screens read the local store. Each hook returns the cached rows as soon as the data layer has
 * loaded and IndexedDB has answered (undefined until then) and follows every change, including pulls,
 * which replace a table in one transaction and so never show it empty.
 *
 * The hooks subscribe to Dexie's liveQuery through the lazily loaded layer (lazy-data-layer.ts) rather than with
 * dexie-react-hooks, whose static import would put Dexie into every page's first download (decision 014).
 */
import { type DependencyList, startTransition, useEffect, useState } from "react";
import type { SplitRuleText } from "@shared/salary/split-rules.ts";
import type { FundSpending } from "@shared/schemas/fund-spending.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import { api } from "../lib/api-client.ts";
import { type AppLayer, useAppLayer } from "./lazy-data-layer.ts";
import type {
  AttendanceRecord,
  BossNameRow,
  BossTimerRow,
  CollectionName,
  GuildFunds,
  GuildMember,
  GuildSettings,
  MarketItem,
  SalaryReceipt,
} from "./portal-db.ts";
import { createLayerStore, type LayerState } from "./pull-and-send-state.ts";
import type { MemberFilter, OutboxSummary, StoredSyncStatus } from "./queries.ts";
import type { WaitingWrites } from "./write-owner.ts";

/** Which refused writes only Discard can settle: timer starts too old to record (decision 036). */
export { isTooOldToRecord, TOO_OLD_TO_RECORD, TOO_OLD_TO_RECORD_DETAIL } from "./too-old-starts.ts";

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

export function usePayouts(): Payout[] | undefined {
  return useLocalQuery((layer) => layer.readPayouts(layer.portalDb()), []);
}

export function useFundSpending(): FundSpending[] | undefined {
  return useLocalQuery((layer) => layer.readFundSpending(layer.portalDb()), []);
}

/** undefined while reading; null when never synced. */
export function useFunds(): GuildFunds | null | undefined {
  return useLocalQuery((layer) => layer.readFunds(layer.portalDb()), []);
}

/** The guild's settings, its time zone first (decision 059). undefined while reading; null when never synced. */
export function useGuildSettings(): GuildSettings | null | undefined {
  return useLocalQuery((layer) => layer.readGuildSettings(layer.portalDb()), []);
}

const NO_SPLIT_RULES: readonly SplitRuleText[] = [];

/**
 * The guild's split rules as synced (decision 075), oldest first; none (the default split for every item) until the
 * settings are read, and in settings stored before the rules existed. splitRuleBookOf makes them the engine's.
 */
export function useSplitRules(): readonly SplitRuleText[] {
  return useGuildSettings()?.splitRules ?? NO_SPLIT_RULES;
}

/** undefined while reading; null when never synced. */
export function useSalaryReceipt(): SalaryReceipt | null | undefined {
  return useLocalQuery((layer) => layer.readSalaryReceipt(layer.portalDb()), []);
}

/**
 * What the stored receipt (the summary) leaves out, read from the server when asked: one member's items, and
 * the whole receipt for the detailed report. Online only; nothing of it is stored.
 */
export const receiptDetails = {
  // On first use: the reads' declarations bring the shared schemas, which a public page does not load up front.
  loadMemberItems: async (memberName: string) =>
    (await import("./receipt-details.ts")).fetchReceiptMemberItems(api, memberName),
  loadFullReceipt: async () => (await import("./receipt-details.ts")).fetchFullReceipt(api),
};

export interface SyncStatus {
  /** When the cached rows were last refreshed (ms since epoch); null: never. */
  lastSyncedAt: number | null;
  /** Why the last refresh failed; null once one succeeds. The cached rows stay either way. */
  error: string | null;
  syncing: boolean;
}

/** Before the layer loads: nothing is syncing and the outbox is not paused. */
const idleStore = createLayerStore();

type SyncStatuses = Partial<Record<CollectionName, StoredSyncStatus>>;

/**
 * Every collection's stored sync status from one live query that all useSyncStatus calls share. A page
 * shows several collections' status at once (the "Last synced" line, each card, the offline banner), and
 * one read per change serves them all instead of one read per component and collection.
 */
const syncStatusFeed = (() => {
  let latest: Reading<SyncStatuses>;
  const listeners = new Set<(reading: Reading<SyncStatuses>) => void>();
  let subscription: { unsubscribe(): void } | undefined;
  const publish = (reading: Reading<SyncStatuses>) => {
    latest = reading;
    for (const listener of listeners) listener(reading);
  };
  return {
    latest: () => latest,
    subscribe(layer: AppLayer, listener: (reading: Reading<SyncStatuses>) => void): () => void {
      listeners.add(listener);
      subscription ??= layer
        .liveQuery(() => layer.readSyncStatuses(layer.portalDb()))
        .subscribe({ next: (value) => publish({ value }), error: (error: unknown) => publish({ error }) });
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        subscription?.unsubscribe();
        subscription = undefined;
        latest = undefined;
      };
    },
  };
})();

function useSyncStatuses(): SyncStatuses | undefined {
  const layer = useAppLayer();
  const [reading, setReading] = useState<Reading<SyncStatuses>>();
  useEffect(() => {
    if (!layer) return;
    const known = syncStatusFeed.latest();
    if (known) setReading(known);
    return syncStatusFeed.subscribe(layer, (next) => startTransition(() => setReading(next)));
  }, [layer]);
  if (reading && "error" in reading) throw reading.error;
  return reading?.value;
}

export function useSyncStatus(collection: CollectionName): SyncStatus {
  const stored = useSyncStatuses()?.[collection];
  const syncing = useLayerState((state) => state.syncing[collection] ?? false, [collection]);
  return { lastSyncedAt: stored?.lastSyncedAt ?? null, error: stored?.error ?? null, syncing };
}

/**
 * A value from the data layer's in-memory state (pull-and-send-state.ts), followed as a transition: a pull starting
 * or ending flips a flag that every status line on the page shows, and those re-renders need not block.
 */
function useLayerState<T>(select: (state: LayerState) => T, deps: DependencyList): T {
  const layer = useAppLayer();
  const store = layer?.appLayerStore() ?? idleStore;
  const [value, setValue] = useState(() => select(store.getState()));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `select` is re-created every render; `deps` name what it reads.
  useEffect(() => {
    const follow = () => {
      const next = select(store.getState());
      startTransition(() => setValue(() => next));
    };
    follow();
    return store.subscribe(follow);
  }, [store, ...deps]);
  return value;
}

export interface OutboxStatus extends OutboxSummary {
  /** The session expired: the queued writes wait for the next login. */
  paused: boolean;
}

const NO_ROWS: OutboxSummary = { pendingCount: 0, failed: [] };

export function useOutbox(): OutboxStatus {
  const summary = useLocalQuery((layer) => layer.readOutboxSummary(layer.portalDb()), [], NO_ROWS);
  const paused = useLayerState((state) => state.paused, []);
  return { ...summary, paused };
}

const NOBODY_WAITING: WaitingWrites[] = [];

/** Queued writes of other accounts than the one signed in, which wait for their owner's next sign-in. */
export function useWritesWaitingForOthers(): WaitingWrites[] {
  return useLocalQuery((layer) => layer.readWritesWaitingForOthers(layer.portalDb()), [], NOBODY_WAITING);
}

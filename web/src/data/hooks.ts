/**
 * How screens read the local store. Each hook returns the cached rows at once (undefined only until the
 * first read from IndexedDB) and follows every change, including pulls, which replace a table in one
 * transaction and so never show it empty.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useStore } from "zustand";
import { appLayerStore, portalDb } from "./data-layer.ts";
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
import {
  type MemberFilter,
  type OutboxSummary,
  readAttendance,
  readBossNames,
  readFunds,
  readGuildMembers,
  readMarketItems,
  readOutboxSummary,
  readSalaryReceipt,
  readSyncStatus,
  readTimers,
} from "./queries.ts";

export function useGuildMembers(filter: MemberFilter = {}): GuildMember[] | undefined {
  const { status } = filter;
  return useLiveQuery(() => readGuildMembers(portalDb(), { status }), [status]);
}

export function useMarketItems(): MarketItem[] | undefined {
  return useLiveQuery(() => readMarketItems(portalDb()), []);
}

export function useBossNames(): BossNameRow[] | undefined {
  return useLiveQuery(() => readBossNames(portalDb()), []);
}

export function useTimers(): BossTimerRow[] | undefined {
  return useLiveQuery(() => readTimers(portalDb()), []);
}

export function useAttendance(): AttendanceRecord[] | undefined {
  return useLiveQuery(() => readAttendance(portalDb()), []);
}

/** undefined while reading; null when never synced. */
export function useFunds(): GuildFunds | null | undefined {
  return useLiveQuery(() => readFunds(portalDb()), []);
}

/** undefined while reading; null when never synced. */
export function useSalaryReceipt(): SalaryReceipt | null | undefined {
  return useLiveQuery(() => readSalaryReceipt(portalDb()), []);
}

export interface SyncStatus {
  /** When the cached rows were last refreshed (ms since epoch); null: never. */
  lastSyncedAt: number | null;
  /** Why the last refresh failed; null once one succeeds. The cached rows stay either way. */
  error: string | null;
  syncing: boolean;
}

export function useSyncStatus(collection: CollectionName): SyncStatus {
  const stored = useLiveQuery(() => readSyncStatus(portalDb(), collection), [collection]);
  const syncing = useStore(appLayerStore(), (state) => state.syncing[collection] ?? false);
  return { lastSyncedAt: stored?.lastSyncedAt ?? null, error: stored?.error ?? null, syncing };
}

export interface OutboxStatus extends OutboxSummary {
  /** The session expired: the queued writes wait for the next login. */
  paused: boolean;
}

const NO_ROWS: OutboxSummary = { pendingCount: 0, failed: [] };

export function useOutbox(): OutboxStatus {
  const summary = useLiveQuery(() => readOutboxSummary(portalDb()), [], NO_ROWS);
  const paused = useStore(appLayerStore(), (state) => state.paused);
  return { ...summary, paused };
}

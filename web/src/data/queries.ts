/**
 * Reads of the local store, shaped for screens. Plain async functions so hooks.ts can wrap them in
 * useLiveQuery and tests can call them directly.
 */

import type { FundSpending } from "@shared/schemas/fund-spending.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import type {
  AttendanceRecord,
  BossNameRow,
  BossTimerRow,
  CollectionName,
  GuildFunds,
  GuildMember,
  GuildSettings,
  MarketItem,
  OutboxRow,
  PortalDb,
  SalaryReceipt,
} from "./portal-db.ts";
import { SINGLE_ROW_SLOT } from "./portal-db.ts";
import { ownedBy, readViewer, readWaitingForOthers, type WaitingWrites } from "./write-owner.ts";

export interface MemberFilter {
  /** Omitted: every member the cache holds (admins: all statuses; the public roster: as served). */
  status?: string;
}

export function readGuildMembers(db: PortalDb, filter: MemberFilter = {}): Promise<GuildMember[]> {
  const { status } = filter;
  return status === undefined
    ? db.guildMembers.toArray()
    : db.guildMembers.where("status").equals(status).toArray();
}

export function readMarketItems(db: PortalDb): Promise<MarketItem[]> {
  return db.marketItems.toArray();
}

export function readBossNames(db: PortalDb): Promise<BossNameRow[]> {
  return db.bossNames.toArray();
}

export function readTimers(db: PortalDb): Promise<BossTimerRow[]> {
  return db.timers.toArray();
}

export function readAttendance(db: PortalDb): Promise<AttendanceRecord[]> {
  return db.attendance.toArray();
}

export function readPayouts(db: PortalDb): Promise<Payout[]> {
  return db.payouts.toArray();
}

export function readFundSpending(db: PortalDb): Promise<FundSpending[]> {
  return db.fundSpending.toArray();
}

/** Null when nothing has been synced yet. */
export async function readFunds(db: PortalDb): Promise<GuildFunds | null> {
  return (await db.funds.get(SINGLE_ROW_SLOT))?.value ?? null;
}

/** Null when nothing has been synced yet. */
export async function readSalaryReceipt(db: PortalDb): Promise<SalaryReceipt | null> {
  return (await db.salaryReceipt.get(SINGLE_ROW_SLOT))?.value ?? null;
}

/** Null when nothing has been synced yet. */
export async function readGuildSettings(db: PortalDb): Promise<GuildSettings | null> {
  return (await db.guildSettings.get(SINGLE_ROW_SLOT))?.value ?? null;
}

export interface StoredSyncStatus {
  lastSyncedAt: number | null;
  error: string | null;
}

export async function readSyncStatus(db: PortalDb, collection: CollectionName): Promise<StoredSyncStatus> {
  const meta = await db.syncMeta.get(collection);
  return { lastSyncedAt: meta?.lastSyncedAt ?? null, error: meta?.lastError ?? null };
}

/** Every collection's stored sync status; a collection that was never pulled is missing. */
export async function readSyncStatuses(
  db: PortalDb,
): Promise<Partial<Record<CollectionName, StoredSyncStatus>>> {
  const metas = await db.syncMeta.toArray();
  return Object.fromEntries(
    metas.map((meta) => [meta.collection, { lastSyncedAt: meta.lastSyncedAt, error: meta.lastError }]),
  );
}

export interface OutboxSummary {
  /** Rows waiting to be sent or being sent. */
  pendingCount: number;
  /** Rows the server refused, oldest first, each with lastError and lastStatus. */
  failed: OutboxRow[];
}

/** The queued writes of the account the live tables are for (write-owner.ts); others' wait unseen. */
export async function readOutboxSummary(db: PortalDb): Promise<OutboxSummary> {
  const viewer = await readViewer(db);
  const rows = (await db.outbox.orderBy("seq").toArray()).filter((row) => ownedBy(row, viewer));
  return {
    pendingCount: rows.filter((row) => row.status !== "failed").length,
    failed: rows.filter((row) => row.status === "failed"),
  };
}

/** Queued writes waiting for another account than the one signed in, per account (the login page). */
export async function readWritesWaitingForOthers(db: PortalDb): Promise<WaitingWrites[]> {
  return readWaitingForOthers(db, await readViewer(db));
}

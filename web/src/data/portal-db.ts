/**
 * The local store: one IndexedDB database (Dexie) holding the last synced copy of every collection, the
 * server's base copy each collection was rebuilt from, sync bookkeeping and the outbox of queued writes.
 * Only web/src/data touches it. Versions only ever add: a new schema is a new `this.version(n)` below the
 * old ones, never a delete of the database, so queued writes and cached data survive app updates.
 */
import Dexie, { type DexieOptions, type Table } from "dexie";
import type { WriteConflict } from "@shared/merge/write-conflict.ts";
import type { SalaryReceipt } from "@shared/salary/calculate-salaries.ts";
import type { AttendanceRecord } from "@shared/schemas/attendance.ts";
import type { BossName } from "@shared/schemas/boss-names.ts";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import type { FundSpending } from "@shared/schemas/fund-spending.ts";
import type { GuildSettings } from "@shared/schemas/guild-settings.ts";
import type { GuildFunds, MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import { parseRememberedUser, REMEMBERED_USER_KEY } from "../lib/session-store.ts";

export const DATABASE_NAME = "guild-portal";

// Each table stores the API's answer rows as they arrive (superjson: money as decimal strings, dates as Dates);
// their types are the API's own, declared next to its schemas in shared/schemas.
export type { AttendanceRecord, GuildFunds, GuildMember, GuildSettings, SalaryReceipt };
export type MarketItem = MarketExchangeItem;
export type BossNameRow = BossName;
export type BossTimerRow = BossTimer;

export const SINGLE_ROW_SLOT = "current";

/** Tables that hold one answer object rather than a list. */
export interface SingleRow<T> {
  slot: typeof SINGLE_ROW_SLOT;
  value: T;
}

/** Every synced collection and the row type its table stores. */
export interface CollectionRows {
  guildMembers: GuildMember;
  marketItems: MarketItem;
  bossNames: BossNameRow;
  timers: BossTimerRow;
  attendance: AttendanceRecord;
  funds: SingleRow<GuildFunds>;
  salaryReceipt: SingleRow<SalaryReceipt>;
  payouts: Payout;
  fundSpending: FundSpending;
  guildSettings: SingleRow<GuildSettings>;
}

export type CollectionName = keyof CollectionRows;

/** The primary key of each collection's table; it also names the field a pulled row must carry. */
export const KEY_PATHS = {
  guildMembers: "id",
  marketItems: "id",
  bossNames: "id",
  timers: "bossName",
  attendance: "id",
  funds: "slot",
  salaryReceipt: "slot",
  payouts: "id",
  fundSpending: "id",
  guildSettings: "slot",
} as const satisfies Record<CollectionName, string>;

export const COLLECTION_NAMES = Object.keys(KEY_PATHS) as CollectionName[];

export function isSingleRow(collection: CollectionName): boolean {
  return KEY_PATHS[collection] === "slot";
}

export type RowKey = number | string;

export function keyOf(collection: CollectionName, row: unknown): RowKey {
  return (row as Record<string, RowKey>)[KEY_PATHS[collection]] as RowKey;
}

export interface SyncMeta {
  collection: CollectionName;
  /** When the last successful pull was stored (ms since epoch). */
  lastSyncedAt: number | null;
  lastAttemptAt: number | null;
  /** The last pull's error message; null once a pull succeeds. */
  lastError: string | null;
  lastErrorStatus: number | null;
  /** The API path the cached rows came from (public or admin variant). */
  source: string | null;
  /**
   * Raised whenever a write touching this collection is acknowledged by the server. A pull that started
   * before the acknowledgement may predate the write, so it is dropped instead of stored.
   */
  writeVersion: number;
}

/** Where the delta pull stands (changes-pull.ts): the cursor GET /_api/changes gave last. */
export interface SyncCursor {
  slot: string;
  cursor: string;
  /**
   * Rows of the base copies that acknowledged writes changed by their local effect since the cursor: the
   * server's own rows must come in the next delta, or that pull is taken whole.
   */
  guessed?: Partial<Record<CollectionName, RowKey[]>>;
}

/** What the server last said for a collection, plus acknowledged writes not yet seen in a pull. */
export interface BaseSnapshot {
  collection: CollectionName;
  rows: unknown[];
}

export type OutboxStatus = "pending" | "sending" | "failed";

/** The last "My earnings" answer an account received, shown when the device is offline. */
export interface MyEarningsCopy {
  userId: number;
  /** The answer of GET /_api/me/earnings as received (shared/schemas/my-earnings.ts). */
  answer: unknown;
  /** When it was received (epoch ms). */
  savedAt: number;
}

/** The account that queued a write: only its session sends it, and only it sees its effect (decision 039). */
export interface WriteOwner {
  id: number;
  email: string;
  displayName: string;
}

/** What the device keeps about itself: whose queued writes the live tables show (write-owner.ts). */
export interface LocalState {
  /** 'write-check': written and removed as the store opens (open-portal-db.ts), never kept. */
  key: "viewer" | "write-check";
  /** The account whose queued writes are replayed into the live tables; null: nobody's. */
  accountId: number | null;
}

export interface OutboxRow {
  /** Auto-increment: the send order. */
  seq?: number;
  /** Client-made UUID, sent as the Idempotency-Key. */
  id: string;
  /** The mutation's name (see mutations.ts); its local effect is replayed on every rebuild. */
  name: string;
  path: string;
  /** The request body, exactly as sent on every attempt. */
  args: unknown;
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** HTTP status of the last failed attempt; 0 when no answer arrived. */
  lastStatus: number | null;
  /** When a sender took the row; a 'sending' row older than the lease is taken to be abandoned. */
  claimedAt: number | null;
  /** Who queued it (missing only on rows queued before version 3 by a device that remembered nobody). */
  owner?: WriteOwner;
  /** A failed update's 409: a field someone else changed since its base (decision 038, write-conflicts.ts). */
  conflict?: WriteConflict;
}

export class PortalDb extends Dexie {
  guildMembers!: Table<GuildMember, number>;
  marketItems!: Table<MarketItem, number>;
  bossNames!: Table<BossNameRow, number>;
  timers!: Table<BossTimerRow, string>;
  attendance!: Table<AttendanceRecord, number>;
  funds!: Table<SingleRow<GuildFunds>, string>;
  salaryReceipt!: Table<SingleRow<SalaryReceipt>, string>;
  syncMeta!: Table<SyncMeta, CollectionName>;
  baseSnapshots!: Table<BaseSnapshot, CollectionName>;
  outbox!: Table<OutboxRow, number>;
  syncCursor!: Table<SyncCursor, string>;
  localState!: Table<LocalState, string>;
  payouts!: Table<Payout, number>;
  fundSpending!: Table<FundSpending, number>;
  myEarnings!: Table<MyEarningsCopy, number>;
  guildSettings!: Table<SingleRow<GuildSettings>, string>;

  /** `options.indexedDB`: the in-memory one where the browser's is missing or unusable (decisions 037, 056). */
  constructor(name: string = DATABASE_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      guildMembers: "id, playerName, status",
      marketItems: "id, status",
      bossNames: "id, name",
      timers: "bossName",
      attendance: "id",
      funds: "slot",
      salaryReceipt: "slot",
      syncMeta: "collection",
      baseSnapshots: "collection",
      outbox: "++seq, &id, status",
    });
    this.version(2).stores({ syncCursor: "slot" });
    // Rows queued before writes had owners belong to the account the device remembered then (the one that
    // queued them, unless it logged out offline in between); the tables showed them, so they are its view.
    this.version(3)
      .stores({ localState: "key" })
      .upgrade(async (tx) => {
        const owner = rememberedOwner();
        if (!owner) return;
        await tx
          .table<OutboxRow>("outbox")
          .toCollection()
          .modify((row) => {
            row.owner ??= owner;
          });
        await tx.table<LocalState>("localState").put({ key: "viewer", accountId: owner.id });
      });
    // Payouts and fund spending (admins' synced collections) and each account's last "My earnings" answer,
    // readable offline (decisions 049-051).
    this.version(4).stores({ payouts: "id, memberId", fundSpending: "id", myEarnings: "userId" });
    // The guild's settings, its time zone first (decision 059): an offline phone shows the guild's times too.
    this.version(5).stores({ guildSettings: "slot" });
  }

  collection<C extends CollectionName>(name: C): Table<CollectionRows[C], RowKey> {
    return this.table(name);
  }
}

function rememberedOwner(): WriteOwner | null {
  try {
    const user = parseRememberedUser(globalThis.localStorage?.getItem(REMEMBERED_USER_KEY) ?? null);
    return user && { id: user.id, email: user.email, displayName: user.displayName };
  } catch {
    return null;
  }
}

/** Rows created offline carry a negative id until a pull brings the server's row. */
export function localId(seq: number): number {
  return -seq;
}

export function isLocalId(id: number): boolean {
  return id < 0;
}

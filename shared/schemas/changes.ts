/**
 * GET /_api/changes (docs/decisions/031): what changed in the synced collections since a cursor. Rows come in
 * the shapes of the collections' own reads; `deleted` names rows that left what the session may read (deleted,
 * or, on the public roster, no longer active); `replace` says the rows are the whole collection.
 */
import * as z from "zod";
import type { AttendanceRecord } from "./attendance.ts";
import type { BossName } from "./boss-names.ts";
import type { BossTimer } from "./boss-timers.ts";
import type { FundSpending } from "./fund-spending.ts";
import type { GuildFunds, MarketExchangeItem } from "./market.ts";
import type { GuildMember } from "./members.ts";
import type { Payout } from "./payouts.ts";

export const CURSOR_INVALID = "since must be a cursor from an earlier answer of this call.";

/**
 * A cursor names who pulled (a: admin, u: user, p: anyone) and the database snapshot the pull read, as
 * PostgreSQL writes one ("xmin:xmax:xip,xip"): the rows a delta leaves out depend on what the session may read,
 * so a cursor of another audience gets a full answer.
 */
/** The letter a cursor starts with: whose copy of the rows it describes (decisions 031, 067). */
export const CURSOR_AUDIENCES = { admin: "a", officer: "o", user: "u", anyone: "p" } as const;
export const CURSOR_PATTERN = /^([aopu])\.(\d{1,20}:\d{1,20}:(?:\d{1,20}(?:,\d{1,20})*)?)$/;
export const CURSOR_MAX_LENGTH = 4000;

/** A snapshot PostgreSQL accepts: xmin <= xmax, and the running ones ascending between them. */
function isSnapshot(cursor: string): boolean {
  const snapshot = CURSOR_PATTERN.exec(cursor)?.[2];
  if (snapshot === undefined) return false;
  const [xmin, xmax, running = ""] = snapshot.split(":");
  const low = BigInt(xmin as string);
  const high = BigInt(xmax as string);
  const xips = running === "" ? [] : running.split(",").map(BigInt);
  return (
    low <= high &&
    xips.every((xip, i) => xip >= low && xip < high && (i === 0 || xip > (xips[i - 1] as bigint)))
  );
}

export const changesQuerySchema = z.object({
  since: z
    .string({ error: CURSOR_INVALID })
    .max(CURSOR_MAX_LENGTH, { error: CURSOR_INVALID })
    .regex(CURSOR_PATTERN, { error: CURSOR_INVALID })
    .refine(isSnapshot, { error: CURSOR_INVALID })
    .optional(),
});

export interface CollectionChanges<Row, Key> {
  rows: Row[];
  deleted: Key[];
  replace: boolean;
}

/** The collections, named as the web app's local store names them; each is absent when it did not change. */
export interface ChangedCollections {
  guildMembers?: CollectionChanges<GuildMember, number>;
  marketItems?: CollectionChanges<MarketExchangeItem, number>;
  attendance?: CollectionChanges<AttendanceRecord, number>;
  bossNames?: CollectionChanges<BossName, number>;
  timers?: CollectionChanges<BossTimer, string>;
  funds?: CollectionChanges<GuildFunds, number>;
  /** Admins only (docs/decisions/049). */
  payouts?: CollectionChanges<Payout, number>;
  /** Admins only (docs/decisions/050). */
  fundSpending?: CollectionChanges<FundSpending, number>;
}

export interface ChangesAnswer {
  /** Send it back as `since` next time. */
  cursor: string;
  /**
   * True when every collection the session may read is whole: no `since`, one older than the kept tombstones,
   * or one from another audience (the session's role changed).
   */
  full: boolean;
  changes: ChangedCollections;
}

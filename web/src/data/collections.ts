/**
 * Where each local collection comes from. One line per API source; where several sources fill one
 * collection (the public and the admin roster), the first one the session may read wins, so admins get
 * the complete list and everyone else the public one.
 */
import { ATTENDANCE_CALLS } from "@shared/contract/attendance.ts";
import { BOSS_NAME_CALLS, BOSS_TIMER_CALLS } from "@shared/contract/bosses.ts";
import { type CallSpec, callPath } from "@shared/contract/call.ts";
import { FUND_CALLS } from "@shared/contract/funds.ts";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import { MARKET_CALLS } from "@shared/contract/market.ts";
import { MEMBER_CALLS } from "@shared/contract/members.ts";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import { type AccountRole, mayCall } from "@shared/contract/roles.ts";
import { SALARY_CALLS } from "@shared/contract/salary.ts";
import { SYNC_CALLS } from "@shared/contract/sync.ts";
import type { CollectionName } from "./portal-db.ts";

export type Role = AccountRole;
/** The session's role; null: nobody is logged in; undefined: the session is still being checked. */
export type SessionRole = Role | null | undefined;
/** Who may read a source: everyone (public), or accounts with at least this role (decision 067). */
export type Audience = "anyone" | AccountRole;

export interface CollectionSource {
  collection: CollectionName;
  /** Path under /_api. */
  path: string;
  /** The answer's field holding the rows; null: the whole answer is the row. */
  key: string | null;
  audience: Audience;
}

/** One call for every row collection's changes since a cursor (changes-pull.ts). */
export const CHANGES_PATH = SYNC_CALLS.changes.path;

/** A collection's read: its declared path (or `path`, with a query) and who may make it, from its role. */
function readOf(
  collection: CollectionName,
  call: CallSpec,
  key: string | null,
  path: string = call.path,
): CollectionSource {
  return { collection, path, key, audience: call.role === "public" ? "anyone" : call.role };
}

/**
 * Who may read each collection, and the read a full copy comes from. The row collections arrive through
 * CHANGES_PATH with the same audiences; the path stays the collection's `source`, naming whose copy it is.
 */
export const SOURCES: readonly CollectionSource[] = [
  readOf("guildMembers", MEMBER_CALLS.list, "guildMembers", callPath(MEMBER_CALLS.list, { status: "all" })),
  readOf("guildMembers", MEMBER_CALLS.publicList, "guildMembers"),
  readOf("marketItems", MARKET_CALLS.list, "marketExchangeItems"),
  readOf("marketItems", MARKET_CALLS.publicList, "marketExchangeItems"),
  readOf("bossNames", BOSS_NAME_CALLS.publicList, "bossNames"),
  readOf("timers", BOSS_TIMER_CALLS.list, "timers"),
  readOf("funds", FUND_CALLS.guildFunds, "guildFunds"),
  // The receipt's summary: every member's totals without their items, which are fetched per member
  // when a row opens (receipt-details.ts).
  readOf("salaryReceipt", SALARY_CALLS.summary, null),
  readOf("attendance", ATTENDANCE_CALLS.list, "attendanceRecords"),
  // Payouts and fund spending (decisions 049, 050): admins only, like attendance.
  readOf("payouts", PAYOUT_CALLS.list, "payouts"),
  readOf("fundSpending", FUND_CALLS.spending, "spending"),
  // The guild's time zone (decision 059): every screen's spawn times are in it, online or not.
  readOf("guildSettings", GUILD_SETTINGS_CALLS.read, null),
];

export function canRead(role: Role | null, audience: Audience): boolean {
  return mayCall(role, audience === "anyone" ? "public" : audience);
}

/**
 * The source a session with `role` pulls `collection` from, or undefined when it may read none. While the
 * session is being checked only collections with nothing but public sources are pulled, so an admin's
 * complete roster is not briefly replaced by the public one.
 */
export function sourceFor(collection: CollectionName, role: SessionRole): CollectionSource | undefined {
  const sources = SOURCES.filter((s) => s.collection === collection);
  if (role === undefined) return sources.every((s) => s.audience === "anyone") ? sources[0] : undefined;
  return sources.find((s) => canRead(role, s.audience));
}

/** The collections a session with `role` can pull, each once. */
export function readableCollections(role: SessionRole): CollectionName[] {
  return [...new Set(SOURCES.map((s) => s.collection))].filter((c) => sourceFor(c, role) !== undefined);
}

/** Collections this role may not read at all (cached copies of them are forgotten at logout). */
export function unreadableCollections(role: Role | null): CollectionName[] {
  return [...new Set(SOURCES.map((s) => s.collection))].filter((c) => sourceFor(c, role) === undefined);
}

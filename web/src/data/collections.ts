/**
 * Where each local collection comes from. One line per API source; where several sources fill one
 * collection (the public and the admin roster), the first one the session may read wins, so admins get
 * the complete list and everyone else the public one.
 */
import type { CollectionName } from "./portal-db.ts";

export type Role = "admin" | "user";
/** The session's role; null: nobody is logged in; undefined: the session is still being checked. */
export type SessionRole = Role | null | undefined;
/** Who may read a source: everyone (public), any logged-in user, or admins only. */
export type Audience = "anyone" | "user" | "admin";

export interface CollectionSource {
  collection: CollectionName;
  /** Path under /_api. */
  path: string;
  /** The answer's field holding the rows; null: the whole answer is the row. */
  key: string | null;
  audience: Audience;
}

/** One call for every row collection's changes since a cursor (changes-pull.ts). */
export const CHANGES_PATH = "/changes";

/**
 * Who may read each collection, and the read a full copy comes from. The row collections arrive through
 * CHANGES_PATH with the same audiences; the path stays the collection's `source`, naming whose copy it is.
 */
export const SOURCES: readonly CollectionSource[] = [
  { collection: "guildMembers", path: "/guild-members?status=all", key: "guildMembers", audience: "admin" },
  { collection: "guildMembers", path: "/public/guild-members", key: "guildMembers", audience: "anyone" },
  { collection: "marketItems", path: "/market-exchange", key: "marketExchangeItems", audience: "admin" },
  {
    collection: "marketItems",
    path: "/public/market-exchange",
    key: "marketExchangeItems",
    audience: "anyone",
  },
  { collection: "bossNames", path: "/public/boss-names", key: "bossNames", audience: "anyone" },
  { collection: "timers", path: "/boss-timers", key: "timers", audience: "anyone" },
  { collection: "funds", path: "/guild-funds", key: "guildFunds", audience: "admin" },
  // The receipt's summary: every member's totals without their items, which are fetched per member
  // when a row opens (receipt-details.ts).
  {
    collection: "salaryReceipt",
    path: "/public/salary-calculation/summary",
    key: null,
    audience: "anyone",
  },
  { collection: "attendance", path: "/attendance", key: "attendanceRecords", audience: "admin" },
  // Payouts and fund spending (decisions 049, 050): admins only, like attendance.
  { collection: "payouts", path: "/payouts", key: "payouts", audience: "admin" },
  { collection: "fundSpending", path: "/fund-spending", key: "spending", audience: "admin" },
];

export function canRead(role: Role | null, audience: Audience): boolean {
  if (audience === "anyone") return true;
  if (audience === "user") return role !== null;
  return role === "admin";
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

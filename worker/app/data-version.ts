/**
 * The data version of each public collection (sql/003-data-versions.sql): a number that a trigger moves in
 * every transaction that writes the collection's table. An answer built from a set of versions is the same
 * answer for as long as they stand (docs/decisions/023).
 */
import type { Db } from "../db/types.ts";

export const COLLECTIONS = [
  "members",
  "market",
  "boss-names",
  "boss-timers",
  "funds",
  "attendance",
  "salary",
  "payouts",
  "fund-spending",
  "guild-settings",
  "check-ins",
  "auctions",
] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type DataVersions = ReadonlyMap<string, number>;

/** What this process last read from a database it owns alone, and the change count it was read at. */
interface KnownVersions {
  at: number;
  versions: Promise<DataVersions>;
}
const known = new WeakMap<Db, KnownVersions>();

async function queryVersions(db: Db): Promise<DataVersions> {
  const rows = await db.query<{ collection: string; version: number }>(
    "SELECT collection, version FROM data_versions",
  );
  return new Map(rows.map((row) => [row.collection, row.version]));
}

/**
 * Every collection's version. Where the process owns the database (Db.changeCount) the versions are read
 * once and kept until a call that may have written settles; elsewhere (other processes may write) this is
 * one small query. The count is taken before the query starts, so a write that lands while the versions
 * are being read moves it past them and they are read again next time.
 */
export function readDataVersions(db: Db): Promise<DataVersions> {
  const at = db.changeCount?.();
  if (at === undefined) return queryVersions(db);
  const held = known.get(db);
  if (held && held.at === at) return held.versions;
  const versions = queryVersions(db);
  known.set(db, { at, versions });
  // A failed read is not kept: the next call tries again.
  versions.catch(() => {
    if (known.get(db)?.versions === versions) known.delete(db);
  });
  return versions;
}

/** The versions of `collections`, in their order, as one piece of text ("12.40"). */
export function versionsText(versions: DataVersions, collections: readonly Collection[]): string {
  return collections
    .map((collection) => {
      const version = versions.get(collection);
      if (version === undefined) throw new Error(`data_versions has no row for "${collection}"`);
      return version;
    })
    .join(".");
}

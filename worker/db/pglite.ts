import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock.ts";
import { secureDataDir } from "./data-dir-permissions.ts";
import { openDurablePglite } from "./durable-pglite.ts";
import { OID, parseDate, parseInt8, parseNumeric } from "./type-parsers.ts";
import type { Db, Queryable } from "./types.ts";

export const pgliteParsers = { [OID.int8]: parseInt8, [OID.date]: parseDate, [OID.numeric]: parseNumeric };

/**
 * Whether a statement may change rows. Only one that starts with SELECT, SHOW or SET (a read, or a setting
 * such as a read-only snapshot's isolation level) is taken as a read: a writing CTE starts with WITH, and none
 * of our functions that a SELECT could call writes a table. A wrong "may" costs one small query (the versions
 * are read again); a wrong "read" would serve stale answers, so anything else counts as a write.
 */
function mayWrite(sql: string): boolean {
  return !/^\s*(select|show|set)\b/i.test(sql);
}

/** Wraps an open PGlite instance; release runs after it closes. */
export function pgliteDb(pg: PGlite, release: () => void = () => {}): Db {
  // Moved when a call that may have written has settled (committed, rolled back or failed alike): this
  // process owns the database, so nothing else can change it (Db.changeCount).
  let changes = 0;
  return {
    driver: "pglite",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      try {
        const res = await pg.query<T>(sql, params as unknown[]);
        return res.rows;
      } finally {
        if (mayWrite(sql)) changes += 1;
      }
    },
    async exec(sql: string) {
      try {
        await pg.exec(sql);
      } finally {
        changes += 1;
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      let wrote = false;
      try {
        return await pg.transaction(async (t) =>
          fn({
            async query<R>(sql: string, params: readonly unknown[] = []) {
              wrote ||= mayWrite(sql);
              const res = await t.query<R>(sql, params as unknown[]);
              return res.rows;
            },
            async exec(sql: string) {
              wrote = true;
              await t.exec(sql);
            },
          }),
        );
      } finally {
        if (wrote) changes += 1;
      }
    },
    changeCount: () => changes,
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The embedded default: PGlite on disk under dataDir, private to this user, locked against a second process,
 * with durable writes (decision 030). `log` hears about permissions it repaired.
 */
export async function createPgliteDb(
  dataDir: string,
  log: (line: string) => void = console.log,
): Promise<Db> {
  secureDataDir(dataDir, log);
  const release = lockDataDir(dataDir);
  try {
    const { pg } = await openDurablePglite(join(dataDir, "pgdata"), pgliteParsers);
    // PGlite's filesystem layer sets the modes of what it writes itself (0666, 0644) at start and at close.
    secureDataDir(dataDir);
    return pgliteDb(pg, () => {
      try {
        secureDataDir(dataDir);
      } catch {
        // the next start checks again, and refuses what it cannot repair
      }
      release();
    });
  } catch (err) {
    release();
    throw err;
  }
}

/** An in-memory PGlite, optionally loaded from a dump (tests clone a migrated template this way). */
export async function createMemoryPgliteDb(loadDataDir?: Blob | File): Promise<Db> {
  const pg = await PGlite.create({ loadDataDir, parsers: pgliteParsers });
  return pgliteDb(pg);
}

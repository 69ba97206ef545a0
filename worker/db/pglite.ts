import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock.ts";
import { OID, parseDate, parseInt8, parseNumeric } from "./type-parsers.ts";
import type { Db, Queryable } from "./types.ts";

export const pgliteParsers = { [OID.int8]: parseInt8, [OID.date]: parseDate, [OID.numeric]: parseNumeric };

/** Wraps an open PGlite instance; release runs after it closes. */
export function pgliteDb(pg: PGlite, release: () => void = () => {}): Db {
  return {
    driver: "pglite",
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await pg.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pg.transaction(async (t) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            const res = await t.query<R>(sql, params as unknown[]);
            return res.rows;
          },
          async exec(sql: string) {
            await t.exec(sql);
          },
        }),
      );
    },
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

/** The embedded default: PGlite on disk under dataDir, locked against a second process. */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  const release = lockDataDir(dataDir);
  try {
    const pg = await PGlite.create({ dataDir: join(dataDir, "pgdata"), parsers: pgliteParsers });
    return pgliteDb(pg, release);
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

import pg from "pg";
import { type PoolLike, poolDb } from "./pool-db.ts";
import { pgTypeOverrides } from "./type-parsers.ts";
import type { Db } from "./types.ts";

/**
 * node-postgres adapter: on Node when DATABASE_URL is set (self-hosted Postgres, or Neon over TCP), and on
 * Workers through a Hyperdrive binding (pg reaches it over workerd's TCP sockets).
 */
export function createNodePostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: pgTypeOverrides(pg.types) as never,
  });
  // An idle client losing its connection must not crash the process. Once closing, the sockets' own end
  // is no news: on Workers, closing the socket cancels its pending read, which pg reports as an error.
  let closing = false;
  pool.on("error", (err) => {
    if (!closing) console.error(`database pool error: ${err.message}`);
  });
  const db = poolDb("pg", pool as unknown as PoolLike);
  return {
    ...db,
    close() {
      closing = true;
      return db.close();
    },
  };
}

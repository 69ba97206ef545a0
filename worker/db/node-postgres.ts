import pg from "pg";
import { type PoolLike, poolDb } from "./pool-db.ts";
import { pgTypeOverrides } from "./type-parsers.ts";
import type { Db } from "./types.ts";

/** node-postgres adapter: used on Node when DATABASE_URL is set (self-hosted Postgres, or Neon over TCP). */
export function createNodePostgresDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: pgTypeOverrides(pg.types) as never,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (err) => console.error(`database pool error: ${err.message}`));
  return poolDb("pg", pool as unknown as PoolLike);
}

import type { WorkerEnv } from "../config/env.ts";
import { createNeonDb } from "../db/neon.ts";
import { createNodePostgresDb } from "../db/node-postgres.ts";
import type { Db } from "../db/types.ts";

/**
 * One request's database. A Worker may not keep a socket for the next request, so each request connects:
 * to Hyperdrive, which keeps the Postgres sessions pooled near the database; or, without the binding, over
 * Neon's WebSocket (use Neon's -pooler host, so that PgBouncer, not Postgres, takes each new connection).
 * At most 5 connections a request: Workers allow 6 open at once.
 */
export function requestDb(env: WorkerEnv): Db {
  if (env.HYPERDRIVE) return createNodePostgresDb(env.HYPERDRIVE.connectionString, { max: 5 });
  return createNeonDb(env.DATABASE_URL as string, { wsProxy: env.NEON_WS_PROXY });
}

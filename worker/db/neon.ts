import { neonConfig, Pool, types } from "@neondatabase/serverless";
import { type PoolLike, poolDb } from "./pool-db.ts";
import { pgTypeOverrides } from "./type-parsers.ts";
import type { Db } from "./types.ts";

export interface NeonOptions {
  /**
   * host:port of a WebSocket-to-TCP proxy, for a local Postgres in development and tests.
   * Unset in production, where Neon's own endpoint speaks WebSocket.
   */
  wsProxy?: string;
}

/**
 * Neon serverless driver over WebSocket, used on Cloudflare Workers. Workers may not share
 * sockets between requests, so the entry point makes one of these per request and closes it.
 */
export function createNeonDb(connectionString: string, options: NeonOptions = {}): Db {
  if (options.wsProxy) {
    const proxy = options.wsProxy;
    neonConfig.wsProxy = (host: string, port: number | string) => `${proxy}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString, types: pgTypeOverrides(types) as never });
  pool.on("error", (err: Error) => console.error(`database pool error: ${err.message}`));
  return poolDb("neon", pool as unknown as PoolLike);
}

/**
 * Cloudflare Workers entry: static assets are served by the platform; /_api runs here against Postgres,
 * through Hyperdrive when the Worker has the binding, else over the Neon driver (decision 025).
 */
import { type App, createApp } from "../app/create-app.ts";
import { ConfigError, parseEnv, type WorkerEnv, workerEnvSchema } from "../config/env.ts";
import { createNeonDb } from "../db/neon.ts";
import { createNodePostgresDb } from "../db/node-postgres.ts";
import type { Db } from "../db/types.ts";

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

let cached: { app: App; source: unknown } | undefined;

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

function appFor(rawEnv: Record<string, unknown>): App {
  if (cached && cached.source === rawEnv) return cached.app;
  const env: WorkerEnv = parseEnv(workerEnvSchema, rawEnv);
  const app = createApp({
    config: {
      brand: env.GUILD_BRAND,
      timeZone: env.GUILD_TIMEZONE ?? null,
      pepper: env.AUTH_PEPPER,
    },
    db: () => requestDb(env),
  });
  cached = { app, source: rawEnv };
  return app;
}

export default {
  fetch(
    request: Request,
    env: Record<string, unknown>,
    ctx: ExecutionContextLike,
  ): Response | Promise<Response> {
    let app: App;
    try {
      app = appFor(env);
    } catch (err) {
      const message = err instanceof ConfigError ? err.message : "Server misconfigured";
      console.error(message);
      return Response.json({ error: "The server is not configured correctly." }, { status: 503 });
    }
    return app.fetch(request, env, ctx as never);
  },
};

/** Cloudflare Workers entry: static assets are served by the platform; /_api runs here against Neon. */
import { type App, createApp } from "../app/create-app.ts";
import { ConfigError, parseEnv, type WorkerEnv, workerEnvSchema } from "../config/env.ts";
import { createNeonDb } from "../db/neon.ts";

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

let cached: { app: App; source: unknown } | undefined;

function appFor(rawEnv: Record<string, unknown>): App {
  if (cached && cached.source === rawEnv) return cached.app;
  const env: WorkerEnv = parseEnv(workerEnvSchema, rawEnv);
  const app = createApp({
    config: {
      brand: env.GUILD_BRAND,
      timeZone: env.GUILD_TIMEZONE ?? null,
      pepper: env.AUTH_PEPPER,
    },
    db: () => createNeonDb(env.DATABASE_URL, { wsProxy: env.NEON_WS_PROXY }),
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

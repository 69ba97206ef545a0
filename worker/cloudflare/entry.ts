/**
 * Cloudflare Workers entry: static assets are served by the platform; /_api runs here against Postgres,
 * through Hyperdrive when the Worker has the binding, else over the Neon driver (decision 025). Paths that
 * no asset matches come here too and are answered as on Node (web-answer.ts, decision 027).
 */
import { cloudflareClientAddress } from "../app/client-address.ts";
import { type App, createApp } from "../app/create-app.ts";
import { isApiPath } from "../app/web-fallback.ts";
import { ConfigError, parseEnv, type WorkerEnv, workerEnvSchema } from "../config/env.ts";
import { discordSignInConfigFrom } from "../discord-sign-in/sign-in-settings.ts";
import { outboundFrom } from "../outbound/guarded-fetch.ts";
import { runScheduledJobs } from "../scheduled/run-scheduled-jobs.ts";
import { scheduledConfigFrom } from "../scheduled/scheduled-config.ts";
import { vapidFromEnv } from "../spawn-alerts/vapid.ts";
import { durableObjectAuctionAlarm, durableObjectFeed } from "./guild-feed.ts";
import { requestDb } from "./request-db.ts";
import { type AssetsBinding, webAnswer } from "./web-answer.ts";

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

/** What a Cron Trigger's event carries (wrangler.toml `[triggers]`). */
interface ScheduledControllerLike {
  readonly scheduledTime: number;
  readonly cron: string;
}

let cached: { app: App; source: unknown } | undefined;

/** The live feed's Durable Object class, bound as GUILD_FEED in wrangler.toml (decision 033). */
export { GuildFeed } from "./guild-feed.ts";

function appFor(rawEnv: Record<string, unknown>): App {
  if (cached && cached.source === rawEnv) return cached.app;
  const env: WorkerEnv = parseEnv(workerEnvSchema, rawEnv);
  const app = createApp({
    config: {
      brand: env.GUILD_BRAND,
      timeZone: env.GUILD_TIMEZONE ?? null,
      pepper: env.AUTH_PEPPER,
      vapid: vapidFromEnv(env),
      // No DNS API here: names and addresses are checked, and the platform refuses private ranges (decision 053).
      outbound: outboundFrom(env),
      discordSignIn: discordSignInConfigFrom(env),
      discordCommands: { publicKey: env.DISCORD_PUBLIC_KEY ?? null },
    },
    db: () => requestDb(env),
    clientAddress: cloudflareClientAddress,
    live: durableObjectFeed(),
    auctionAlarm: durableObjectAuctionAlarm(),
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
    if (!isApiPath(new URL(request.url).pathname))
      return webAnswer(request, env.ASSETS as AssetsBinding | undefined);
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

  /**
   * The Cron Trigger: the scheduled jobs (worker/scheduled/) on a database of its own, like a request's. A failed
   * job (or a bad setting) fails the invocation, so the Worker's metrics and logs show it.
   */
  async scheduled(controller: ScheduledControllerLike, env: Record<string, unknown>): Promise<void> {
    const parsed = parseEnv(workerEnvSchema, env);
    const db = requestDb(parsed);
    try {
      const outcomes = await runScheduledJobs(
        db,
        scheduledConfigFrom(parsed, vapidFromEnv(parsed), outboundFrom(parsed)),
        new Date(controller.scheduledTime),
      );
      const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.job);
      if (failed.length > 0) throw new Error(`scheduled jobs failed: ${failed.join(", ")}`);
    } finally {
      await db.close();
    }
  },
};

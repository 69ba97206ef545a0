import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { GUILD_SETTINGS_CALLS } from "@shared/contract/guild-settings.ts";
import { SYSTEM_CALLS } from "@shared/contract/system.ts";
import { accountsRoutes } from "../accounts/accounts-routes.ts";
import { memberLinksRoutes } from "../accounts/member-links-routes.ts";
import { adminSqlRoutes } from "../admin/admin-sql-routes.ts";
import { attendanceRoutes } from "../attendance/attendance-routes.ts";
import type { AuctionAlarm } from "../auctions/auction-clock.ts";
import { auctionRoutes, myAuctionRoutes } from "../auctions/auctions-routes.ts";
import { auditRoutes } from "../audit/audit-routes.ts";
import { authRoutes } from "../auth/auth-routes.ts";
import { loadSession } from "../auth/session-middleware.ts";
import { backupRoutes } from "../backup/backup-routes.ts";
import { batchDatabaseOf } from "../batch/batch-dispatch.ts";
import { batchRoutes } from "../batch/batch-routes.ts";
import { bossNamesRoutes } from "../bosses/boss-names-routes.ts";
import { bossTimersRoutes } from "../bosses/boss-timers-routes.ts";
import { checkInRoutes, myCheckInRoutes } from "../check-ins/check-ins-routes.ts";
import { claimsRoutes, myClaimRoutes } from "../claims/claims-routes.ts";
import type { Db } from "../db/types.ts";
import { settleBackground } from "../discord/background.ts";
import { discordSettingsRoutes } from "../discord/discord-settings-routes.ts";
import { discordInteractionRoutes } from "../discord-interactions/interactions-routes.ts";
import { discordSignInRoutes } from "../discord-sign-in/discord-sign-in-routes.ts";
import { discordSignInSettingsRoutes } from "../discord-sign-in/discord-sign-in-settings-routes.ts";
import { fundsRoutes } from "../funds/fund-spending-routes.ts";
import { importRoutes } from "../import/import-routes.ts";
import type { LiveFeed } from "../live/live-feed.ts";
import { createProcessFeed } from "../live/process-feed.ts";
import { marketRoutes } from "../market/market-routes.ts";
import { meRoutes } from "../me/me-routes.ts";
import { membersRoutes } from "../members/members-routes.ts";
import { payoutsRoutes } from "../payouts/payouts-routes.ts";
import { fixParticipantsRoutes, publicSalaryRoutes } from "../salary/salary-routes.ts";
import { splitRuleRoutes } from "../salary/split-rule-routes.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { guildNameRoutes } from "../settings/guild-name-routes.ts";
import { guildSettingsRoutes } from "../settings/guild-settings-routes.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { spawnAlertsRoutes } from "../spawn-alerts/spawn-alerts-routes.ts";
import { changesRoutes } from "../sync/changes-routes.ts";
import { ApiError } from "./api-error.ts";
import { cachedRead, REVALIDATE } from "./cached-read.ts";
import type { ClientAddress } from "./client-address.ts";
import type { AppConfig, AppEnv } from "./context.ts";
import { csrfGuard } from "./csrf.ts";
import type { Collection } from "./data-version.ts";
import { sendData, sendError } from "./respond.ts";
import { serveCalls } from "./serve-calls.ts";
import { writeOwnerGuard } from "./write.ts";

export interface AppDeps {
  config: AppConfig;
  /**
   * The database. Node and tests pass one shared Db; Workers pass a factory that opens a Neon pool
   * per request (Workers may not share sockets across requests), closed once the response is sent.
   */
  db: Db | ((env: unknown) => Db);
  /**
   * Where a request came from, as the runtime knows it (client-address.ts): login throttling counts failures by
   * it. Without one every request has the same unknown source.
   */
  clientAddress?: ClientAddress;
  /** The current time in epoch ms, for login throttling; tests pass a clock they move. Default Date.now. */
  clock?: () => number;
  /**
   * The live feed (GET /_api/live, decision 033). Default with one shared Db: this process's SSE streams;
   * Workers pass their Durable Object's.
   */
  live?: LiveFeed;
  /** Told when an auction opens or its end moves: `npm start`'s auction clock (decision 091). */
  auctionAlarm?: AuctionAlarm;
}

/**
 * The public reads that answer from the data version (decision 023), each with the collections its answer
 * is read from. An answer that reads a table without a version must not be listed.
 */
const CACHED_READS: Readonly<Record<string, readonly Collection[]>> = {
  "/public/guild-members": ["members"],
  "/public/market-exchange": ["market"],
  "/public/boss-names": ["boss-names"],
  // Each timer carries its boss's name and respawn hours from boss_names.
  "/boss-timers": ["boss-names", "boss-timers"],
  // The stored distributions, with names, categories and raid counts from the roster and loot names from the
  // market (the summary lists no loot).
  "/public/salary-calculation": ["salary", "members", "market"],
  "/public/salary-calculation/summary": ["salary", "members"],
};

const PG_UNIQUE_VIOLATION = "23505";

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The answer to an error a route threw: its own status and message, or a generic 500 (logged). */
function answerError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) return sendError(c, err.status, err.message, err.details);
  if (err instanceof HTTPException) {
    const status = err.status >= 400 && err.status < 500 ? err.status : 500;
    const message = status === 400 ? "Malformed JSON in request body" : err.message || "Request failed";
    return sendError(c, status, message);
  }
  if (pgCode(err) === PG_UNIQUE_VIOLATION)
    return sendError(c, 409, "A record with this name already exists.");
  // Class 22 is PostgreSQL's "data exception": a value the database cannot take (out of range, bad
  // encoding). Validation should stop these first; if one slips through it is still the request's fault.
  if (pgCode(err)?.startsWith("22")) {
    console.error(`data exception on ${c.req.method} ${c.req.path}: ${(err as Error).message}`);
    return sendError(c, 400, "A value in the request cannot be stored.");
  }
  console.error(`unexpected error on ${c.req.method} ${c.req.path}: ${(err as Error)?.message ?? err}`);
  return sendError(c, 500, "Internal server error");
}

/** The routes of every declared call but the system's (which need createApp's dependencies), in mounting order. */
function declaredRoutes(app: Parameters<typeof batchRoutes>[0]) {
  return [
    authRoutes,
    accountsRoutes,
    memberLinksRoutes,
    meRoutes,
    myClaimRoutes,
    claimsRoutes,
    auditRoutes,
    adminSqlRoutes,
    backupRoutes,
    bossNamesRoutes,
    changesRoutes,
    batchRoutes(app),
    bossTimersRoutes,
    spawnAlertsRoutes,
    attendanceRoutes,
    checkInRoutes,
    myCheckInRoutes,
    auctionRoutes,
    myAuctionRoutes,
    membersRoutes,
    marketRoutes,
    fundsRoutes,
    payoutsRoutes,
    publicSalaryRoutes,
    fixParticipantsRoutes,
    importRoutes,
    discordSettingsRoutes,
    guildSettingsRoutes,
    splitRuleRoutes,
    guildNameRoutes,
    discordSignInRoutes,
    discordSignInSettingsRoutes,
    discordInteractionRoutes(app),
  ];
}

/** The whole API under /_api. Entry points differ only in the database and static-file serving. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath("/_api");
  const live = deps.live ?? (typeof deps.db === "function" ? undefined : createProcessFeed(deps.db));

  app.use(async (c, next) => {
    c.set("config", deps.config);
    c.set("live", live);
    c.set("auctionAlarm", deps.auctionAlarm);
    c.set("clientAddress", deps.clientAddress?.(c));
    c.set("clock", deps.clock ?? Date.now);
    // One write of a batch runs on the batch's database (batch-dispatch.ts), which the batch closes.
    const batchDb = batchDatabaseOf(c.req.raw);
    if (batchDb) {
      c.set("db", batchDb);
      await next();
    } else if (typeof deps.db === "function") {
      const db = deps.db(c.env);
      c.set("db", db);
      try {
        await next();
      } finally {
        // Work after the answer (Discord delivery) runs on this database: it closes when that has ended.
        const closing = settleBackground(db)
          .then(() => db.close())
          .catch(() => {});
        try {
          c.executionCtx.waitUntil(closing);
        } catch {
          await closing;
        }
      }
    } else {
      c.set("db", deps.db);
      await next();
    }
  });
  app.use(async (c, next) => {
    await next();
    // Nothing under /_api is stored by a browser, except a cached read's answer (cached-read.ts), which
    // carries an ETag and is revalidated before every use. The answer's own headers are changed in place:
    // c.header() would rebuild a finished answer, which on @hono/node-server turns its string body into a
    // stream, the slow way out (in `npm run bench:api` it cost cached reads half their rate).
    const headers = c.res.headers;
    if (headers.get("Cache-Control") !== REVALIDATE) headers.set("Cache-Control", "no-store");
    headers.set("X-Content-Type-Options", "nosniff");
  });
  app.use(csrfGuard);
  app.use(loadSession);
  app.use(writeOwnerGuard);
  // Each route's role check, size limit, Idempotency-Key and schema come from its declaration (serve-calls.ts).

  const { brand } = deps.config;
  app.get(
    SYSTEM_CALLS.publicConfig.path,
    // The zone is the guild's in force (decision 059); the web app reads it from public/guild-settings.
    cachedRead({
      collections: ["guild-settings"],
      alsoDependsOn: () => `${brand}\n${deps.config.timeZone ?? ""}`,
    }),
  );
  // GUILD_TIMEZONE, GUILD_BRAND and the machine's zone are part of the answer too (a restart also changes every ETag).
  app.get(
    GUILD_SETTINGS_CALLS.read.path,
    cachedRead({
      collections: ["guild-settings"],
      alsoDependsOn: () => `${brand}\n${deps.config.timeZone ?? ""}`,
    }),
  );
  // Before the routes: each runs first and answers from the data version when it can.
  for (const [path, collections] of Object.entries(CACHED_READS)) app.get(path, cachedRead({ collections }));
  const systemRoutes = serveCalls(SYSTEM_CALLS, {
    health: async (c) => {
      await c.get("db").query("SELECT 1");
      return sendData(c, { ok: true });
    },
    // The brand is the guild's name in force: an admin's choice, else GUILD_BRAND (decision 078).
    publicConfig: async (c) =>
      sendData(c, {
        brand: await guildNameInForce(c.get("db"), brand),
        timeZone: await guildTimeZone(c.get("db"), deps.config.timeZone),
      }),
  });
  // Every declared call's route (shared/contract, decision 061); each file serves one resource's calls.
  for (const routes of [systemRoutes, ...declaredRoutes(app)]) app.route("/", routes);

  app.notFound((c) => sendError(c, 404, "Not found"));
  app.onError(answerError);
  return app;
}

export type App = ReturnType<typeof createApp>;

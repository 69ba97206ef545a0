/** `npm start`: the whole portal on Node — the API under /_api and the built web app — on one port. */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { nodeClientAddress } from "../app/client-address.ts";
import { createApp } from "../app/create-app.ts";
import { startAuctionClock } from "../auctions/auction-clock.ts";
import { automaticBackupKeeper, runDailyBackup } from "../backup/backup-files.ts";
import { ConfigError, nodeEnvSchema, parseEnv } from "../config/env.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { settleBackground, wakeBackground } from "../discord/background.ts";
import { discordSignInConfigFrom } from "../discord-sign-in/sign-in-settings.ts";
import { createProcessFeed } from "../live/process-feed.ts";
import { outboundFrom } from "../outbound/guarded-fetch.ts";
import { nodeTransport } from "../outbound/node-transport.ts";
import { runScheduledJobs } from "../scheduled/run-scheduled-jobs.ts";
import { scheduledConfigFrom } from "../scheduled/scheduled-config.ts";
import { readGuildSettings, timeZoneStartLine } from "../settings/guild-time-zone.ts";
import { resolveVapidKeys } from "../spawn-alerts/vapid-keys-file.ts";
import { ensureWebBuild } from "./ensure-web-build.ts";
import { openDatabase } from "./open-database.ts";
import { resolvePepper } from "./pepper.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { startScheduledTimer } from "./scheduled-timer.ts";
import { staticSite } from "./static-site.ts";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function main() {
  const env = parseEnv(nodeEnvSchema, process.env);
  const webDir = ensureWebBuild(repoRoot);
  const pepper = resolvePepper(env);
  // Web Push spawn alerts: VAPID_* when set, else a pair kept in DATA_DIR (decision 042).
  const vapid = await resolveVapidKeys(env);
  const db = await openDatabase(env);
  try {
    await prepareDatabase(db, {
      seedSampleData: env.SEED_SAMPLE_DATA,
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      pepper,
    });
    // The zone every screen and alert uses, and where it comes from (decision 059).
    console.log(timeZoneStartLine(await readGuildSettings(db, env.GUILD_TIMEZONE ?? null)));
  } catch (err) {
    await db.close();
    throw err;
  }

  // The live feed's SSE streams (decision 033), ended first at shutdown so the server closes at once.
  const live = createProcessFeed(db);
  // Pushes and Discord posts: public addresses only, each name resolved and its checked address dialled (decision 053).
  const outbound = outboundFrom(env, nodeTransport());
  // Auctions close at their end within a second, watched or not (decision 091).
  const auctionClock = startAuctionClock(db, env.GUILD_TIMEZONE ?? null, () => live.poke());
  const api = createApp({
    db,
    live,
    auctionAlarm: auctionClock,
    config: {
      brand: env.GUILD_BRAND,
      timeZone: env.GUILD_TIMEZONE ?? null,
      pepper,
      vapid,
      outbound,
      keepAutomaticBackup: automaticBackupKeeper(env.DATA_DIR),
      discordSignIn: discordSignInConfigFrom(env),
      discordCommands: { publicKey: env.DISCORD_PUBLIC_KEY ?? null },
    },
    clientAddress: nodeClientAddress({ trustProxy: env.TRUST_PROXY }),
  });
  // gzip for the app shell and chunks (Workers' static assets are compressed by the platform).
  const web = new Hono().use(compress()).all("*", staticSite(webDir, { trustProxy: env.TRUST_PROXY }));
  // `bindings` carry the Node request, whose socket gives the client's address (client-address.ts).
  const fetch = (req: Request, bindings: HttpBindings | Http2Bindings) => {
    const { pathname } = new URL(req.url);
    return pathname === "/_api" || pathname.startsWith("/_api/") ? api.fetch(req, bindings) : web.fetch(req);
  };

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${env.DATA_DIR}`;
    console.log(
      `Guild Portal is running at http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${info.port} on ${where}`,
    );
  });
  server.on("error", (err: NodeJS.ErrnoException) => {
    console.error(
      err.code === "EADDRINUSE"
        ? `Port ${env.PORT} is already in use: set PORT to another port.`
        : err.message,
    );
    void db.close().finally(() => process.exit(1));
  });

  // The purge, spawn alerts and the other scheduled jobs: shortly after start, then every minute unless
  // SCHEDULE_INTERVAL_SECONDS says otherwise (decisions 028, 042).
  const scheduledConfig = scheduledConfigFrom(env, vapid, outbound);
  // And, on Node only, the daily backup into DATA_DIR/backups, keeping 14 (decision 052).
  const jobs = startScheduledTimer(
    async () => {
      await runScheduledJobs(db, scheduledConfig, new Date());
      await runDailyBackup(db, { dataDir: env.DATA_DIR, brand: env.GUILD_BRAND, now: new Date() }).catch(
        (err: unknown) => console.error(`daily backup failed: ${(err as Error)?.message ?? err}`),
      );
    },
    { intervalMs: env.SCHEDULE_INTERVAL_SECONDS * 1000 },
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    live.close();
    server.close();
    // Work after an answer (a Discord post waiting out a timer's undo window) ends now, or within 5 s, before
    // the database closes under it; what it did not post stays queued for the scheduler.
    wakeBackground(db);
    void Promise.all([jobs.stop(), auctionClock.stop()])
      .then(() => Promise.race([settleBackground(db), new Promise((resolve) => setTimeout(resolve, 5_000))]))
      .then(() => db.close())
      .finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error(`Guild Portal could not start: ${(err as Error)?.message ?? err}`);
  process.exit(1);
});

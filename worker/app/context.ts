import type { SessionUser } from "@shared/schemas/login.ts";
import type { AuctionAlarm } from "../auctions/auction-clock.ts";
import type { Db } from "../db/types.ts";
import type { LiveFeed } from "../live/live-feed.ts";
import type { Outbound } from "../outbound/guarded-fetch.ts";
import type { VapidConfig } from "../spawn-alerts/vapid.ts";
import type { IdempotencyClaim } from "./write.ts";

export interface DiscordSignInConfig {
  clientSecret?: string | null;
  origin?: string;
}

/** Discord slash commands (decision 096). */
export interface DiscordCommandsConfig {
  /** DISCORD_PUBLIC_KEY: the application's Ed25519 public key (hex); null: the commands are off. */
  publicKey: string | null;
  /** How long a command may take before its answer is deferred to a follow-up; default 2,000 ms; 0: always deferred. */
  deferAfterMs?: number;
}

export interface AppConfig {
  /** GUILD_BRAND: fills {brand} in texts. */
  brand: string;
  /**
   * GUILD_TIMEZONE: the guild's zone until an admin chooses one in Admin › Guild settings (decision 059); null: the
   * runtime's own (the machine's on Node, UTC on Workers). Read the zone in force with guildTimeZone().
   */
  timeZone: string | null;
  /** AUTH_PEPPER: server-side secret mixed into every password hash. */
  pepper: string;
  /** The VAPID keys of Web Push spawn alerts (worker/spawn-alerts/vapid.ts); null or absent: push is off. */
  vapid?: VapidConfig | null;
  /**
   * How the server calls out (push endpoints, Discord; worker/outbound, decision 053): the transport (Node's
   * resolves and pins addresses) and the test-only loopback origins. Absent: public internet only, by fetch.
   */
  outbound?: Outbound | null;
  /**
   * Sign in with Discord (decision 070): DISCORD_CLIENT_SECRET, which wins over the secret saved in the settings,
   * and Discord's origin (https://discord.com; a fake's loopback origin in tests, DISCORD_OAUTH_TEST_ORIGIN).
   * Absent: no secret from the environment, Discord's own origin.
   */
  discordSignIn?: DiscordSignInConfig | null;
  /** Discord slash commands (decision 096); absent: off. */
  discordCommands?: DiscordCommandsConfig | null;
  /**
   * Node only: keeps the automatic backup a restore makes before replacing data (DATA_DIR/backups, decision 052)
   * and answers the file's name. Absent on Workers, which have no disk: the backup screen downloads one first.
   */
  keepAutomaticBackup?: (text: string, createdAt: Date) => Promise<string>;
}

export interface AppEnv {
  Variables: {
    db: Db;
    user: SessionUser | null;
    /** The caller's session (its row id), when the cookie names a live one. */
    sessionId: number | null;
    /** The account whose session the cookie names when its access was removed (decision 073), else null. */
    removedAccessOf: number | null;
    config: AppConfig;
    /** Set by the idempotency middleware when a mutating call carries an unprocessed Idempotency-Key. */
    idempotency: IdempotencyClaim | undefined;
    /** Set by a cached read's route when its answer changes by itself at that time (epoch ms; cached-read.ts). */
    answerChangesAt: number | undefined;
    /** The client's address (client-address.ts), or undefined when the runtime cannot tell. */
    clientAddress: string | undefined;
    /** The current time in epoch ms: Date.now, or a test's clock. */
    clock: () => number;
    /** Where write() says that a write committed (the live feed, decision 033); unset: nobody listens. */
    live: LiveFeed | undefined;
    /** How the caller reached the portal when not through its own pages: "discord" for a slash command (decision 096). */
    via: "discord" | null;
    /** Told when an auction opens or its end moves (the auction clock, decision 091); unset: the scheduler's minute. */
    auctionAlarm: AuctionAlarm | undefined;
  };
}

/**
 * The live feed (docs/decisions/033): open apps learn that data changed and pull it. A notice names only the
 * collections that moved, of those its reader may read, never a row. Node serves it as Server-Sent Events
 * from this process (process-feed.ts); Workers through a Durable Object per guild that holds WebSockets
 * (worker/cloudflare/guild-feed.ts). createApp mounts GET /_api/live and write() calls `changed` after commit.
 */

import type { Context } from "hono";
import { isStaff } from "@shared/contract/roles.ts";
import type { AppEnv } from "../app/context.ts";
import type { Collection } from "../app/data-version.ts";

export interface LiveFeed {
  /** Answers GET /_api/live for the session loaded on `c`. */
  connect(c: Context<AppEnv>): Response | Promise<Response>;
  /** A write committed: tell the open apps, without delaying the writer's answer. */
  changed(c: Context<AppEnv>): void;
}

/** Who a connection is for: admins may hear of every collection, everyone else of the public ones. */
export type Audience = "admin" | "public";

/** The collections a visitor or raider may read (their own reads and GET /changes answer nothing else). */
const PUBLIC_COLLECTIONS: readonly Collection[] = [
  "members",
  "market",
  "boss-names",
  "boss-timers",
  "salary",
  "guild-settings",
  // Raiders' apps learn that a check-in opened (decision 079); what they then read is their own call's answer.
  "check-ins",
  // Bids, extensions and results of auctions reach every open phone (decision 091).
  "auctions",
];

export type LiveMessage = { type: "ready" } | { type: "changed"; collections: Collection[] };

export const READY: LiveMessage = { type: "ready" };

/** The notice for `audience` of `moved`, or undefined when it may read none of them. */
export function noticeFor(audience: Audience, moved: readonly Collection[]): LiveMessage | undefined {
  const collections = audience === "admin" ? [...moved] : moved.filter((c) => PUBLIC_COLLECTIONS.includes(c));
  return collections.length === 0 ? undefined : { type: "changed", collections };
}

export function audienceOf(c: Context<AppEnv>): Audience {
  return isStaff(c.get("user")?.role) ? "admin" : "public";
}

/** How long a connection may stay silent before a proxy may cut it; heartbeats come this often. */
export const HEARTBEAT_MS = 25_000;

/** Most open connections per process (Node) or per guild's Durable Object; more are refused with 503. */
export const MAX_CONNECTIONS = 1_000;

/**
 * A WebSocket upgrade must come from our own pages: browsers send Origin on it, and a WebSocket is not bound
 * by CORS, so another site's page could otherwise listen with the user's cookie.
 */
export function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("origin");
  if (origin === undefined) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  // The URL's host too: a local runtime (Miniflare) may put its own address in Host.
  const hosts = [c.req.header("x-forwarded-host"), c.req.header("host"), new URL(c.req.url).host];
  return hosts.includes(originHost);
}

/**
 * The live feed on Workers (decision 033): one Durable Object for the guild holds the open apps' WebSockets
 * through the Hibernation API, so an idle connection costs nothing while no write happens; the Worker's write
 * path pokes it after each commit (in waitUntil, after the answer), and it looks at the data versions and
 * tells each socket what moved, of what its reader may read. Heartbeats ("ping") are answered "pong" by the
 * runtime without waking the object.
 */
import type { Context } from "hono";
import type { AppEnv } from "../app/context.ts";
import { type DataVersions, readDataVersions } from "../app/data-version.ts";
import type { AuctionAlarm } from "../auctions/auction-clock.ts";
import { nextAuctionEnd } from "../auctions/auctions-repo.ts";
import { closeDueAuctions } from "../auctions/close-auctions.ts";
import { parseEnv, type WorkerEnv, workerEnvSchema } from "../config/env.ts";
import type { Db } from "../db/types.ts";
import { type ChangeWatcher, createChangeWatcher } from "../live/change-watcher.ts";
import {
  type Audience,
  audienceOf,
  type LiveFeed,
  MAX_CONNECTIONS,
  noticeFor,
  READY,
  sameOrigin,
} from "../live/live-feed.ts";
import { requestDb } from "./request-db.ts";

/** What this file uses of workerd's WebSocket (no @cloudflare/workers-types in this project). */
interface SocketLike {
  send(message: string): void;
  close(code?: number, reason?: string): void;
}

interface DurableObjectStateLike {
  acceptWebSocket(socket: SocketLike, tags?: string[]): void;
  getWebSockets(tag?: string): SocketLike[];
  setWebSocketAutoResponse(pair: unknown): void;
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}

interface StubLike {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): StubLike;
}

declare const WebSocketPair: new () => { 0: SocketLike; 1: SocketLike };
declare const WebSocketRequestResponsePair: new (request: string, response: string) => unknown;

/** A response that hands over a WebSocket (workerd's ResponseInit.webSocket). */
const upgraded = (webSocket: unknown) => new Response(null, { status: 101, webSocket } as ResponseInit);

const AUDIENCES: readonly Audience[] = ["admin", "public"];
const VERSIONS_KEY = "versions";
/** How soon the alarm looks again at an auction whose end has passed but which is still open. */
const AUCTION_RETRY_MS = 1_000;
/** The guild's one object: every app of this deployment connects to it. */
const OBJECT_NAME = "guild";
/** Only the Worker reaches the object, under this made-up host. */
const OBJECT_ORIGIN = "https://guild-feed";

export class GuildFeed {
  private readonly watcher: ChangeWatcher;
  private env: WorkerEnv | undefined;

  constructor(
    private readonly ctx: DurableObjectStateLike,
    private readonly rawEnv: Record<string, unknown>,
  ) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.watcher = createChangeWatcher({
      readVersions: () => this.readVersions(),
      publish: (moved) => {
        for (const audience of AUDIENCES) {
          const notice = noticeFor(audience, moved);
          if (!notice) continue;
          const text = JSON.stringify(notice);
          for (const socket of ctx.getWebSockets(audience)) {
            try {
              socket.send(text);
            } catch {
              // A socket closing meanwhile; its close handler ends it.
            }
          }
        }
      },
      // Kept in storage, so a poke after hibernation still knows what moved.
      baseline: {
        load: async () => {
          const stored = await ctx.storage.get<Record<string, number>>(VERSIONS_KEY);
          return stored ? new Map(Object.entries(stored)) : undefined;
        },
        save: (versions) => ctx.storage.put(VERSIONS_KEY, Object.fromEntries(versions)),
      },
    });
  }

  /** Runs fn on a database of its own, closed after. */
  private async withDb<T>(fn: (db: Db, env: WorkerEnv) => Promise<T>): Promise<T> {
    this.env ??= parseEnv(workerEnvSchema, this.rawEnv);
    const db = requestDb(this.env);
    try {
      return await fn(db, this.env);
    } finally {
      await db.close().catch(() => {});
    }
  }

  private readVersions(): Promise<DataVersions> {
    return this.withDb((db) => readDataVersions(db));
  }

  /**
   * The auction clock on Workers (decision 091): the object's alarm is set to the next open auction's end; an open or
   * a bid asks it to look again. A next end already past (a close that failed) is looked at again a second later.
   */
  private async armAuctionAlarm(db: Db): Promise<void> {
    const next = await nextAuctionEnd(db);
    if (next) await this.ctx.storage.setAlarm(Math.max(next.getTime(), Date.now() + AUCTION_RETRY_MS));
  }

  /** The alarm: closes the auctions whose end has come, tells the open apps, and sets the next alarm. */
  async alarm(): Promise<void> {
    await this.withDb(async (db, env) => {
      const { closed } = await closeDueAuctions(db, env.GUILD_TIMEZONE ?? null);
      if (closed.length > 0) await this.watcher.poke();
      await this.armAuctionAlarm(db);
    });
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/notify") {
      await this.watcher.poke();
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/auction-alarm") {
      await this.withDb((db) => this.armAuctionAlarm(db));
      return new Response(null, { status: 204 });
    }
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response(null, { status: 426, headers: { Upgrade: "websocket" } });
    }
    if (this.ctx.getWebSockets().length >= MAX_CONNECTIONS) {
      return Response.json({ error: "The live feed is busy; the app keeps polling." }, { status: 503 });
    }
    const audience: Audience = url.searchParams.get("audience") === "admin" ? "admin" : "public";
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1], [audience]);
    pair[1].send(JSON.stringify(READY));
    return upgraded(pair[0]);
  }

  /** Apps send only heartbeats, which the auto-response answers; anything else is ignored. */
  webSocketMessage(): void {}

  webSocketClose(socket: SocketLike): void {
    try {
      socket.close(1000, "closed");
    } catch {
      // Already closed.
    }
  }

  webSocketError(socket: SocketLike): void {
    this.webSocketClose(socket);
  }
}

function feedStub(c: Context<AppEnv>): StubLike | undefined {
  const namespace = (c.env as { GUILD_FEED?: DurableObjectNamespaceLike } | undefined)?.GUILD_FEED;
  return namespace?.get(namespace.idFromName(OBJECT_NAME));
}

/** The Worker's side: GET /_api/live upgrades to a WebSocket held by the object; a commit pokes it. */
export function durableObjectFeed(): LiveFeed {
  return {
    async connect(c) {
      const stub = feedStub(c);
      if (!stub) return c.json({ error: "This deployment has no live feed." }, 404);
      // A plain GET learns that this server's feed is a WebSocket (the client then opens one).
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
        return c.json({ error: "Open the live feed as a WebSocket." }, 426, { Upgrade: "websocket" });
      }
      if (!sameOrigin(c)) return c.json({ error: "Cross-site request refused" }, 403);
      const answer = await stub.fetch(`${OBJECT_ORIGIN}/connect?audience=${audienceOf(c)}`, {
        headers: { Upgrade: "websocket" },
      });
      const webSocket = (answer as { webSocket?: unknown }).webSocket;
      // A new answer: the object's has immutable headers, which the /_api middleware sets.
      if (answer.status === 101 && webSocket) return upgraded(webSocket);
      return new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers) });
    },
    changed(c) {
      const stub = feedStub(c);
      if (!stub) return;
      const poke = stub
        .fetch(`${OBJECT_ORIGIN}/notify`, { method: "POST" })
        .then((answer) => answer.body?.cancel())
        .catch((err: unknown) =>
          console.error(`live feed: the poke failed: ${(err as Error)?.message ?? err}`),
        );
      c.executionCtx.waitUntil(poke);
    },
  };
}

/** The Worker's side of the auction clock: an open or a bid asks the guild's object to set its alarm again. */
export function durableObjectAuctionAlarm(): AuctionAlarm {
  return {
    wake(c) {
      const stub = c && feedStub(c);
      if (!c || !stub) return;
      const ask = stub
        .fetch(`${OBJECT_ORIGIN}/auction-alarm`, { method: "POST" })
        .then((answer) => answer.body?.cancel())
        .catch((err: unknown) =>
          console.error(`auction alarm: the request failed: ${(err as Error)?.message ?? err}`),
        );
      c.executionCtx.waitUntil(ask);
    },
  };
}

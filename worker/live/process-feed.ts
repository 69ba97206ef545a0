/**
 * The live feed of one process (`npm start`, and the tests' apps): each open app holds a Server-Sent Events
 * stream; a write committed in this process looks at the data versions and tells every stream what moved.
 * While streams are open the versions are also looked at every second, which catches writes by another
 * process on the same DATABASE_URL (on PGlite, which this process owns, that look reads nothing until
 * something was written).
 */
import type { Context } from "hono";
import type { AppEnv } from "../app/context.ts";
import { readDataVersions } from "../app/data-version.ts";
import type { Db } from "../db/types.ts";
import { createChangeWatcher } from "./change-watcher.ts";
import {
  type Audience,
  audienceOf,
  HEARTBEAT_MS,
  type LiveFeed,
  type LiveMessage,
  MAX_CONNECTIONS,
  noticeFor,
  READY,
} from "./live-feed.ts";

/** How often the versions are looked at while streams are open, for writes this process did not make. */
export const WATCH_MS = 1_000;
/** The least time between two looks during a burst of writes (decision 057); a lone write is told at once. */
export const NOTICE_GAP_MS = 500;

export interface ProcessFeedOptions {
  maxConnections?: number;
  heartbeatMs?: number;
  watchMs?: number;
  noticeGapMs?: number;
}

export interface ProcessFeed extends LiveFeed {
  /** Open streams now. */
  readonly size: number;
  /** A write committed outside any request (the auction clock's close): tell the open apps. */
  poke(): void;
  /** Ends every stream and refuses new ones (at shutdown, so the server can close at once). */
  close(): void;
}

interface Stream {
  audience: Audience;
  send(text: string): void;
  end(): void;
}

const encoder = new TextEncoder();
const event = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;

export function createProcessFeed(db: Db, options: ProcessFeedOptions = {}): ProcessFeed {
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;
  const streams = new Set<Stream>();
  let closed = false;
  let timers: ReturnType<typeof setInterval>[] = [];

  const watcher = createChangeWatcher({
    minGapMs: options.noticeGapMs ?? NOTICE_GAP_MS,
    readVersions: () => readDataVersions(db),
    publish(moved) {
      for (const stream of streams) {
        const notice = noticeFor(stream.audience, moved);
        if (notice) stream.send(event(notice));
      }
    },
  });

  /** Starts the timers with the first stream; settles once the versions a "ready" promises from are read. */
  let primed: Promise<void> = Promise.resolve();
  function startTimers(): Promise<void> {
    if (timers.length > 0) return primed;
    primed = watcher.prime();
    const heartbeat = setInterval(() => {
      for (const stream of streams) stream.send(": ping\n\n");
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    const watch = setInterval(() => void watcher.poke(), options.watchMs ?? WATCH_MS);
    timers = [heartbeat, watch];
    // Neither keeps `npm start` (or a test run) alive by itself.
    for (const timer of timers) (timer as { unref?: () => void }).unref?.();
    return primed;
  }

  function stopTimersWhenIdle(): void {
    if (streams.size > 0) return;
    for (const timer of timers) clearInterval(timer);
    timers = [];
  }

  function open(c: Context<AppEnv>): Response {
    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const opened: Stream = {
          audience: audienceOf(c),
          send(text) {
            try {
              controller.enqueue(encoder.encode(text));
            } catch {
              opened.end();
            }
          },
          end() {
            if (!streams.delete(opened)) return;
            try {
              controller.close();
            } catch {
              // Already closed by the client going away.
            }
            stopTimersWhenIdle();
          },
        };
        stream = opened;
        streams.add(opened);
        // "ready" promises that every write from now on is told: it waits for the baseline that the next look
        // compares with, or a write committed in between would be taken as already known and never told.
        void startTimers().then(() => opened.send(event(READY)));
      },
      cancel() {
        stream?.end();
      },
    });
    c.req.raw.signal.addEventListener("abort", () => stream?.end(), { once: true });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // Proxies (nginx) must pass each event on as it comes, not buffer the stream.
        "X-Accel-Buffering": "no",
      },
    });
  }

  return {
    get size() {
      return streams.size;
    },
    connect(c) {
      if (closed || streams.size >= maxConnections) {
        return c.json({ error: "The live feed is busy; the app keeps polling." }, 503, {
          "Retry-After": "30",
        });
      }
      return open(c);
    },
    changed() {
      if (streams.size > 0) void watcher.poke();
    },
    poke() {
      if (streams.size > 0) void watcher.poke();
    },
    close() {
      closed = true;
      watcher.close();
      for (const stream of [...streams]) stream.end();
      stopTimersWhenIdle();
    },
  };
}

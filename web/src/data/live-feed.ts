/**
 * The live feed's client (docs/decisions/033): one connection to GET /_api/live that says which collections
 * moved, so the layer pulls them within a moment of the write instead of at its next poll. `npm start` answers
 * with a Server-Sent Events stream, read here with fetch; Workers answer 426, and the feed opens a WebSocket to
 * the same URL instead. It reconnects within seconds, jittered (decision 057), at once when the browser comes
 * back online or the page is shown again, rests while the page is hidden or the browser is offline, and says
 * when it is (back) up, since notices may have been missed meanwhile. While it is down the layer's polling goes
 * on as before.
 */
import type { DataLayerEnv, TimerHandle } from "./environment.ts";
import type { CollectionName } from "./portal-db.ts";

export interface LiveFeedConnection {
  /** The feed's URL; relative URLs are resolved against the page. */
  url: string;
  /** The fetch that carries the session cookie (the page's own by default). */
  fetch?: typeof fetch;
  /** Where 'visibilitychange' fires (the document); null where there is none. */
  visibility?: Pick<EventTarget, "addEventListener" | "removeEventListener"> | null;
}

export interface LiveFeedOptions extends LiveFeedConnection {
  env: DataLayerEnv;
  /** Collections a notice named, as the layer calls them. */
  onChanged(collections: CollectionName[]): void;
  /**
   * Every name a notice carried, as the server calls them, the ones the layer keeps no copy of included (a check-in:
   * an online-only screen refetches on its notice).
   */
  onNames?(names: string[]): void;
  /** The feed is up (again): whatever changed while it was down has not been announced. */
  onConnected(): void;
  /** 0 <= x < 1, for the backoff's jitter. */
  random?: () => number;
}

export interface LiveFeed {
  readonly connected: boolean;
  start(): void;
  /** Closes the connection and opens a new one (after a login or logout: the notices depend on the role). */
  restart(): void;
  stop(): void;
}

/** The server's collection names (worker/app/data-version.ts) as the layer's. */
const LOCAL_NAMES: Readonly<Record<string, CollectionName>> = {
  members: "guildMembers",
  market: "marketItems",
  "boss-names": "bossNames",
  "boss-timers": "timers",
  funds: "funds",
  attendance: "attendance",
  salary: "salaryReceipt",
  payouts: "payouts",
  "fund-spending": "fundSpending",
  "guild-settings": "guildSettings",
};

const FIRST_RECONNECT_MS = 1_000;
/**
 * The longest wait between tries (decision 057): a restarted server is seen again within this, plus a
 * connection. It only applies while someone looks: a hidden page or an offline browser does not try at all.
 */
export const MAX_RECONNECT_MS = 2_000;
/** The server sends a heartbeat every 25 s; a connection silent for longer than this is dead. */
const SILENCE_MS = 60_000;
const PING_MS = 25_000;

type Message =
  | { type: "ready" }
  | { type: "changed"; collections: CollectionName[]; names: string[] }
  | undefined;

function parseMessage(text: string): Message {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const message = value as { type?: unknown; collections?: unknown };
  if (message.type === "ready") return { type: "ready" };
  if (message.type !== "changed" || !Array.isArray(message.collections)) return undefined;
  const names = message.collections.filter((name): name is string => typeof name === "string");
  const collections = names.flatMap((name) => {
    const local = LOCAL_NAMES[name];
    return local ? [local] : [];
  });
  return { type: "changed", collections, names };
}

/** The data of each complete event in `buffer`, and what is left of it. */
function takeEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.replaceAll("\r\n", "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.flatMap((block) => {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart());
    return data.length > 0 ? [data.join("\n")] : [];
  });
  return { events, rest };
}

/**
 * The wait before the next try after `failures` failed ones: a ceiling of 1 s, then 2 s, of which half is
 * waited and the other half is random, so phones that lost the server together do not return together, and
 * after the first retry none asks more than once a second.
 */
export function retryDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(MAX_RECONNECT_MS, FIRST_RECONNECT_MS * 2 ** failures);
  return ceiling / 2 + random() * (ceiling / 2);
}

function absoluteUrl(url: string): URL {
  return new URL(url, typeof location === "undefined" ? undefined : location.href);
}

/** What one connection reports to the feed. */
interface ConnectionEvents {
  /** Any sign of life: an event, a heartbeat. */
  alive(): void;
  message(text: string): void;
}

/** How a stream ended: it closed or failed, the server's feed is a WebSocket (426), or there is none (404). */
type StreamEnd = "ended" | "websocket" | "absent";

/** Reads the Server-Sent Events of `url` until the stream ends or `signal` aborts. */
async function readStream(
  url: URL,
  fetchFn: typeof fetch,
  signal: AbortSignal,
  events: ConnectionEvents,
): Promise<StreamEnd> {
  try {
    const response = await fetchFn(url.href, {
      headers: { Accept: "text/event-stream" },
      cache: "no-store",
      signal,
    });
    if (response.status === 426 || response.status === 404 || !response.ok || !response.body) {
      void response.body?.cancel();
      if (response.status === 426) return "websocket";
      return response.status === 404 ? "absent" : "ended";
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done || signal.aborted) return "ended";
      events.alive();
      const { events: texts, rest } = takeEvents(buffer + chunk.value);
      buffer = rest;
      for (const text of texts) events.message(text);
    }
  } catch {
    // Refused, offline, aborted.
    return "ended";
  }
}

/** Opens a WebSocket to `url` that pings every PING_MS; answers the function that closes it. */
function openSocket(url: URL, env: DataLayerEnv, events: ConnectionEvents & { ended(): void }): () => void {
  const target = new URL(url);
  target.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  let socket: WebSocket;
  try {
    socket = new WebSocket(target.href);
  } catch {
    events.ended();
    return () => {};
  }
  let ping: TimerHandle | undefined;
  const keepAlive = () => {
    ping = env.setTimeout(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send("ping");
      keepAlive();
    }, PING_MS);
  };
  keepAlive();
  socket.addEventListener("message", (event) => {
    events.alive();
    if (typeof event.data === "string" && event.data !== "pong") events.message(event.data);
  });
  socket.addEventListener("close", () => {
    env.clearTimeout(ping);
    events.ended();
  });
  return () => {
    env.clearTimeout(ping);
    socket.close(1000, "closed");
  };
}

export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  const { env } = options;
  const random = options.random ?? Math.random;
  const url = absoluteUrl(options.url);
  let running = false;
  let connected = false;
  /** Each connection's number: events of a closed one are ignored. */
  let generation = 0;
  let failures = 0;
  /** Learnt from a 426: this server's feed is a WebSocket. */
  let useSocket = false;
  let close: (() => void) | undefined;
  let retry: TimerHandle | undefined;
  let watchdog: TimerHandle | undefined;

  function received(text: string): void {
    const message = parseMessage(text);
    if (message?.type === "ready") {
      connected = true;
      failures = 0;
      options.onConnected();
    } else if (message?.type === "changed") {
      if (message.collections.length > 0) options.onChanged(message.collections);
      if (message.names.length > 0) options.onNames?.(message.names);
    }
  }

  function disconnect(): void {
    generation += 1;
    connected = false;
    env.clearTimeout(watchdog);
    env.clearTimeout(retry);
    retry = undefined;
    close?.();
    close = undefined;
  }

  /** The connection `id` failed or ended: try again after a jittered wait of at most MAX_RECONNECT_MS. */
  function dropped(id: number): void {
    if (id !== generation) return;
    disconnect();
    if (!running) return;
    retry = env.setTimeout(() => connect(), retryDelay(failures++, random));
  }

  /** The events of connection `id`; a connection silent for SILENCE_MS is given up. */
  function eventsOf(id: number) {
    const alive = () => {
      if (id !== generation) return;
      env.clearTimeout(watchdog);
      watchdog = env.setTimeout(() => dropped(id), SILENCE_MS);
    };
    alive();
    return {
      alive,
      message: (text: string) => id === generation && received(text),
      ended: () => dropped(id),
    };
  }

  /** `afresh`: the waits start over (the page or the network is back, the session changed). */
  function connect(afresh = false): void {
    if (afresh) failures = 0;
    disconnect();
    if (!running || !env.isVisible() || !env.isOnline()) return;
    const id = generation;
    const events = eventsOf(id);
    if (useSocket) {
      close = openSocket(url, env, events);
      return;
    }
    const abort = new AbortController();
    close = () => abort.abort();
    void readStream(url, options.fetch ?? fetch, abort.signal, events).then((end) => {
      if (id !== generation) return;
      if (end === "absent") return stop(); // No feed on this server: polling alone, until the next start.
      if (end === "ended") return dropped(id);
      useSocket = true;
      close = openSocket(url, env, events);
    });
  }

  // Hidden: rest. Visible again, or back online: connect now rather than at the end of a wait.
  const wake = () => {
    if (!env.isVisible()) disconnect();
    else if (running && !connected) connect(true);
  };

  function stop(): void {
    running = false;
    options.visibility?.removeEventListener("visibilitychange", wake);
    env.events?.removeEventListener("online", wake);
    disconnect();
  }

  return {
    get connected() {
      return connected;
    },
    start() {
      if (running) return;
      running = true;
      options.visibility?.addEventListener("visibilitychange", wake);
      env.events?.addEventListener("online", wake);
      connect();
    },
    restart() {
      if (running) connect(true);
    },
    stop,
  };
}

/**
 * Pulls what notices named, folding a burst into as few pulls as it takes: notices that arrive while a pull
 * runs are pulled together once it is done.
 */
export function pullOnNotice(pullMany: (collections: CollectionName[]) => Promise<void>) {
  const moved = new Set<CollectionName>();
  let pulling: Promise<void> | undefined;
  const run = async () => {
    while (moved.size > 0) {
      const batch = [...moved];
      moved.clear();
      await pullMany(batch).catch(() => {});
    }
    pulling = undefined;
  };
  return {
    notice(collections: readonly CollectionName[]): void {
      for (const collection of collections) moved.add(collection);
      pulling ??= run();
    },
    /** Settles once the notices so far are pulled (tests). */
    idle: (): Promise<void> => pulling ?? Promise.resolve(),
  };
}

/**
 * Who listens for which of the server's collection names (screens that keep no copy of it refetch on its notice).
 * `named` calls those listening for a name a notice carried, `all` every listener (the feed is back up).
 */
export function noticeListeners() {
  const entries = new Set<{ name: string; listener: () => void }>();
  return {
    add(name: string, listener: () => void): () => void {
      const entry = { name, listener };
      entries.add(entry);
      return () => {
        entries.delete(entry);
      };
    },
    named(names: readonly string[]): void {
      for (const entry of entries) if (names.includes(entry.name)) entry.listener();
    },
    all(): void {
      for (const entry of entries) entry.listener();
    },
  };
}

/**
 * Wires the local store, the sync engine, the outbox and the commands, and decides when they run: on
 * start, on window focus, when the browser comes back online, every 60 s while the page is visible, when
 * the session changes, and when the live feed says what moved (and whenever it comes back up). The app
 * starts it once with startDataLayer; tests build their own with createDataLayer and an injected environment.
 */
import type { ApiClient } from "../lib/api-client.ts";
import { isDeltaCollection } from "./changes-pull.ts";
import { readableCollections, type SessionRole, SOURCES, sourceFor } from "./collections.ts";
import { type Commands, createCommands } from "./commands.ts";
import { browserEnvironment, type DataLayerEnv } from "./environment.ts";
import {
  createLiveFeed,
  type LiveFeed,
  type LiveFeedConnection,
  noticeListeners,
  pullOnNotice,
} from "./live-feed.ts";
import { createOutbox, type Outbox } from "./outbox.ts";
import { PortalDb } from "./portal-db.ts";
import { createLayerStore, type LayerStore } from "./pull-and-send-state.ts";
import { rebuildCollections } from "./rebuild.ts";
import { createSyncEngine, SYNC_INTERVAL_MS, type SyncEngine } from "./sync-engine.ts";
import { type SessionAccount, switchViewer } from "./write-owner.ts";
import { createWriteTransport, type WriteTransport } from "./write-transport.ts";

export interface DataLayerOptions {
  api: Pick<ApiClient, "get">;
  /**
   * The session's role: null when nobody is logged in, undefined while the session is being checked.
   * Admin collections are pulled only for admins.
   */
  getRole: () => SessionRole;
  /** The account signed in (null: nobody; undefined: being checked): it owns the writes it queues. */
  getAccount: () => SessionAccount;
  /**
   * Whose queued writes the outbox sends: the account signed in, or (decision 073) the one whose access the server
   * said was removed, so that it refuses each with the reason rather than leave them waiting. Default: getAccount.
   */
  getSender?: () => SessionAccount;
  /** Registers a listener for session changes (zustand's `subscribe` fits); the layer re-reads getRole. */
  subscribeSession?: (listener: () => void) => () => void;
  transport?: WriteTransport;
  db?: PortalDb;
  env?: DataLayerEnv;
  /** The live feed (GET /_api/live, decision 033); without it the layer only polls. */
  live?: LiveFeedConnection;
}

export interface DataLayer {
  db: PortalDb;
  store: LayerStore;
  commands: Commands;
  sync: SyncEngine;
  outbox: Outbox;
  /** The live feed, when the layer has one. */
  feed: LiveFeed | undefined;
  /**
   * Calls `listener` whenever a notice names `name` (as the server calls it), and whenever the feed is (back) up, as
   * notices may have been missed while it was down: what an online-only screen refetches on. Returns the unsubscribe.
   */
  onNotice(name: string, listener: () => void): () => void;
  /** Re-reads the role: resumes a paused outbox when someone is logged in, re-pulls when the role changed. */
  sessionChanged(): void;
  /** Drops cached data that did not come from a public source (call at logout on a shared device). */
  forgetPrivateData(): Promise<void>;
  /** Runs the first sync and send and installs the triggers; returns a function that removes them. */
  start(): () => void;
}

/**
 * The layer's live feed: a notice sends the layer to pull what moved, and tells the screens listening for a name it
 * carried; when the feed is (back) up, everything, as notices may have been missed while it was down.
 */
function layerFeed(
  live: LiveFeedConnection,
  env: DataLayerEnv,
  sync: SyncEngine,
  listeners: ReturnType<typeof noticeListeners>,
): LiveFeed {
  const notices = pullOnNotice((collections) => sync.pullMany(collections));
  return createLiveFeed({
    ...live,
    env,
    onChanged: notices.notice,
    onNames: listeners.named,
    onConnected: () => {
      void sync.pullAll();
      listeners.all();
    },
  });
}

export function createDataLayer(options: DataLayerOptions): DataLayer {
  const db = options.db ?? new PortalDb();
  const env = options.env ?? browserEnvironment();
  const store = createLayerStore();
  const sync = createSyncEngine({ db, api: options.api, getRole: options.getRole, env, store });
  const outbox = createOutbox({
    db,
    transport: options.transport ?? createWriteTransport(),
    env,
    store,
    owner: options.getSender ?? options.getAccount,
    refresh: (collections) => void sync.pullMany(collections),
  });
  const commands = createCommands({
    db: () => db,
    now: () => env.now(),
    randomId: () => env.randomId(),
    owner: options.getAccount,
    onQueued: () => void outbox.drain(),
  });
  const listeners = noticeListeners();
  const feed = options.live && layerFeed(options.live, env, sync, listeners);
  const onNotice = listeners.add;
  let lastRole = options.getRole();

  /** The live tables show the queued writes of the account signed in, and only those (write-owner.ts). */
  async function showWritesOfAccount(): Promise<void> {
    const account = options.getAccount();
    if (account === undefined) return;
    await db.transaction("rw", db.tables, async () => {
      const changed = await switchViewer(db, account?.id ?? null);
      if (changed.length > 0) await rebuildCollections(db, changed);
    });
  }

  function sessionChanged(): void {
    const role = options.getRole();
    void showWritesOfAccount();
    if ((role !== null && role !== undefined) || options.getSender?.()) void outbox.resume();
    if (role !== lastRole) {
      // The row collections come in one call whose cursor names the audience (a new role gets them whole);
      // of the others, only what the new role reads from another source: the session check's answer (nobody
      // logged in) keeps every public collection's source, so those are not fetched a second time.
      const before = lastRole;
      lastRole = role;
      // The notices a connection gets depend on the session it was opened with.
      feed?.restart();
      void sync.pullMany(
        readableCollections(role).filter(
          (c) => isDeltaCollection(c) || sourceFor(c, role) !== sourceFor(c, before),
        ),
      );
    }
  }

  async function forgetPrivateData(): Promise<void> {
    const publicPaths = new Set(SOURCES.filter((s) => s.audience === "anyone").map((s) => s.path));
    const metas = await db.syncMeta.toArray();
    const cachedPrivately = metas.filter((m) => m.source !== null && !publicPaths.has(m.source));
    await sync.forget(cachedPrivately.map((m) => m.collection));
  }

  function start(): () => void {
    lastRole = options.getRole();
    void showWritesOfAccount();
    void sync.pullAll();
    void outbox.drain();

    const onFocus = () => {
      void sync.pullAll();
      void outbox.drain();
    };
    const onOnline = () => {
      void outbox.retryWaitingNow();
      void sync.pullAll();
    };
    env.events?.addEventListener("focus", onFocus);
    env.events?.addEventListener("online", onOnline);

    let tick: unknown;
    const schedule = () => {
      tick = env.setTimeout(() => {
        if (env.isVisible()) onFocus();
        schedule();
      }, SYNC_INTERVAL_MS);
    };
    schedule();
    const unsubscribe = options.subscribeSession?.(sessionChanged);
    feed?.start();

    return () => {
      env.events?.removeEventListener("focus", onFocus);
      env.events?.removeEventListener("online", onOnline);
      env.clearTimeout(tick);
      feed?.stop();
      outbox.stop();
      unsubscribe?.();
    };
  }

  return { db, store, commands, sync, outbox, feed, onNotice, sessionChanged, forgetPrivateData, start };
}

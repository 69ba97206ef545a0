/**
 * Wires the local store, the sync engine, the outbox and the commands, and decides when they run: on
 * start, on window focus, when the browser comes back online, every 60 s while the page is visible, and
 * when the session changes. The app starts it once with startDataLayer; tests build their own with
 * createDataLayer and an injected environment.
 */
import type { ApiClient } from "../lib/api-client.ts";
import { isDeltaCollection } from "./changes-pull.ts";
import { readableCollections, type SessionRole, SOURCES, sourceFor } from "./collections.ts";
import { type Commands, createCommands } from "./commands.ts";
import { browserEnvironment, type DataLayerEnv } from "./environment.ts";
import { createOutbox, type Outbox } from "./outbox.ts";
import { PortalDb } from "./portal-db.ts";
import { createLayerStore, type LayerStore } from "./pull-and-send-state.ts";
import { createSyncEngine, SYNC_INTERVAL_MS, type SyncEngine } from "./sync-engine.ts";
import { createWriteTransport, type WriteTransport } from "./write-transport.ts";

export interface DataLayerOptions {
  api: Pick<ApiClient, "get">;
  /**
   * The session's role: null when nobody is logged in, undefined while the session is being checked.
   * Admin collections are pulled only for admins.
   */
  getRole: () => SessionRole;
  /** Registers a listener for session changes (zustand's `subscribe` fits); the layer re-reads getRole. */
  subscribeSession?: (listener: () => void) => () => void;
  transport?: WriteTransport;
  db?: PortalDb;
  env?: DataLayerEnv;
}

export interface DataLayer {
  db: PortalDb;
  store: LayerStore;
  commands: Commands;
  sync: SyncEngine;
  outbox: Outbox;
  /** Re-reads the role: resumes a paused outbox when someone is logged in, re-pulls when the role changed. */
  sessionChanged(): void;
  /** Drops cached data that did not come from a public source (call at logout on a shared device). */
  forgetPrivateData(): Promise<void>;
  /** Runs the first sync and send and installs the triggers; returns a function that removes them. */
  start(): () => void;
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
    refresh: (collections) => void sync.pullMany(collections),
  });
  const commands = createCommands({
    db: () => db,
    now: () => env.now(),
    randomId: () => env.randomId(),
    onQueued: () => void outbox.drain(),
  });
  let lastRole = options.getRole();

  function sessionChanged(): void {
    const role = options.getRole();
    if (role !== null && role !== undefined) void outbox.resume();
    if (role !== lastRole) {
      // The row collections come in one call whose cursor names the audience (a new role gets them whole);
      // of the others, only what the new role reads from another source: the session check's answer (nobody
      // logged in) keeps every public collection's source, so those are not fetched a second time.
      const before = lastRole;
      lastRole = role;
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

    return () => {
      env.events?.removeEventListener("focus", onFocus);
      env.events?.removeEventListener("online", onOnline);
      env.clearTimeout(tick);
      outbox.stop();
      unsubscribe?.();
    };
  }

  return { db, store, commands, sync, outbox, sessionChanged, forgetPrivateData, start };
}

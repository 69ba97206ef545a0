/**
 * The app's running data layer: its database, commands and actions. This module (with Dexie) is a chunk of
 * its own, fetched by lazy-data-layer.ts as the app starts, so the first paint never waits for it; screens reach it
 * only through hooks.ts and lazy-data-layer.ts.
 */
import { SYNC_CALLS } from "@shared/contract/sync.ts";
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import { type Commands, createCommands } from "./commands.ts";
import { createDataLayer, type DataLayer, type DataLayerOptions } from "./create-data-layer.ts";
import { browserEnvironment } from "./environment.ts";
import { forgetMyEarnings, readSavedMyEarnings, saveMyEarnings } from "./my-earnings-copy.ts";
import { type LocalStoreKind, openPortalDb } from "./open-portal-db.ts";
import { PortalDb } from "./portal-db.ts";
import { createLayerStore, type LayerStore } from "./pull-and-send-state.ts";
import { type ConflictChoice, resolveConflict } from "./write-conflicts.ts";

export { liveQuery } from "dexie";
export {
  readAttendance,
  readBossNames,
  readFundSpending,
  readFunds,
  readGuildMembers,
  readGuildSettings,
  readMarketItems,
  readOutboxSummary,
  readPayouts,
  readSalaryReceipt,
  readSyncStatuses,
  readTimers,
  readWritesWaitingForOthers,
} from "./queries.ts";

let appDb: PortalDb | undefined;
let appLayer: DataLayer | undefined;
let appAccount: DataLayerOptions["getAccount"] = () => undefined;
const idleStore = createLayerStore();

let appStoreKind: LocalStoreKind = "device";
let opening: Promise<void> | undefined;

/**
 * Opens the app's database once, before anything reads it (lazy-data-layer.ts waits for it): IndexedDB, or
 * memory where the browser's is missing or unusable (decisions 037, 056).
 */
export function openAppDb(): Promise<void> {
  opening ??= openPortalDb().then(
    ({ db, kind }) => {
      appDb = db;
      appStoreKind = kind;
    },
    (error: unknown) => {
      // The in-memory store's chunk did not arrive (a flaky first visit): the next load tries again.
      opening = undefined;
      throw error;
    },
  );
  return opening;
}

/** 'memory': this browser lets the portal keep nothing, so offline use is unavailable. */
export function localStoreKind(): LocalStoreKind {
  return appStoreKind;
}

/** The app's database ('guild-portal'), as openAppDb chose it. */
export function portalDb(): PortalDb {
  appDb ??= new PortalDb();
  return appDb;
}

/** The app's layer state, or an idle one before startDataLayer. */
export function appLayerStore(): LayerStore {
  return appLayer?.store ?? idleStore;
}

/** Listeners a screen registered before the layer started, handed to it when it starts. */
const waitingListeners = new Set<{ name: string; listener: () => void; stop?: () => void }>();

/** Calls `listener` on each live notice naming `name` (and when the feed is back up); returns the unsubscribe. */
export function onLiveNotice(name: string, listener: () => void): () => void {
  if (appLayer) return appLayer.onNotice(name, listener);
  const entry: { name: string; listener: () => void; stop?: () => void } = { name, listener };
  waitingListeners.add(entry);
  return () => {
    waitingListeners.delete(entry);
    entry.stop?.();
  };
}

/** Starts the app's data layer once (later calls return the running one). */
export function startDataLayer(
  options: Pick<DataLayerOptions, "api" | "getRole" | "getAccount" | "getSender" | "subscribeSession">,
): DataLayer {
  if (appLayer) return appLayer;
  appAccount = options.getAccount;
  appLayer = createDataLayer({
    ...options,
    db: portalDb(),
    env: browserEnvironment(),
    live: {
      url: `/_api${SYNC_CALLS.live.path}`,
      visibility: typeof document === "undefined" ? null : document,
    },
  });
  appLayer.start();
  for (const entry of waitingListeners) entry.stop = appLayer.onNotice(entry.name, entry.listener);
  return appLayer;
}

function requireLayer(): DataLayer {
  if (!appLayer) throw new Error("startDataLayer has not been called");
  return appLayer;
}

/**
 * The app's commands: each stores the change and its outbox row, owned by the account signed in (known once
 * startDataLayer has run; until then a command is refused as if nobody were signed in).
 */
export const commands: Commands = createCommands({
  db: portalDb,
  now: () => Date.now(),
  randomId: () => crypto.randomUUID(),
  owner: () => appAccount(),
  onQueued: () => void appLayer?.outbox.drain(),
});

/** Each account's last "My earnings" answer on this device (decision 051). */
export const myEarningsCopy = {
  save: (userId: number, answer: MyEarnings) => saveMyEarnings(portalDb(), userId, answer),
  read: (userId: number) => readSavedMyEarnings(portalDb(), userId),
  forget: (userId: number) => forgetMyEarnings(portalDb(), userId),
};

/** What screens may ask of the running data layer. */
export const dataLayerActions = {
  retry: (id: string) => requireLayer().outbox.retry(id),
  discard: (id: string) => requireLayer().outbox.discard(id),
  /** A refused update whose field someone else changed meanwhile (decision 038): drop those fields, or re-send. */
  resolveConflict: (id: string, choice: ConflictChoice) =>
    resolveConflict(requireLayer().db, requireLayer().outbox, id, choice),
  /** Try the queue again after a login (also happens on its own when the session changes). */
  resume: () => requireLayer().outbox.resume(),
  /** Pull everything now (a "sync now" button). */
  syncNow: () => requireLayer().sync.pullAll(),
  forgetPrivateData: () => requireLayer().forgetPrivateData(),
};

/**
 * The app's running data layer: its database, commands and actions. This module (with Dexie) is a chunk of
 * its own, fetched by lazy-data-layer.ts as the app starts, so the first paint never waits for it; screens reach it
 * only through hooks.ts and lazy-data-layer.ts.
 */
import { type Commands, createCommands } from "./commands.ts";
import { createDataLayer, type DataLayer, type DataLayerOptions } from "./create-data-layer.ts";
import { browserEnvironment } from "./environment.ts";
import { PortalDb } from "./portal-db.ts";
import { createLayerStore, type LayerStore } from "./pull-and-send-state.ts";

export { liveQuery } from "dexie";
export {
  readAttendance,
  readBossNames,
  readFunds,
  readGuildMembers,
  readMarketItems,
  readOutboxSummary,
  readSalaryReceipt,
  readSyncStatuses,
  readTimers,
} from "./queries.ts";

let appDb: PortalDb | undefined;
let appLayer: DataLayer | undefined;
const idleStore = createLayerStore();

/** The app's database ('guild-portal'), opened on first use. */
export function portalDb(): PortalDb {
  appDb ??= new PortalDb();
  return appDb;
}

/** The app's layer state, or an idle one before startDataLayer. */
export function appLayerStore(): LayerStore {
  return appLayer?.store ?? idleStore;
}

/** Starts the app's data layer once (later calls return the running one). */
export function startDataLayer(
  options: Pick<DataLayerOptions, "api" | "getRole" | "subscribeSession">,
): DataLayer {
  if (appLayer) return appLayer;
  appLayer = createDataLayer({ ...options, db: portalDb(), env: browserEnvironment() });
  appLayer.start();
  return appLayer;
}

function requireLayer(): DataLayer {
  if (!appLayer) throw new Error("startDataLayer has not been called");
  return appLayer;
}

/**
 * The app's commands: they store the change and its outbox row even before startDataLayer (the rows are
 * sent once it runs).
 */
export const commands: Commands = createCommands({
  db: portalDb,
  now: () => Date.now(),
  randomId: () => crypto.randomUUID(),
  onQueued: () => void appLayer?.outbox.drain(),
});

/** What screens may ask of the running data layer. */
export const dataLayerActions = {
  retry: (id: string) => requireLayer().outbox.retry(id),
  discard: (id: string) => requireLayer().outbox.discard(id),
  /** Try the queue again after a login (also happens on its own when the session changes). */
  resume: () => requireLayer().outbox.resume(),
  /** Pull everything now (a "sync now" button). */
  syncNow: () => requireLayer().sync.pullAll(),
  forgetPrivateData: () => requireLayer().forgetPrivateData(),
};

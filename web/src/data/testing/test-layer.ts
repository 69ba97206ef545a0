/**
 * For data-layer tests: a fresh local database and a layer wired to the real API server of the test file
 * (reset to the seeded guild) through the real api-client, all torn down by `dispose`. Import
 * "fake-indexeddb/auto" before this module.
 */
import Dexie from "dexie";
import { createApiClient } from "@web/lib/api-client.ts";
import type { SessionRole } from "../collections.ts";
import { createDataLayer, type DataLayer } from "../create-data-layer.ts";
import type { LockManagerLike } from "../environment.ts";
import { PortalDb, type WriteOwner } from "../portal-db.ts";
import { createWriteTransport } from "../write-transport.ts";
import { type ManualEnvironment, manualEnvironment } from "./manual-environment.ts";
import type { BrowserSession, TestApiServer } from "./test-api-server.ts";

export interface TestLayer {
  clock: ManualEnvironment;
  layer: DataLayer;
  db: PortalDb;
  session: { role: SessionRole; account: WriteOwner | null };
  /**
   * The layer's role and the browser's session together, as after a login or logout (undefined: the session
   * is being checked; the browser stays signed in as the admin).
   */
  setRole(role: SessionRole): Promise<void>;
  /** Signs the browser and the layer in as one of the server's accounts (or out), as the login page does. */
  signInAs(session: BrowserSession): Promise<void>;
  /** Another layer ("tab") on the same database and server, with its own clock. */
  openTab(options?: { locks?: LockManagerLike | null }): { layer: DataLayer; clock: ManualEnvironment };
  /** Waits until the outbox and every pull have settled. */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

/** The layer's options as the app builds them, talking to `server` with the test browser's fetch. */
export function layerOptions(server: TestApiServer) {
  const api = createApiClient(server.origin, { fetch: server.fetch });
  return { api, transport: createWriteTransport(api) };
}

/** The live feed of `server`, reached with the test browser's fetch (its cookie, its faults). */
export function liveFeedOf(server: TestApiServer) {
  return { url: `${server.origin}/_api/live`, fetch: server.fetch };
}

export async function createTestLayer(
  server: TestApiServer,
  options: {
    role?: SessionRole;
    locks?: LockManagerLike | null;
    live?: boolean;
    /** The outbox's backoff draws (manual-environment.ts). */
    random?: () => number;
  } = {},
): Promise<TestLayer> {
  await server.reset();
  const name = `guild-portal-test-${crypto.randomUUID()}`;
  const session: TestLayer["session"] = {
    role: "role" in options ? options.role : "admin",
    account: server.account,
  };
  const signInAs = async (browser: BrowserSession) => {
    await server.signInAs(browser);
    session.role = browser === "otherAdmin" ? "admin" : browser;
    session.account = server.account;
  };
  const setRole = async (role: SessionRole) => {
    await signInAs(role === undefined ? "admin" : role);
    session.role = role;
  };
  if (session.role !== "admin") await setRole(session.role);
  const layers: DataLayer[] = [];
  const clocks: ManualEnvironment[] = [];

  function open(locks: LockManagerLike | null | undefined) {
    const clock = manualEnvironment({ locks: locks ?? null, random: options.random });
    const layer = createDataLayer({
      ...layerOptions(server),
      getRole: () => session.role,
      getAccount: () => (session.role === undefined ? undefined : session.account),
      db: new PortalDb(name),
      env: clock.env,
      ...(options.live ? { live: liveFeedOf(server) } : {}),
    });
    layers.push(layer);
    clocks.push(clock);
    return { layer, clock };
  }

  const first = open(options.locks);
  return {
    clock: first.clock,
    layer: first.layer,
    db: first.layer.db,
    session,
    setRole,
    signInAs,
    openTab: (tab = {}) => open(tab.locks),
    async settle() {
      for (const layer of layers) {
        await layer.outbox.drain();
        await layer.sync.idle();
      }
    },
    async dispose() {
      // A send still on its way would land in the next test's guild: cut the network and let it end first.
      for (const clock of clocks) clock.setOnline(false);
      for (const layer of layers) await layer.outbox.drain();
      for (const layer of layers) {
        layer.feed?.stop();
        layer.outbox.stop();
        await layer.sync.idle();
        layer.db.close();
      }
      await Dexie.delete(name);
    },
  };
}

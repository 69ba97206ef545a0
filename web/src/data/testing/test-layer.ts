/**
 * For data-layer tests: a fresh database, a fake API server and a layer wired to both through the real
 * api-client, all torn down by `dispose`. Import "fake-indexeddb/auto" before this module.
 */
import Dexie from "dexie";
import { createApiClient } from "../../lib/api-client.ts";
import type { SessionRole } from "../collections.ts";
import { createDataLayer, type DataLayer } from "../data-layer.ts";
import type { LockManagerLike } from "../environment.ts";
import { PortalDb } from "../portal-db.ts";
import { createWriteTransport } from "../write-transport.ts";
import { FakeApiServer } from "./fake-api-server.ts";
import { type ManualEnvironment, manualEnvironment } from "./manual-environment.ts";

export interface TestLayer {
  server: FakeApiServer;
  clock: ManualEnvironment;
  layer: DataLayer;
  db: PortalDb;
  session: { role: SessionRole };
  /** Another layer ("tab") on the same database and server, with its own clock. */
  openTab(options?: { locks?: LockManagerLike | null }): { layer: DataLayer; clock: ManualEnvironment };
  /** Waits until the outbox and every pull have settled. */
  settle(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createTestLayer(
  options: { role?: SessionRole; locks?: LockManagerLike | null; server?: FakeApiServer } = {},
): Promise<TestLayer> {
  const server = options.server ?? new FakeApiServer();
  if (!server.origin) await server.start();
  const name = `guild-portal-test-${crypto.randomUUID()}`;
  const session: { role: SessionRole } = { role: "role" in options ? options.role : "admin" };
  const layers: DataLayer[] = [];

  function open(locks: LockManagerLike | null | undefined) {
    const clock = manualEnvironment({ locks: locks ?? null });
    const layer = createDataLayer({
      api: createApiClient(server.origin),
      transport: createWriteTransport(server.origin),
      getRole: () => session.role,
      db: new PortalDb(name),
      env: clock.env,
    });
    layers.push(layer);
    return { layer, clock };
  }

  const first = open(options.locks);
  return {
    server,
    clock: first.clock,
    layer: first.layer,
    db: first.layer.db,
    session,
    openTab: (tab = {}) => open(tab.locks),
    async settle() {
      for (const layer of layers) {
        await layer.outbox.drain();
        await layer.sync.idle();
      }
    },
    async dispose() {
      for (const layer of layers) {
        layer.outbox.stop();
        await layer.sync.idle();
        layer.db.close();
      }
      await Dexie.delete(name);
      await server.close();
    },
  };
}

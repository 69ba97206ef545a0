/**
 * What the tests of the Worker bundle share (decision 025): a database of the file's own, made from the
 * PostgreSQL 15 template, the WebSocket-to-TCP proxy the Neon driver reaches it through, the bundle
 * `wrangler deploy` uploads, and the bindings of each database path the Worker's entry takes. In a test run the
 * server, the template and the bundle are the run's, made once (decision 063).
 */
import { afterAll, beforeAll, expect } from "vitest";
import { createNodePostgresDb } from "@worker/db/node-postgres.ts";
import { databaseUrl, newDatabaseName } from "@worker/test/database-names.ts";
import { acquirePostgresTemplate } from "@worker/test/postgres-template.ts";
import type { PostgresTemplate } from "@worker/test/provided-context.ts";
import {
  bundleWorker,
  type RunningWorker,
  type WorkerBindings,
  type WorkerBundle,
} from "@worker/test/worker-runtime.ts";
import { startWsTcpProxy, type WsTcpProxy } from "@worker/test/ws-tcp-proxy.ts";
import { askSharedServices } from "./shared-services.ts";

/** The run's PostgreSQL server and migrated template; outside a run, one of the caller's own. */
export async function workersPostgres(): Promise<{ template: PostgresTemplate; release(): Promise<void> }> {
  const template = await askSharedServices<PostgresTemplate>("/postgres");
  return template ? { template, release: async () => {} } : acquirePostgresTemplate();
}

/** The run's Worker bundle, bundled once; outside a run, one of the caller's own. */
export async function workerBundle(): Promise<WorkerBundle> {
  const shared = await askSharedServices<{ script: string }>("/worker-bundle");
  return shared ? { script: shared.script, dispose: () => {} } : bundleWorker();
}

export interface WorkerHarness {
  /** The file's database, for the Worker and for the test's own connections. */
  readonly url: string;
  /** Where the WebSocket-to-TCP proxy to the database listens (NEON_WS_PROXY). */
  readonly proxyAddress: string;
  readonly bundle: WorkerBundle;
  /** Runs fn on a connection of the test's own to the database the Worker uses. */
  withDb<T>(fn: (db: ReturnType<typeof createNodePostgresDb>) => Promise<T>): Promise<T>;
}

/**
 * Registers the file's beforeAll, which creates the database, runs fill on it (sample data, accounts),
 * starts the proxy and bundles the Worker, and the afterAll that undoes each. The getters answer once
 * beforeAll has run.
 */
export function setUpWorkerDatabase(fill?: (url: string) => Promise<void>): WorkerHarness {
  let url: string | undefined;
  let proxy: WsTcpProxy | undefined;
  let bundle: WorkerBundle | undefined;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const { template, release } = await workersPostgres();
    cleanup.push(release);
    const name = newDatabaseName(template.prefix);
    const admin = createNodePostgresDb(template.adminUrl, { max: 1 });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    await admin.close();
    const created = databaseUrl(template.adminUrl, name);
    url = created;
    await fill?.(created);
    const started = await startWsTcpProxy([new URL(created).host]);
    proxy = started;
    cleanup.push(() => started.close());
    const built = await workerBundle();
    bundle = built;
    cleanup.push(async () => built.dispose());
  });

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The Worker's database is not set up: beforeAll has not run");
    return value;
  };
  return {
    get url() {
      return ready(url);
    },
    get proxyAddress() {
      return ready(proxy).address;
    },
    get bundle() {
      return ready(bundle);
    },
    async withDb(fn) {
      const db = createNodePostgresDb(ready(url), { max: 1 });
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
  };
}

/** Hyperdrive needs a password in the URL; the test server trusts local connections and ignores it. */
const withPassword = (u: string) => u.replace("postgres@", "postgres:unused@");

/**
 * The two database paths, for describe.each: a Hyperdrive binding (node-postgres over workerd's TCP
 * sockets) and, without one, the Neon driver over WebSocket. Both get vars, and bindings() adds extra.
 */
export function databasePaths(harness: WorkerHarness, vars: Record<string, string>) {
  return [
    {
      path: "Hyperdrive (node-postgres)",
      bindings: (extra: Record<string, string> = {}): WorkerBindings => ({
        vars: { ...vars, ...extra },
        hyperdrive: withPassword(harness.url),
      }),
    },
    {
      path: "the Neon driver over WebSocket",
      bindings: (extra: Record<string, string> = {}): WorkerBindings => ({
        vars: { ...vars, DATABASE_URL: harness.url, NEON_WS_PROXY: harness.proxyAddress, ...extra },
      }),
    },
  ];
}

/** What Miniflare hands back for an upgraded answer (its own WebSocket class). */
interface MiniflareSocket {
  accept(): void;
  send(message: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/** A connected app on the Worker's live feed: the messages its socket received, in order, and a wait for the next. */
export async function connectLiveFeed(worker: RunningWorker, cookie?: string) {
  const headers: Record<string, string> = { Upgrade: "websocket", Origin: "http://localhost" };
  if (cookie) headers.cookie = cookie;
  const answer = await worker.fetch("/_api/live", { headers });
  expect(answer.status).toBe(101);
  const socket = (answer as unknown as { webSocket: MiniflareSocket | null }).webSocket;
  if (!socket) throw new Error("The Worker upgraded without a WebSocket");
  socket.accept();
  const received: unknown[] = [];
  const waiting: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    const text = String(event.data);
    received.push(text.startsWith("{") ? JSON.parse(text) : text);
    for (const wake of waiting.splice(0)) wake();
  });
  let read = 0;
  return {
    socket,
    async next(timeoutMs = 5_000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      while (read >= received.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("No message from the live feed in time");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[read++];
    },
  };
}

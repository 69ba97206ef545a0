/**
 * The Worker as deployed: the bundle `wrangler deploy` uploads, run in workerd (Miniflare) against
 * PostgreSQL 15 through each database path the entry takes (decision 025): a Hyperdrive binding
 * (node-postgres over workerd's TCP sockets) and, without one, the Neon driver over WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "@worker/auth/bootstrap-admin.ts";
import { createNodePostgresDb } from "@worker/db/node-postgres.ts";
import { loadSampleData } from "@worker/node/load-sql.ts";
import { TestClient } from "@worker/test/api-client.ts";
import { databaseUrl, newDatabaseName } from "@worker/test/database-names.ts";
import { acquirePostgresTemplate } from "@worker/test/postgres-template.ts";
import {
  bundleWorker,
  type RunningWorker,
  startWorker,
  type WorkerBundle,
} from "@worker/test/worker-runtime.ts";
import { startWsTcpProxy, type WsTcpProxy } from "@worker/test/ws-tcp-proxy.ts";

const PEPPER = "workers-runtime-pepper-0123";
const ADMIN = { email: "officer@guild.test", password: "correct horse battery" };

let bundle: WorkerBundle;
let proxy: WsTcpProxy;
let url: string;
const cleanup: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const { template, release } = await acquirePostgresTemplate();
  cleanup.push(release);
  const name = newDatabaseName(template.prefix);
  const admin = createNodePostgresDb(template.adminUrl, { max: 1 });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  await admin.close();
  url = databaseUrl(template.adminUrl, name);
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    await db.transaction((tx) => tx.exec(loadSampleData()));
    await ensureAdmin(db, { ...ADMIN, pepper: PEPPER });
  } finally {
    await db.close();
  }
  proxy = await startWsTcpProxy([new URL(url).host]);
  cleanup.push(() => proxy.close());
  bundle = bundleWorker();
  cleanup.push(async () => bundle.dispose());
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Hyperdrive needs a password in the URL; the test server trusts local connections and ignores it. */
const withPassword = (u: string) => u.replace("postgres@", "postgres:unused@");

const paths = [
  {
    path: "Hyperdrive (node-postgres)",
    bindings: () => ({ vars: { AUTH_PEPPER: PEPPER }, hyperdrive: withPassword(url) }),
  },
  {
    path: "the Neon driver over WebSocket",
    bindings: () => ({ vars: { AUTH_PEPPER: PEPPER, DATABASE_URL: url, NEON_WS_PROXY: proxy.address } }),
  },
];

describe.each(paths)("the Worker bundle through $path", ({ path, bindings }) => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker(bundle, bindings());
  });
  afterAll(() => worker?.dispose());

  it("serves the public roster, and 304 while it has not changed", async () => {
    const visitor = new TestClient(worker);
    const first = await visitor.get("/_api/public/guild-members");
    expect(first.status).toBe(200);
    const names = (first.data.guildMembers as { playerName: string }[]).map((m) => m.playerName);
    expect(names).toContain("Ashvale");
    const etag = first.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    expect((await visitor.get("/_api/public/guild-members", { "if-none-match": etag })).status).toBe(304);
  });

  it("logs an officer in and commits a write in a transaction, which the next read shows", async () => {
    const officer = new TestClient(worker);
    expect((await officer.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    const boss = `Worker Boss ${path.split(" ")[0]}`;
    const created = await officer.post("/_api/boss-names", { name: boss, respawn_time_hours: 12 });
    expect(created.status).toBe(201);
    const visitor = new TestClient(worker);
    const list = await visitor.get("/_api/public/boss-names");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.data)).toContain(boss);
    const receipt = await visitor.get("/_api/public/salary-calculation/summary");
    expect(receipt.status).toBe(200);
  });
});

describe("the Worker bundle without a database", () => {
  it("answers 503 with a plain message when neither HYPERDRIVE nor DATABASE_URL is set", async () => {
    const worker = await startWorker(bundle, { vars: { AUTH_PEPPER: PEPPER } });
    try {
      const res = await worker.fetch("/_api/public/guild-members");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: "The server is not configured correctly." });
    } finally {
      await worker.dispose();
    }
  });
});

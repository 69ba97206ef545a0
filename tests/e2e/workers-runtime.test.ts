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
import { type RunningWorker, startWorker } from "@worker/test/worker-runtime.ts";
import { databasePaths, setUpWorkerDatabase } from "./worker-harness.ts";

const PEPPER = "workers-runtime-pepper-0123";
const ADMIN = { email: "officer@guild.test", password: "correct horse battery" };

const harness = setUpWorkerDatabase(async (url) => {
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    await db.transaction((tx) => tx.exec(loadSampleData()));
    await ensureAdmin(db, { ...ADMIN, pepper: PEPPER });
  } finally {
    await db.close();
  }
});

const paths = databasePaths(harness, { AUTH_PEPPER: PEPPER });

describe.each(paths)("the Worker bundle through $path", ({ path, bindings }) => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker(harness.bundle, bindings());
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
    const worker = await startWorker(harness.bundle, { vars: { AUTH_PEPPER: PEPPER } });
    try {
      const res = await worker.fetch("/_api/public/guild-members");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: "The server is not configured correctly." });
    } finally {
      await worker.dispose();
    }
  });
});

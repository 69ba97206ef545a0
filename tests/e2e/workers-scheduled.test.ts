/**
 * The Worker's Cron Trigger (wrangler.toml `[triggers]`): the bundle `wrangler deploy` uploads, run in workerd
 * (Miniflare), fired as the platform fires it, purging PostgreSQL 15 through each database path the entry
 * takes (decision 025): a Hyperdrive binding and, without one, the Neon driver over WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "@worker/auth/users-repo.ts";
import { createNodePostgresDb } from "@worker/db/node-postgres.ts";
import { databaseUrl, newDatabaseName } from "@worker/test/database-names.ts";
import { acquirePostgresTemplate } from "@worker/test/postgres-template.ts";
import { bundleWorker, startWorker, type WorkerBundle } from "@worker/test/worker-runtime.ts";
import { startWsTcpProxy, type WsTcpProxy } from "@worker/test/ws-tcp-proxy.ts";

const PEPPER = "workers-scheduled-pepper-0123";
const DAY_MS = 24 * 60 * 60 * 1000;

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
  proxy = await startWsTcpProxy([new URL(url).host]);
  cleanup.push(() => proxy.close());
  bundle = bundleWorker();
  cleanup.push(async () => bundle.dispose());
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Runs fn on a connection of the test's own to the database the Worker uses. */
async function withDb<T>(fn: (db: ReturnType<typeof createNodePostgresDb>) => Promise<T>): Promise<T> {
  const db = createNodePostgresDb(url, { max: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A user with one expired and one live session, and an audit entry 400 days old; answers the user's id. */
async function seed(label: string): Promise<number> {
  return withDb(async (db) => {
    const user = await insertUser(db, { email: `${label}@guild.test`, displayName: label, role: "user" });
    const hash = (n: number) => `${user.id.toString(16)}${n}`.padStart(64, "0");
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at)
       VALUES ($1, $3, now() - interval '1 minute'), ($2, $3, now() + interval '1 day')`,
      [hash(1), hash(2), user.id],
    );
    await db.query(
      "INSERT INTO audit_log (actor_id, action, entity, created_at) VALUES ($1, 'create', 'probe', $2)",
      [user.id, new Date(Date.now() - 400 * DAY_MS)],
    );
    return user.id;
  });
}

const left = (userId: number) =>
  withDb(async (db) => ({
    sessions: (
      await db.query<{ live: boolean }>(
        "SELECT expires_at > now() AS live FROM sessions WHERE user_id = $1",
        [userId],
      )
    ).map((row) => row.live),
    audit: (await db.query("SELECT 1 FROM audit_log WHERE actor_id = $1", [userId])).length,
  }));

/** Hyperdrive needs a password in the URL; the test server trusts local connections and ignores it. */
const withPassword = (u: string) => u.replace("postgres@", "postgres:unused@");

const paths = [
  {
    path: "Hyperdrive (node-postgres)",
    vars: () => ({ AUTH_PEPPER: PEPPER }),
    hyperdrive: () => withPassword(url),
  },
  {
    path: "the Neon driver over WebSocket",
    vars: () => ({ AUTH_PEPPER: PEPPER, DATABASE_URL: url, NEON_WS_PROXY: proxy.address }),
    hyperdrive: () => undefined,
  },
];

describe.each(paths)("the Worker's scheduled event through $path", ({ path, vars, hyperdrive }) => {
  const label = path.split(" ")[0]?.toLowerCase() ?? "worker";

  it("purges an expired session and keeps the audit log by default", async () => {
    const userId = await seed(`${label}-default`);
    const worker = await startWorker(bundle, { vars: vars(), hyperdrive: hyperdrive() });
    try {
      expect(await worker.scheduled()).toMatchObject({ outcome: "ok" });
    } finally {
      await worker.dispose();
    }
    expect(await left(userId)).toEqual({ sessions: [true], audit: 1 });
  });

  it("trims the audit log when AUDIT_RETENTION_DAYS is set", async () => {
    const userId = await seed(`${label}-retention`);
    const worker = await startWorker(bundle, {
      vars: { ...vars(), AUDIT_RETENTION_DAYS: "365" },
      hyperdrive: hyperdrive(),
    });
    try {
      expect(await worker.scheduled()).toMatchObject({ outcome: "ok" });
    } finally {
      await worker.dispose();
    }
    expect(await left(userId)).toEqual({ sessions: [true], audit: 0 });
  });
});

describe("the Worker's scheduled event without a database", () => {
  it("fails the invocation, so the platform reports it", async () => {
    const worker = await startWorker(bundle, { vars: { AUTH_PEPPER: PEPPER } });
    try {
      expect(await worker.scheduled()).toMatchObject({ outcome: "exception" });
    } finally {
      await worker.dispose();
    }
  });
});

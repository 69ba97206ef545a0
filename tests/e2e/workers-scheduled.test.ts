/**
 * The Worker's Cron Trigger (wrangler.toml `[triggers]`): the bundle `wrangler deploy` uploads, run in workerd
 * (Miniflare), fired as the platform fires it, purging PostgreSQL 15 through each database path the entry
 * takes (decision 025): a Hyperdrive binding and, without one, the Neon driver over WebSocket.
 */
import { describe, expect, it } from "vitest";
import { insertUser } from "@worker/auth/users-repo.ts";
import { startWorker } from "@worker/test/worker-runtime.ts";
import { databasePaths, setUpWorkerDatabase } from "./worker-harness.ts";

const PEPPER = "workers-scheduled-pepper-0123";
const DAY_MS = 24 * 60 * 60 * 1000;

const harness = setUpWorkerDatabase();

/** A user with one expired and one live session, and an audit entry 400 days old; answers the user's id. */
async function seed(label: string): Promise<number> {
  return harness.withDb(async (db) => {
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
  harness.withDb(async (db) => ({
    sessions: (
      await db.query<{ live: boolean }>(
        "SELECT expires_at > now() AS live FROM sessions WHERE user_id = $1",
        [userId],
      )
    ).map((row) => row.live),
    audit: (await db.query("SELECT 1 FROM audit_log WHERE actor_id = $1", [userId])).length,
  }));

const paths = databasePaths(harness, { AUTH_PEPPER: PEPPER });

describe.each(paths)("the Worker's scheduled event through $path", ({ path, bindings }) => {
  const label = path.split(" ")[0]?.toLowerCase() ?? "worker";

  it("purges an expired session and keeps the audit log by default", async () => {
    const userId = await seed(`${label}-default`);
    const worker = await startWorker(harness.bundle, bindings());
    try {
      expect(await worker.scheduled()).toMatchObject({ outcome: "ok" });
    } finally {
      await worker.dispose();
    }
    expect(await left(userId)).toEqual({ sessions: [true], audit: 1 });
  });

  it("trims the audit log when AUDIT_RETENTION_DAYS is set", async () => {
    const userId = await seed(`${label}-retention`);
    const worker = await startWorker(harness.bundle, bindings({ AUDIT_RETENTION_DAYS: "365" }));
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
    const worker = await startWorker(harness.bundle, { vars: { AUTH_PEPPER: PEPPER } });
    try {
      expect(await worker.scheduled()).toMatchObject({ outcome: "exception" });
    } finally {
      await worker.dispose();
    }
  });
});

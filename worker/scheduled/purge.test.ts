import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertUser } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { createTestDb } from "../test/test-db.ts";
import {
  DISCORD_INTERACTION_RETENTION_MS,
  IDEMPOTENCY_KEY_RETENTION_MS,
  LOGIN_ATTEMPT_RETENTION_MS,
  PURGE_BATCH_ROWS,
  PURGE_MAX_ROWS,
} from "./purge.ts";
import { runScheduledJobs, type ScheduledJob } from "./run-scheduled-jobs.ts";
import type { ScheduledConfig } from "./scheduled-config.ts";

let db: Db;
let userId: number;
const KEEP_AUDIT: ScheduledConfig = { auditRetentionDays: null };
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const now = new Date("2026-05-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  db = await createTestDb();
  userId = (await insertUser(db, { email: "purge@guild.test", displayName: "Purge", role: "user" })).id;
});
afterAll(async () => {
  await db?.close();
});
// Each test seeds the four tables from empty and counts what is left in them.
beforeEach(async () => {
  await db.exec(
    `DELETE FROM sessions; DELETE FROM login_attempts; DELETE FROM idempotency_keys; DELETE FROM audit_log;
     DELETE FROM discord_interactions;`,
  );
});

let seq = 0;
const next = () => ++seq;

async function session(expiresAt: Date) {
  const hash = next().toString(16).padStart(64, "0");
  await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)", [
    hash,
    userId,
    expiresAt,
  ]);
}
async function loginAttempt(at: Date) {
  await db.query(
    "INSERT INTO login_attempts (email, success, ip, attempted_at) VALUES ($1, false, NULL, $2)",
    [`a${next()}@guild.test`, at],
  );
}
async function idempotencyKey(createdAt: Date) {
  await db.query(
    `INSERT INTO idempotency_keys (key, user_id, method, path, request_hash, response_status, response_body, created_at)
     VALUES ($1, $2, 'POST', '/_api/boss-names', 'hash', 201, '{}', $3)`,
    [`key-${next()}`, userId, createdAt],
  );
}
async function auditEntry(createdAt: Date) {
  await db.query(
    "INSERT INTO audit_log (actor_id, action, entity, entity_id, created_at) VALUES ($1, 'create', 'probe', $2, $3)",
    [userId, String(next()), createdAt],
  );
}

async function discordInteraction(receivedAt: Date) {
  await db.query(
    "INSERT INTO discord_interactions (id, discord_user_id, kind, received_at) VALUES ($1, $2, 'ping', $3)",
    [String(100_000_000_000_000_000n + BigInt(next())), "200000000000000001", receivedAt],
  );
}

const TIMESTAMPS = {
  sessions: "expires_at",
  login_attempts: "attempted_at",
  idempotency_keys: "created_at",
  audit_log: "created_at",
  discord_interactions: "received_at",
} as const;
type Table = keyof typeof TIMESTAMPS;

/** The timestamps left in a table, oldest first. */
async function left(table: Table): Promise<number[]> {
  const rows = await db.query<{ at: Date }>(`SELECT ${TIMESTAMPS[table]} AS at FROM ${table} ORDER BY 1`);
  return rows.map((row) => new Date(row.at).getTime());
}

async function seedOldAndNew() {
  await session(ago(MINUTE_MS)); // expired a minute ago
  await session(new Date(now.getTime() + DAY_MS));
  await loginAttempt(ago(LOGIN_ATTEMPT_RETENTION_MS + MINUTE_MS));
  await loginAttempt(ago(LOGIN_ATTEMPT_RETENTION_MS - MINUTE_MS));
  await idempotencyKey(ago(IDEMPOTENCY_KEY_RETENTION_MS + MINUTE_MS));
  await idempotencyKey(ago(IDEMPOTENCY_KEY_RETENTION_MS - MINUTE_MS));
  await auditEntry(ago(400 * DAY_MS));
  await auditEntry(ago(20 * DAY_MS));
  await discordInteraction(ago(DISCORD_INTERACTION_RETENTION_MS + MINUTE_MS));
  await discordInteraction(ago(DISCORD_INTERACTION_RETENTION_MS - MINUTE_MS));
}

describe("runScheduledJobs: the purge", () => {
  it("deletes expired sessions, old login attempts and old idempotency keys, and keeps the audit log", async () => {
    await seedOldAndNew();
    const [outcome] = await runScheduledJobs(db, KEEP_AUDIT, now);
    expect(outcome).toEqual({
      job: "purge",
      ok: true,
      result: { sessions: 1, login_attempts: 1, idempotency_keys: 1, audit_log: 0, discord_interactions: 1 },
    });
    expect(await left("sessions")).toEqual([now.getTime() + DAY_MS]);
    expect(await left("login_attempts")).toEqual([ago(LOGIN_ATTEMPT_RETENTION_MS - MINUTE_MS).getTime()]);
    expect(await left("idempotency_keys")).toEqual([ago(IDEMPOTENCY_KEY_RETENTION_MS - MINUTE_MS).getTime()]);
    expect(await left("audit_log")).toEqual([ago(400 * DAY_MS).getTime(), ago(20 * DAY_MS).getTime()]);
    expect(await left("discord_interactions")).toEqual([
      ago(DISCORD_INTERACTION_RETENTION_MS - MINUTE_MS).getTime(),
    ]);
  });

  it("trims the audit log to AUDIT_RETENTION_DAYS when it is set", async () => {
    await seedOldAndNew();
    await runScheduledJobs(db, { auditRetentionDays: 30 }, now);
    expect(await left("audit_log")).toEqual([ago(20 * DAY_MS).getTime()]);
    await runScheduledJobs(db, { auditRetentionDays: 10 }, now);
    expect(await left("audit_log")).toEqual([]);
  });

  it("has nothing to do on a second run", async () => {
    await seedOldAndNew();
    await runScheduledJobs(db, { auditRetentionDays: 30 }, now);
    const [again] = await runScheduledJobs(db, { auditRetentionDays: 30 }, now);
    expect(again).toEqual({
      job: "purge",
      ok: true,
      result: { sessions: 0, login_attempts: 0, idempotency_keys: 0, audit_log: 0, discord_interactions: 0 },
    });
  });

  it(`deletes at most ${PURGE_MAX_ROWS} rows of a table in one run, oldest first`, async () => {
    const backlog = PURGE_MAX_ROWS + PURGE_BATCH_ROWS / 2;
    // One a second, the newest a day and an hour old.
    await db.query(
      `INSERT INTO login_attempts (email, success, attempted_at)
       SELECT 'backlog@guild.test', false, $1::timestamptz - make_interval(secs => n) FROM generate_series(1, $2) n`,
      [ago(DAY_MS + 60 * MINUTE_MS), backlog],
    );
    await db.query(
      `INSERT INTO audit_log (action, entity, created_at)
       SELECT 'create', 'probe', $1::timestamptz - make_interval(secs => n) FROM generate_series(1, $2) n`,
      [ago(400 * DAY_MS), backlog],
    );
    const [first] = await runScheduledJobs(db, { auditRetentionDays: 30 }, now);
    expect(first).toMatchObject({
      ok: true,
      result: { login_attempts: PURGE_MAX_ROWS, audit_log: PURGE_MAX_ROWS },
    });
    const remaining = await left("login_attempts");
    expect(remaining).toHaveLength(backlog - PURGE_MAX_ROWS);
    // The newest rows are the ones left for the next run.
    expect(Math.max(...remaining)).toBe(ago(DAY_MS + 60 * MINUTE_MS).getTime() - 1000);
    const [second] = await runScheduledJobs(db, { auditRetentionDays: 30 }, now);
    expect(second).toMatchObject({
      result: { login_attempts: backlog - PURGE_MAX_ROWS, audit_log: backlog - PURGE_MAX_ROWS },
    });
    expect(await left("login_attempts")).toEqual([]);
    expect(await left("audit_log")).toEqual([]);
  });

  it("finds what to delete through an index on each timestamp", async () => {
    for (const [table, column] of Object.entries(TIMESTAMPS)) {
      const rows = await db.query<{ name: string }>(
        `SELECT i.relname AS name
           FROM pg_index x
           JOIN pg_class i ON i.oid = x.indexrelid
           JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
          WHERE x.indrelid = $1::regclass AND a.attname = $2 AND x.indpred IS NULL`,
        [table, column],
      );
      expect({ table, indexed: rows.length > 0 }).toEqual({ table, indexed: true });
    }
  });
});

describe("runScheduledJobs", () => {
  it("runs every job even when one fails, and reports the failure instead of throwing it", async () => {
    const ran: string[] = [];
    const jobs: ScheduledJob[] = [
      {
        name: "broken",
        run: async () => {
          ran.push("broken");
          throw new Error("no such table: spawn_alerts");
        },
      },
      {
        name: "fine",
        run: async (_db, _config, at) => {
          ran.push("fine");
          return at.toISOString();
        },
      },
    ];
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcomes = await runScheduledJobs(db, KEEP_AUDIT, now, jobs);
    expect(logged).toHaveBeenCalledWith("scheduled job broken failed: no such table: spawn_alerts");
    logged.mockRestore();
    expect(ran).toEqual(["broken", "fine"]);
    expect(outcomes).toEqual([
      { job: "broken", ok: false, error: "no such table: spawn_alerts" },
      { job: "fine", ok: true, result: now.toISOString() },
    ]);
  });
});

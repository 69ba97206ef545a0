// The data versions (sql/003-data-versions.sql) on every driver, and how this process knows them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/types.ts";
import { createTestDb, testDriver } from "../test/test-db.ts";
import { COLLECTIONS, type Collection, readDataVersions } from "./data-version.ts";

/** The tables behind each collection, each with a column to update. */
const TABLES_OF: Readonly<Record<Collection, readonly (readonly [table: string, column: string])[]>> = {
  members: [["guild_members", "id"]],
  market: [["market_exchange", "id"]],
  "boss-names": [["boss_names", "id"]],
  "boss-timers": [["boss_timers", "id"]],
  funds: [["guild_funds", "id"]],
  attendance: [["attendance_records", "id"]],
  salary: [
    ["salary_items", "item_id"],
    ["salary_shares", "item_id"],
    ["salary_earners", "earner_key"],
    ["salary_totals", "id"],
  ],
  payouts: [["payouts", "id"]],
  "fund-spending": [["fund_spending", "id"]],
  "guild-settings": [["guild_settings", "id"]],
  "check-ins": [
    ["check_ins", "id"],
    ["check_in_entries", "member_id"],
  ],
  auctions: [
    ["auctions", "id"],
    ["auction_bids", "seq"],
  ],
};

/** Tables whose TRUNCATE ... CASCADE also empties another table of their collection: each moves the version once. */
const TRUNCATE_MOVES: Readonly<Record<string, number>> = { check_ins: 2, auctions: 2 };

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

type Versions = Record<string, number>;

async function versionsIn(q: Pick<Db, "query">): Promise<Versions> {
  const rows = await q.query<{ collection: string; version: number }>(
    "SELECT collection, version FROM data_versions ORDER BY collection",
  );
  return Object.fromEntries(rows.map((row) => [row.collection, row.version]));
}

/** What each kind of statement does to a table, without changing a row (a statement trigger fires anyway). */
const STATEMENTS = {
  insert: (table: string) => `INSERT INTO ${table} SELECT * FROM ${table} WHERE false`,
  update: (table: string, column: string) => `UPDATE ${table} SET ${column} = ${column} WHERE false`,
  delete: (table: string) => `DELETE FROM ${table} WHERE false`,
  truncate: (table: string) => `TRUNCATE ${table} CASCADE`,
};

class RollBack extends Error {}

/** Runs fn in a transaction that is then rolled back, so the file's other tests see nothing of it. */
async function inRolledBackTransaction(fn: (tx: Pick<Db, "query">) => Promise<void>): Promise<void> {
  await expect(
    db.transaction(async (tx) => {
      await fn(tx);
      throw new RollBack();
    }),
  ).rejects.toBeInstanceOf(RollBack);
}

describe("data_versions", () => {
  it("holds one version for each public collection", async () => {
    expect(Object.keys(await versionsIn(db)).sort()).toEqual([...COLLECTIONS].sort());
  });

  it("moves a collection's version by one for each INSERT, UPDATE, DELETE and TRUNCATE of its table, and no other's", async () => {
    for (const collection of COLLECTIONS) {
      for (const [table, column] of TABLES_OF[collection])
        for (const [kind, statement] of Object.entries(STATEMENTS)) {
          await inRolledBackTransaction(async (tx) => {
            const before = await versionsIn(tx);
            await tx.query(statement(table, column));
            const after = await versionsIn(tx);
            expect({ collection, kind, moved: after[collection] }).toEqual({
              collection,
              kind,
              moved:
                (before[collection] as number) + (kind === "truncate" ? (TRUNCATE_MOVES[table] ?? 1) : 1),
            });
            // TRUNCATE ... CASCADE also empties the tables that refer to this one (boss_timers for boss_names).
            if (kind !== "truncate")
              expect({ ...after, [collection]: 0 }).toEqual({ ...before, [collection]: 0 });
          });
        }
    }
  });

  it("moves once per statement, however many rows it writes, and not at all when the write rolls back", async () => {
    const before = await versionsIn(db);
    await inRolledBackTransaction(async (tx) => {
      await tx.query(
        "INSERT INTO boss_names (name, respawn_time_hours) SELECT 'Version boss ' || n, 10 FROM generate_series(1, 50) n",
      );
      expect((await versionsIn(tx))["boss-names"]).toBe((before["boss-names"] as number) + 1);
    });
    expect(await versionsIn(db)).toEqual(before);
  });

  it("is moved for everyone once the writing transaction commits", async () => {
    const before = await versionsIn(db);
    await db.transaction(async (tx) => {
      await tx.query("UPDATE guild_funds SET admin_fund = admin_fund WHERE id = 1");
    });
    expect((await versionsIn(db)).funds).toBe((before.funds as number) + 1);
  });
});

describe("readDataVersions", () => {
  it("answers the versions as they are after a write through any of the Db's calls", async () => {
    const seen = async () => Object.fromEntries(await readDataVersions(db));
    const start = await seen();
    expect(start).toEqual(await versionsIn(db));
    await db.query("UPDATE guild_members SET salary = salary WHERE false");
    expect((await seen()).members).toBe((start.members as number) + 1);
    await db.exec("DELETE FROM attendance_records WHERE false");
    expect((await seen()).attendance).toBe((start.attendance as number) + 1);
    await db.transaction((tx) => tx.query("UPDATE market_exchange SET value = value WHERE false"));
    expect((await seen()).market).toBe((start.market as number) + 1);
    // A writing CTE starts with WITH: it counts as a write too.
    await db.query(
      "WITH gone AS (DELETE FROM boss_timers WHERE false RETURNING 1) SELECT count(*) FROM gone",
    );
    expect(await seen()).toEqual(await versionsIn(db));
  });

  it.runIf(testDriver() === "pglite")(
    "on a database the process owns, keeps them in memory until a call that may write settles",
    async () => {
      const count = () => db.changeCount?.() ?? Number.NaN;
      const first = readDataVersions(db);
      expect(readDataVersions(db)).toBe(first);
      const at = count();
      await db.query("SELECT 1 FROM guild_members");
      // A read-only snapshot, as the salary receipt takes one.
      await db.transaction(async (tx) => {
        await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await tx.query("SELECT 1 FROM market_exchange");
      });
      expect(count()).toBe(at);
      expect(readDataVersions(db)).toBe(first);
      await db.query("UPDATE boss_names SET name = name WHERE false");
      expect(count()).toBe(at + 1);
      const second = readDataVersions(db);
      expect(second).not.toBe(first);
      await db.exec("SELECT 1");
      await db.transaction(async (tx) => {
        await tx.query("SELECT 1");
        await tx.query("DELETE FROM boss_timers WHERE false");
      });
      // A write that fails settles too: nothing may rely on what it might have done.
      await expect(db.query("INSERT INTO boss_names (name) VALUES (NULL)")).rejects.toThrow();
      expect(count()).toBe(at + 4);
      expect(readDataVersions(db)).not.toBe(second);
    },
  );
});

// Node only: the first start's sample data is read from sql/ on disk.
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password-hash.ts";
import { getPasswordHash } from "../auth/user-passwords-repo.ts";
import { findUserByEmail } from "../auth/users-repo.ts";
import type { Db, Queryable } from "../db/types.ts";
import { createBlankPgliteDb } from "../test/pglite-test-db.ts";
import { prepareDatabase } from "./prepare-database.ts";

const PEPPER = "a-pepper-for-these-tests";

class Crash extends Error {}

/**
 * A process that dies at its `at`-th step: before a statement outside a transaction, before a transaction
 * begins, inside one just before its commit, or before printing a line. A crash anywhere else inside a
 * transaction leaves what a crash before its commit leaves (none of it), so these are every moment that differs.
 */
function crashingAt(db: Db, printed: string[], at: number): { db: Db; log: (line: string) => void } {
  let steps = 0;
  const step = () => {
    steps += 1;
    if (steps === at) throw new Crash(`crashed at step ${at}`);
  };
  const log = (line: string) => {
    step();
    printed.push(line);
  };
  const crashing: Db = {
    ...db,
    async query<T>(sql: string, params?: readonly unknown[]) {
      step();
      return db.query<T>(sql, params);
    },
    async exec(sql: string) {
      step();
      return db.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      step();
      return db.transaction(async (tx) => {
        const result = await fn(tx);
        step();
        return result;
      });
    },
  };
  return { db: crashing, log };
}

const ADMIN_PASSWORD_LINE = /password: (\S+)/g;

/** What a first start leaves, in numbers, and whether the last password it printed opens the admin account. */
async function outcome(db: Db, printed: string[]) {
  const [counts] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM guild_members) AS members,
            (SELECT count(*)::int FROM boss_names) AS bosses,
            (SELECT count(*)::int FROM market_exchange) AS loot,
            (SELECT count(*)::int FROM attendance_records) AS attendance,
            (SELECT count(*)::int FROM users WHERE role = 'admin' AND NOT disabled) AS admins,
            (SELECT count(*)::int FROM schema_migrations) AS migrations`,
  );
  const password = [...printed.join("\n").matchAll(ADMIN_PASSWORD_LINE)].at(-1)?.[1];
  const admin = await findUserByEmail(db, "admin@guild.local");
  const hash = admin ? await getPasswordHash(db, admin.id) : undefined;
  const opens =
    password !== undefined && hash !== undefined && (await verifyPassword(password, hash, PEPPER)).ok;
  return { ...counts, passwordOpensAdmin: opens };
}

async function firstStart(db: Db, log: (line: string) => void, seedSampleData = true): Promise<void> {
  await prepareDatabase(db, { seedSampleData, pepper: PEPPER, log });
}
const printTo = (printed: string[]) => (line: string) => printed.push(line);

describe("a first start that crashes", () => {
  it("is finished by the next start, whatever the moment of the crash", async () => {
    const reference = await createBlankPgliteDb();
    const printedOnce: string[] = [];
    await firstStart(reference, printTo(printedOnce));
    const expected = await outcome(reference, printedOnce);
    await reference.close();
    expect(expected).toMatchObject({ members: 47, bosses: 24, loot: 3, admins: 1, passwordOpensAdmin: true });

    let crashes = 0;
    for (let at = 1; ; at++) {
      const db = await createBlankPgliteDb();
      const printed: string[] = [];
      try {
        const dying = crashingAt(db, printed, at);
        const crashed = await firstStart(dying.db, dying.log).then(
          () => false,
          (err: unknown) => {
            if (!(err instanceof Crash)) throw err;
            return true;
          },
        );
        if (!crashed) break; // every step ran: no later moment to crash at
        crashes += 1;
        await firstStart(db, printTo(printed)); // the restart
        expect(await outcome(db, printed), `crash at step ${at}`).toEqual(expected);
      } finally {
        await db.close();
      }
    }
    // schema_migrations made and read, the migrations with the sample data, their lines, the admin made
    expect(crashes).toBeGreaterThanOrEqual(9);
  }, 300_000);

  it("without sample data, still ends with the migrations and an admin", async () => {
    const db = await createBlankPgliteDb();
    try {
      const printed: string[] = [];
      const dying = crashingAt(db, printed, 4);
      await expect(firstStart(dying.db, dying.log, false)).rejects.toThrow(Crash);
      await firstStart(db, printTo(printed), false);
      expect(await outcome(db, printed)).toMatchObject({ members: 0, admins: 1, passwordOpensAdmin: true });
    } finally {
      await db.close();
    }
  }, 120_000);
});

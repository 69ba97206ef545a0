/**
 * Races made certain: `first` runs in a transaction that stays open while `second` (an API call) is sent, until
 * the database shows a session waiting for a lock (or 5 s pass, when `second` never waits); then it commits.
 * A write that takes the lock it should waits and sees what `first` wrote; one that does not goes ahead first.
 * PostgreSQL only: PGlite has one connection, so its writes take turns whatever the locks.
 */
import type { Db, Queryable } from "../db/types.ts";

const WAIT_LIMIT_MS = 5_000;

async function someoneWaitsForALock(db: Db): Promise<boolean> {
  const [row] = await db.query<{ waiting: number }>(
    "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
  );
  return (row?.waiting ?? 0) > 0;
}

export async function whileWriteOpen<T>(
  db: Db,
  first: (tx: Queryable) => Promise<void>,
  second: () => Promise<T>,
): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await first(tx);
    answer = second();
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (Date.now() < deadline && !(await someoneWaitsForALock(db))) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  return answer as Promise<T>;
}

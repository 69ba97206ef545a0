/**
 * Work that runs after the answer has gone (Discord delivery, decision 043): on Workers inside
 * executionCtx.waitUntil; on Node on its own, never awaited by the request. The work uses the request's
 * database, so create-app.ts closes a per-request database only once that work has ended (`settleBackground`).
 */
import type { Context } from "hono";
import type { AppEnv } from "../app/context.ts";
import type { Db } from "../db/types.ts";

const running = new WeakMap<Db, Set<Promise<void>>>();
const sleeping = new WeakMap<Db, Set<() => void>>();

/** Starts `task` on `db` after the answer; its failure is logged, never thrown at the request. */
export function runInBackground(
  c: Context<AppEnv>,
  db: Db,
  label: string,
  task: () => Promise<unknown>,
): void {
  const tasks = running.get(db) ?? new Set<Promise<void>>();
  running.set(db, tasks);
  const promise: Promise<void> = Promise.resolve()
    .then(task)
    .then(
      () => undefined,
      (err: unknown) => console.error(`${label} failed: ${(err as Error)?.message ?? err}`),
    )
    .finally(() => tasks.delete(promise));
  tasks.add(promise);
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // Node has no execution context: the promise runs on its own.
  }
}

/** Resolves once the background work on `db` has ended (work started meanwhile included). */
export async function settleBackground(db: Db): Promise<void> {
  for (;;) {
    const tasks = running.get(db);
    if (!tasks || tasks.size === 0) return;
    await Promise.all(tasks);
  }
}

/**
 * Waits `ms` inside background work on `db` (a held message's due time), or less: `wakeBackground(db)` ends
 * every such wait at once, and the work after it runs then.
 */
export function sleepInBackground(db: Db, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const sleepers = sleeping.get(db) ?? new Set<() => void>();
    sleeping.set(db, sleepers);
    const wake = () => {
      clearTimeout(timer);
      sleepers.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    sleepers.add(wake);
  });
}

/** Ends the waits of the background work on `db` (at shutdown: the work ends now instead of after its wait). */
export function wakeBackground(db: Db): void {
  for (const wake of [...(sleeping.get(db) ?? [])]) wake();
}

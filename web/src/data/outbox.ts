/**
 * Sends queued writes strictly in order, one sender at a time across tabs (a Web Lock, or claims in
 * IndexedDB where locks are missing). Each attempt carries the row id as Idempotency-Key, so a row re-sent
 * after a lost answer is applied once. See retry-policy.ts for what each answer does to the queue.
 */
import type { DataLayerEnv } from "./environment.ts";
import {
  acknowledge,
  affectedCollections,
  claimHead,
  makeWaitingDue,
  recordFailure,
  releaseAbandonedClaims,
  removeUnsent,
  requeue,
} from "./outbox-rows.ts";
import type { CollectionName, OutboxRow, PortalDb } from "./portal-db.ts";
import type { LayerStore } from "./pull-and-send-state.ts";
import { classifyFailure, type SendOutcome } from "./retry-policy.ts";
import type { WriteTransport } from "./write-transport.ts";

export const OUTBOX_LOCK = "guild-portal-outbox";

export interface OutboxDeps {
  db: PortalDb;
  transport: WriteTransport;
  env: DataLayerEnv;
  store: LayerStore;
  /** Pulls the given collections (refresh after success, re-pull after a discard). */
  refresh: (collections: CollectionName[]) => void;
}

/** Sends one row; undefined when the server applied it. */
async function send(transport: WriteTransport, row: OutboxRow): Promise<SendOutcome | undefined> {
  try {
    await transport.post(row.path, row.args, row.id);
    return undefined;
  } catch (error) {
    return classifyFailure(error);
  }
}

export function createOutbox(deps: OutboxDeps) {
  const { db, transport, env, store } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let wake: { at: number; handle: unknown } | null = null;

  function scheduleWake(at: number): void {
    if (wake && wake.at <= at) return;
    if (wake) env.clearTimeout(wake.handle);
    const handle = env.setTimeout(
      () => {
        wake = null;
        void drain();
      },
      Math.max(0, at - env.now()),
    );
    wake = { at, handle };
  }

  /** Sends rows from the head until the queue is empty, waits, or pauses. */
  async function sendDue(refresh: Set<CollectionName>): Promise<void> {
    while (!store.getState().paused) {
      const step = await claimHead(db, env.now());
      if (step.kind === "empty") return;
      if (step.kind === "wait") return scheduleWake(step.until);
      const { row } = step;
      const outcome = await send(transport, row);
      if (!outcome) {
        await acknowledge(db, row);
        for (const c of affectedCollections(row)) refresh.add(c);
        continue;
      }
      const dueAt = await recordFailure(db, row, outcome, env.now());
      if (outcome.kind === "failed") {
        // A pull that arrived while this row was being sent was dropped as stale, waiting for the refresh a
        // success brings; a refusal brings none, so it asks for one too.
        for (const c of affectedCollections(row)) refresh.add(c);
        continue;
      }
      if (outcome.kind === "pause") store.setState({ paused: true });
      else scheduleWake(dueAt);
      return;
    }
  }

  async function pass(exclusive: boolean): Promise<void> {
    if (store.getState().paused || !env.isOnline()) return;
    await releaseAbandonedClaims(db, env.now(), exclusive);
    const refresh = new Set<CollectionName>();
    try {
      await sendDue(refresh);
    } finally {
      // One refresh per collection for the whole pass, not one per row.
      if (refresh.size > 0) deps.refresh([...refresh]);
    }
  }

  function exclusively(): Promise<void> {
    const { locks } = env;
    return locks ? locks.request(OUTBOX_LOCK, () => pass(true)) : pass(false);
  }

  /** Sends what is due. Calls during a drain make it look once more; the promise settles when idle. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await exclusively();
        } while (again);
      } catch (error) {
        console.error("Outbox drain failed", error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Puts a failed (or waiting) row back in line to be sent now. False when there is no such row. */
  async function retry(id: string): Promise<boolean> {
    const changed = await requeue(db, id);
    if (changed) void drain();
    return changed;
  }

  /** Drops a row that has not been sent, removes its local effect at once, then pulls its collections. */
  async function discard(id: string): Promise<boolean> {
    const row = await removeUnsent(db, id);
    if (!row) return false;
    deps.refresh(affectedCollections(row));
    return true;
  }

  /** After a 401: the session is back, send again. */
  function resume(): Promise<void> {
    if (store.getState().paused) store.setState({ paused: false });
    return drain();
  }

  /** The network is back: rows waiting out a backoff are due now. */
  async function retryWaitingNow(): Promise<void> {
    await makeWaitingDue(db);
    await drain();
  }

  function stop(): void {
    if (wake) env.clearTimeout(wake.handle);
    wake = null;
  }

  return { drain, retry, discard, resume, retryWaitingNow, stop };
}

export type Outbox = ReturnType<typeof createOutbox>;

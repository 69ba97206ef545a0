/**
 * Sends queued writes, several at a time (decision 034), one sender at a time across tabs (a Web Lock, or
 * claims in IndexedDB where locks are missing). Each write carries its row id as Idempotency-Key, so a row
 * re-sent after a lost answer is applied once. Order is kept among the writes to the same row
 * (write-order.ts); a write waiting out a backoff holds back only those. See retry-policy.ts for what each
 * answer does to the queue. When the server answers a full pull again (the live feed back after a restart,
 * decision 057), the writes that waited for it go at once.
 */
import type { DataLayerEnv } from "./environment.ts";
import {
  affectedCollections,
  claimDue,
  makeWaitingDue,
  releaseAbandonedClaims,
  removeUnsent,
  requeue,
  settleBatch,
} from "./outbox-rows.ts";
import { claimSize, sendClaimed } from "./outbox-send.ts";
import type { CollectionName, PortalDb } from "./portal-db.ts";
import type { LayerStore } from "./pull-and-send-state.ts";
import type { SessionAccount } from "./write-owner.ts";
import type { WriteTransport } from "./write-transport.ts";

export const OUTBOX_LOCK = "guild-portal-outbox";

export interface OutboxDeps {
  db: PortalDb;
  transport: WriteTransport;
  env: DataLayerEnv;
  store: LayerStore;
  /** The account signed in: only its own queued writes are sent (write-owner.ts). */
  owner: () => SessionAccount;
  /** Pulls the given collections (refresh after success, re-pull after a discard). */
  refresh: (collections: CollectionName[]) => void;
}

export function createOutbox(deps: OutboxDeps) {
  const { db, transport, env, store } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let wake: { at: number; handle: unknown } | null = null;
  /** The server answered since the last claim: the rows that waited for it are due (decision 057). */
  let serverBack = false;
  // The store is this layer's own, so the subscription lives exactly as long as the outbox.
  store.subscribe((state, previous) => {
    if (state.serverAnswers === previous.serverAnswers) return;
    serverBack = true;
    void drain();
  });

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

  /** Sends the due rows, a batch at a time, until none is due (a wake is set for the first that waits) or a pause. */
  async function sendDue(refresh: Set<CollectionName>): Promise<void> {
    while (!store.getState().paused) {
      const account = deps.owner();
      // Nobody signed in, or not known yet: every write waits for the account that made it.
      if (!account) return;
      const waitersDue = serverBack;
      serverBack = false;
      const claim = await claimDue(db, env.now(), account.id, claimSize(transport), waitersDue);
      if (claim.rows.length === 0) {
        if (claim.wakeAt !== null) scheduleWake(claim.wakeAt);
        return;
      }
      const answers = await sendClaimed(transport, claim.rows, env.now());
      const settled = await settleBatch(db, answers, env.now(), env.random?.() ?? Math.random());
      // A refusal brings no refresh of its own, and a pull that arrived while it was sent was dropped as stale.
      for (const c of settled.refresh) refresh.add(c);
      if (settled.paused) store.setState({ paused: true });
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

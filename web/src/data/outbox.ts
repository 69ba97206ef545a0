/**
 * Sends queued writes strictly in order, one sender at a time across tabs (a Web Lock, or claims in
 * IndexedDB where locks are missing). Each attempt carries the row id as Idempotency-Key, so a row re-sent
 * after a lost answer is applied once. See retry-policy.ts for what each answer does to the queue.
 */
import type { DataLayerEnv } from "./environment.ts";
import type { LayerStore } from "./layer-state.ts";
import { mutationFor, touchedBy } from "./mutations.ts";
import type { CollectionName, OutboxRow, PortalDb } from "./portal-db.ts";
import { bumpWriteVersions, foldIntoBase, rebuildCollections } from "./rebuild.ts";
import { classifyFailure, retryDelayMs, type SendOutcome } from "./retry-policy.ts";
import { SEND_TIMEOUT_MS, type WriteTransport } from "./write-transport.ts";

export const OUTBOX_LOCK = "guild-portal-outbox";
/** Without Web Locks, a row another tab marked 'sending' is taken over only after this long. */
export const CLAIM_LEASE_MS = SEND_TIMEOUT_MS + 5_000;

export interface OutboxDeps {
  db: PortalDb;
  transport: WriteTransport;
  env: DataLayerEnv;
  store: LayerStore;
  /** Pulls the given collections (refresh after success, re-pull after a discard). */
  refresh: (collections: CollectionName[]) => void;
}

type HeadStep = { kind: "empty" } | { kind: "wait"; until: number } | { kind: "send"; row: OutboxRow };

/** The collections to pull once a row is acknowledged or discarded. */
export function affectedCollections(row: Pick<OutboxRow, "name">): CollectionName[] {
  const mutation = mutationFor(row.name);
  return mutation ? [...new Set([...mutation.writes, ...mutation.refresh])] : [];
}

export function createOutbox(deps: OutboxDeps) {
  const { db, transport, env, store } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let wake: { at: number; handle: unknown } | null = null;

  async function releaseAbandonedClaims(exclusive: boolean): Promise<void> {
    const now = env.now();
    await db.transaction("rw", db.outbox, async () => {
      await db.outbox
        .where("status")
        .equals("sending")
        .filter((row) => exclusive || (row.claimedAt ?? 0) + CLAIM_LEASE_MS <= now)
        .modify({ status: "pending", claimedAt: null });
    });
  }

  /** Takes the head of the queue (the oldest row not failed) if it is due. */
  async function claimHead(): Promise<HeadStep> {
    const now = env.now();
    return db.transaction("rw", db.outbox, async (): Promise<HeadStep> => {
      const head = await db.outbox
        .orderBy("seq")
        .filter((row) => row.status !== "failed")
        .first();
      if (!head) return { kind: "empty" };
      if (head.status === "sending") return { kind: "wait", until: (head.claimedAt ?? 0) + CLAIM_LEASE_MS };
      if (head.nextAttemptAt > now) return { kind: "wait", until: head.nextAttemptAt };
      const row: OutboxRow = { ...head, status: "sending", attempts: head.attempts + 1, claimedAt: now };
      await db.outbox.put(row);
      return { kind: "send", row };
    });
  }

  async function acknowledge(row: OutboxRow): Promise<void> {
    await db.transaction("rw", db.tables, async () => {
      if (row.seq !== undefined) await db.outbox.delete(row.seq);
      await foldIntoBase(db, row);
      await bumpWriteVersions(db, affectedCollections(row));
    });
  }

  /** Records a failed attempt; resolves with when the row is due again. */
  async function settle(row: OutboxRow, outcome: SendOutcome): Promise<number> {
    const nextAttemptAt = outcome.kind === "retry" ? env.now() + retryDelayMs(row.attempts) : 0;
    const changes: Partial<OutboxRow> =
      outcome.kind === "failed"
        ? { status: "failed" }
        : outcome.kind === "retry"
          ? { status: "pending", nextAttemptAt }
          : // A paused row has not really been tried: the next login sends it at once.
            { status: "pending", attempts: row.attempts - 1, nextAttemptAt };
    if (row.seq !== undefined) {
      await db.outbox.update(row.seq, {
        ...changes,
        claimedAt: null,
        lastError: outcome.message,
        lastStatus: outcome.status,
      });
    }
    return nextAttemptAt;
  }

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

  async function pass(exclusive: boolean): Promise<void> {
    if (store.getState().paused || !env.isOnline()) return;
    await releaseAbandonedClaims(exclusive);
    const refresh = new Set<CollectionName>();
    try {
      while (!store.getState().paused) {
        const step = await claimHead();
        if (step.kind === "empty") break;
        if (step.kind === "wait") {
          scheduleWake(step.until);
          break;
        }
        const { row } = step;
        let outcome: SendOutcome | undefined;
        try {
          await transport.post(row.path, row.args, row.id);
        } catch (error) {
          outcome = classifyFailure(error);
        }
        if (!outcome) {
          await acknowledge(row);
          for (const c of affectedCollections(row)) refresh.add(c);
          continue;
        }
        const dueAt = await settle(row, outcome);
        if (outcome.kind === "failed") continue;
        if (outcome.kind === "pause") store.setState({ paused: true });
        else scheduleWake(dueAt);
        break;
      }
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

  async function findRow(id: string): Promise<OutboxRow | undefined> {
    return db.outbox.where("id").equals(id).first();
  }

  /** Puts a failed (or waiting) row back in line to be sent now. False when there is no such row. */
  async function retry(id: string): Promise<boolean> {
    const changed = await db.transaction("rw", db.outbox, async () => {
      const row = await findRow(id);
      if (!row || row.seq === undefined || row.status === "sending") return false;
      await db.outbox.update(row.seq, {
        status: "pending",
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        lastStatus: null,
      });
      return true;
    });
    if (changed) void drain();
    return changed;
  }

  /**
   * Drops a row that has not been sent and removes its local effect at once (the collections are rebuilt
   * from the server's copy), then pulls them. A row being sent cannot be discarded: it may already apply.
   */
  async function discard(id: string): Promise<boolean> {
    const row = await db.transaction("rw", db.tables, async () => {
      const found = await findRow(id);
      if (!found || found.seq === undefined || found.status === "sending") return undefined;
      await db.outbox.delete(found.seq);
      const mutation = mutationFor(found.name);
      if (mutation) await rebuildCollections(db, touchedBy(mutation));
      return found;
    });
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
    await db.transaction("rw", db.outbox, async () => {
      await db.outbox
        .where("status")
        .equals("pending")
        .filter((row) => row.nextAttemptAt > 0)
        .modify({ nextAttemptAt: 0 });
    });
    await drain();
  }

  function stop(): void {
    if (wake) env.clearTimeout(wake.handle);
    wake = null;
  }

  return { drain, retry, discard, resume, retryWaitingNow, stop };
}

export type Outbox = ReturnType<typeof createOutbox>;

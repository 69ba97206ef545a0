/**
 * The outbox table's transitions, each one IndexedDB transaction: claim the head, acknowledge, record a
 * failed attempt, put a row back in line, discard it. outbox.ts decides when to call them.
 */
import { mutationFor, touchedBy } from "./mutations.ts";
import type { CollectionName, OutboxRow, PortalDb } from "./portal-db.ts";
import { bumpWriteVersions, foldIntoBase, rebuildCollections } from "./rebuild.ts";
import { retryDelayMs, type SendOutcome } from "./retry-policy.ts";
import { SEND_TIMEOUT_MS } from "./write-transport.ts";

/** Without Web Locks, a row another tab marked 'sending' is taken over only after this long. */
export const CLAIM_LEASE_MS = SEND_TIMEOUT_MS + 5_000;

export type HeadStep = { kind: "empty" } | { kind: "wait"; until: number } | { kind: "send"; row: OutboxRow };

/** The collections to pull once a row is acknowledged or discarded. */
export function affectedCollections(row: Pick<OutboxRow, "name">): CollectionName[] {
  const mutation = mutationFor(row.name);
  return mutation ? [...new Set([...mutation.writes, ...mutation.refresh])] : [];
}

/**
 * Rows left 'sending' by a sender that is gone: all of them when this sender holds the lock, otherwise
 * those whose claim is older than the lease.
 */
export async function releaseAbandonedClaims(db: PortalDb, now: number, exclusive: boolean): Promise<void> {
  await db.transaction("rw", db.outbox, async () => {
    await db.outbox
      .where("status")
      .equals("sending")
      .filter((row) => exclusive || (row.claimedAt ?? 0) + CLAIM_LEASE_MS <= now)
      .modify({ status: "pending", claimedAt: null });
  });
}

/** Takes the head of the queue (the oldest row not failed) if it is due. */
export function claimHead(db: PortalDb, now: number): Promise<HeadStep> {
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

/** The server applied the row: it leaves the queue and its effect joins the base copy. */
export async function acknowledge(db: PortalDb, row: OutboxRow): Promise<void> {
  await db.transaction("rw", db.tables, async () => {
    if (row.seq !== undefined) await db.outbox.delete(row.seq);
    await foldIntoBase(db, row);
    await bumpWriteVersions(db, affectedCollections(row));
  });
}

/** Records a failed attempt; resolves with when the row is due again. */
export async function recordFailure(
  db: PortalDb,
  row: OutboxRow,
  outcome: SendOutcome,
  now: number,
): Promise<number> {
  const nextAttemptAt = outcome.kind === "retry" ? now + retryDelayMs(row.attempts) : 0;
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

function findRow(db: PortalDb, id: string): Promise<OutboxRow | undefined> {
  return db.outbox.where("id").equals(id).first();
}

/** Puts a failed (or waiting) row back in line to be sent now. False when there is no such row. */
export function requeue(db: PortalDb, id: string): Promise<boolean> {
  return db.transaction("rw", db.outbox, async () => {
    const row = await findRow(db, id);
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
}

/**
 * Drops a row that has not been sent and removes its local effect (the collections are rebuilt from the
 * server's copy). A row being sent cannot be discarded: it may already apply. Answers the dropped row.
 */
export function removeUnsent(db: PortalDb, id: string): Promise<OutboxRow | undefined> {
  return db.transaction("rw", db.tables, async () => {
    const found = await findRow(db, id);
    if (!found || found.seq === undefined || found.status === "sending") return undefined;
    await db.outbox.delete(found.seq);
    const mutation = mutationFor(found.name);
    if (mutation) await rebuildCollections(db, touchedBy(mutation));
    return found;
  });
}

/** Rows waiting out a backoff become due now. */
export async function makeWaitingDue(db: PortalDb): Promise<void> {
  await db.transaction("rw", db.outbox, async () => {
    await db.outbox
      .where("status")
      .equals("pending")
      .filter((row) => row.nextAttemptAt > 0)
      .modify({ nextAttemptAt: 0 });
  });
}

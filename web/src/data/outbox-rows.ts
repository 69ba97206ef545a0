/**
 * The outbox table's transitions, each one IndexedDB transaction: claim the rows due, settle a batch's
 * answers, put a row back in line, discard it. outbox.ts decides when to call them.
 */
import superjson from "superjson";
import { MAX_BATCH_BYTES } from "@shared/sync/write-batch.ts";
import { mutationFor, touchedBy } from "./mutations.ts";
import type { CollectionName, OutboxRow, PortalDb } from "./portal-db.ts";
import { bumpWriteVersions, foldIntoBase, rebuildCollections } from "./rebuild.ts";
import { retryDelayMs, type SendOutcome, waitsForServer } from "./retry-policy.ts";
import { HeldScopes, scopesOf } from "./write-order.ts";
import { ownedBy } from "./write-owner.ts";
import { SEND_TIMEOUT_MS } from "./write-transport.ts";

/** Without Web Locks, a row another tab marked 'sending' is taken over only after this long. */
export const CLAIM_LEASE_MS = SEND_TIMEOUT_MS + 5_000;

/** What one batch may carry: the server's limits, with room for the envelope. */
export const BATCH_LIMITS = { bytes: MAX_BATCH_BYTES - 16 * 1024 };

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

/** Which queued rows this account's sender may claim: its own, not refused. */
export function mayClaim(row: OutboxRow, accountId: number): boolean {
  return row.status !== "failed" && ownedBy(row, accountId);
}

/** Bytes a row takes in a batch, about: its body as sent, its path and key. */
function sizeInBatch(row: OutboxRow): number {
  return new TextEncoder().encode(superjson.stringify(row.args)).byteLength + row.path.length + 256;
}

/** The server is there: rows that waited for it are due now, their backoff started over (decision 057). */
function makeServerWaitersDue(db: PortalDb): Promise<number> {
  return db.outbox
    .where("status")
    .equals("pending")
    .filter((row) => row.nextAttemptAt > 0 && waitsForServer(row.lastStatus))
    .modify({ nextAttemptAt: 0, attempts: 0 });
}

export interface Claim {
  /** The rows claimed, in outbox order: sent together, they apply in this order. */
  rows: OutboxRow[];
  /** When a row held back now is due (its backoff, or another tab's lease, runs out); null: none waits. */
  wakeAt: number | null;
}

/**
 * Claims up to `maxRows` due rows of `accountId`, in outbox order. A row waiting out a backoff, or being sent
 * by another tab, holds back the later rows that share a scope with it (write-order.ts), and those the later
 * ones hold back in turn; every other due row is claimed, up to the batch's size. `serverBack`: the server
 * answered again, so the rows that waited for it are due first (makeServerWaitersDue).
 */
export function claimDue(
  db: PortalDb,
  now: number,
  accountId: number,
  maxRows: number,
  serverBack = false,
): Promise<Claim> {
  return db.transaction("rw", db.outbox, async (): Promise<Claim> => {
    if (serverBack) await makeServerWaitersDue(db);
    const held = new HeldScopes();
    const rows: OutboxRow[] = [];
    let bytes = 0;
    let wakeAt: number | null = null;
    for (const row of await db.outbox.orderBy("seq").toArray()) {
      if (!mayClaim(row, accountId)) continue;
      const scopes = scopesOf(row);
      const dueAt = row.status === "sending" ? (row.claimedAt ?? 0) + CLAIM_LEASE_MS : row.nextAttemptAt;
      if (dueAt > now) {
        held.hold(scopes);
        wakeAt = Math.min(wakeAt ?? dueAt, dueAt);
        continue;
      }
      const size = rows.length < maxRows ? sizeInBatch(row) : 0;
      const fits = rows.length === 0 || (rows.length < maxRows && bytes + size <= BATCH_LIMITS.bytes);
      if (!fits || held.holds(scopes)) {
        held.hold(scopes);
        continue;
      }
      bytes += size;
      rows.push({ ...row, status: "sending", attempts: row.attempts + 1, claimedAt: now });
    }
    if (rows.length > 0) await db.outbox.bulkPut(rows);
    return { rows, wakeAt };
  });
}

/** What became of one claimed row: applied, an outcome to record, or not tried (it keeps its place). */
export type RowAnswer =
  | { row: OutboxRow; kind: "applied"; answer: unknown }
  | { row: OutboxRow; kind: "not-tried" }
  | { row: OutboxRow; kind: "outcome"; outcome: SendOutcome };

export interface Settled {
  /** A row waits for its account's session: the queue pauses. */
  paused: boolean;
  /** The collections to pull: those applied rows changed, and those of refused rows (a pull meanwhile was dropped). */
  refresh: CollectionName[];
}

/** A failed attempt's changes to its row. A retry waits `delay`; a paused or untried row has not really been tried. */
function afterAttempt(row: OutboxRow, outcome: SendOutcome, nextAttemptAt: number): Partial<OutboxRow> {
  const recorded = {
    claimedAt: null,
    lastError: outcome.message,
    lastStatus: outcome.status,
    conflict: outcome.kind === "failed" ? outcome.conflict : undefined,
  };
  if (outcome.kind === "failed") return { ...recorded, status: "failed" };
  if (outcome.kind === "retry") return { ...recorded, status: "pending", nextAttemptAt };
  // A paused row has not really been tried: the next login sends it at once.
  return { ...recorded, status: "pending", attempts: row.attempts - 1, nextAttemptAt: 0 };
}

/**
 * Records a batch's answers in one transaction: the applied rows leave the queue and their effects join the
 * base copies (each copy read and written once), the others are recorded as failed, waiting (every retried
 * row of the batch waits the same jittered share `draw` of its own backoff), paused or back in line.
 */
export function settleBatch(db: PortalDb, answers: readonly RowAnswer[], now: number, draw: number) {
  return db.transaction("rw", db.tables, async (): Promise<Settled> => {
    const acknowledged = answers.flatMap((a) => (a.kind === "applied" ? [a] : []));
    const applied = acknowledged.map((a) => a.row);
    await db.outbox.bulkDelete(applied.flatMap((row) => (row.seq === undefined ? [] : [row.seq])));
    const folded = await foldIntoBase(db, acknowledged);
    // The live tables are base + queued writes: a create's local row gives way to the server's row now, not
    // only when a pull next brings that collection (it may not: an earlier pull may have brought the row).
    if (folded.length > 0) await rebuildCollections(db, folded);
    const changed = new Set(applied.flatMap(affectedCollections));
    await bumpWriteVersions(db, changed);
    const refresh = new Set(changed);
    let paused = false;
    for (const answer of answers) {
      const { row } = answer;
      if (answer.kind === "applied" || row.seq === undefined) continue;
      if (answer.kind === "not-tried") {
        await db.outbox.update(row.seq, { status: "pending", attempts: row.attempts - 1, claimedAt: null });
        continue;
      }
      const { outcome } = answer;
      await db.outbox.update(row.seq, afterAttempt(row, outcome, now + retryDelayMs(row.attempts, draw)));
      if (outcome.kind === "failed") for (const c of affectedCollections(row)) refresh.add(c);
      if (outcome.kind === "pause") paused = true;
    }
    return { paused, refresh: [...refresh] };
  });
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

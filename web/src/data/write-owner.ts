/**
 * Queued writes belong to the account that made them (decision 039): only that account's session sends
 * them, and the live tables replay only the writes of the account signed in on this device (the viewer), so
 * another account never sees them, nor sends them under its name. The viewer is stored, because the live
 * tables are: after a reload they are still those of the account they were built for.
 */
import { mutationFor, touchedBy } from "./mutations.ts";
import type { CollectionName, OutboxRow, PortalDb, WriteOwner } from "./portal-db.ts";

/** The account signed in: null for nobody, undefined while the session is being checked. */
export type SessionAccount = WriteOwner | null | undefined;

/** Whether the account `accountId` (null: nobody) owns a queued row. Rows from before owners: anyone's. */
export function ownedBy(row: Pick<OutboxRow, "owner">, accountId: number | null): boolean {
  return row.owner === undefined || row.owner.id === accountId;
}

/** The account whose queued writes the live tables show. */
export async function readViewer(db: PortalDb): Promise<number | null> {
  return (await db.localState.get("viewer"))?.accountId ?? null;
}

/**
 * Makes `accountId` the viewer. Answers the collections whose live tables must be rebuilt: those touched by
 * queued writes that the old viewer saw and the new one must not, or the other way round (usually none).
 * Call inside a transaction over every table, and rebuild them in it.
 */
export async function switchViewer(db: PortalDb, accountId: number | null): Promise<CollectionName[]> {
  const before = await readViewer(db);
  if (before === accountId) return [];
  await db.localState.put({ key: "viewer", accountId });
  const changed = new Set<CollectionName>();
  await db.outbox.each((row) => {
    if (ownedBy(row, before) === ownedBy(row, accountId)) return;
    const mutation = mutationFor(row.name);
    for (const collection of mutation ? touchedBy(mutation) : []) changed.add(collection);
  });
  return [...changed];
}

export interface WaitingWrites {
  owner: WriteOwner;
  /** Writes still to be sent under the owner's session. */
  count: number;
  /** Writes the server refused for good (e.g. the owner's access was removed, decision 073): ids and the reason. */
  failed: { ids: string[]; message: string | null };
}

/** Queued writes of accounts other than `accountId`, per account, for the login page and the status line. */
export async function readWaitingForOthers(db: PortalDb, accountId: number | null): Promise<WaitingWrites[]> {
  const byOwner = new Map<number, WaitingWrites>();
  await db.outbox.each((row) => {
    if (!row.owner || row.owner.id === accountId) return;
    const entry = byOwner.get(row.owner.id) ?? {
      owner: row.owner,
      count: 0,
      failed: { ids: [], message: null },
    };
    if (row.status === "failed") {
      entry.failed.ids.push(row.id);
      entry.failed.message ??= row.lastError;
    } else entry.count += 1;
    byOwner.set(row.owner.id, entry);
  });
  return [...byOwner.values()];
}

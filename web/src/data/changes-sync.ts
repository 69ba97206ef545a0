/**
 * The delta pull as the sync engine runs it: one GET /_api/changes at a time for every row collection the
 * session reads (a request during one runs once more after it), its answer folded in by changes-pull.ts.
 */
import { callPath } from "@shared/contract/call.ts";
import { SYNC_CALLS } from "@shared/contract/sync.ts";
import { CURSOR_AUDIENCES } from "@shared/schemas/changes.ts";
import { ApiError, errorMessage, unexpectedAnswer } from "../lib/api-client.ts";
import { changesFromAnswer, DELTA_COLLECTIONS, isDeltaCollection, storeChanges } from "./changes-pull.ts";
import { CHANGES_PATH, type Role, readableCollections } from "./collections.ts";
import type { CollectionName } from "./portal-db.ts";
import { setSyncing } from "./pull-and-send-state.ts";
import { PULL_TIMEOUT_MS, readSyncMeta, recordPullFailure } from "./pull-store.ts";
import { readCursor } from "./sync-cursor.ts";
import type { PullResult, SyncEngineDeps } from "./sync-engine.ts";

/** The role the server answered for, from the cursor's first letter (a: admin, o: officer, u: user, p: nobody). */
function audienceOf(cursor: string): Role | null {
  const letter = cursor.slice(0, cursor.indexOf("."));
  const role = (Object.keys(CURSOR_AUDIENCES) as (keyof typeof CURSOR_AUDIENCES)[]).find(
    (audience) => CURSOR_AUDIENCES[audience] === letter,
  );
  return role === undefined || role === "anyone" ? null : role;
}

export function createChangesSync(deps: SyncEngineDeps) {
  const { db, api, env, store } = deps;
  let running: Promise<PullResult> | undefined;
  let following: Promise<PullResult> | undefined;

  async function failed(collections: readonly CollectionName[], message: string, status: number | null) {
    for (const collection of collections) {
      await recordPullFailure(db, collection, { message, status, at: env.now() });
    }
    return "failed" as const;
  }

  /** The answer from the stored cursor, or undefined when none came (the failure is recorded). */
  async function request(collections: readonly CollectionName[]): Promise<{ answer: unknown } | undefined> {
    const cursor = await readCursor(db);
    const path = callPath(SYNC_CALLS.changes, { since: cursor ?? undefined });
    try {
      return { answer: await api.get(path, AbortSignal.timeout(PULL_TIMEOUT_MS)) };
    } catch (error) {
      await failed(collections, errorMessage(error), error instanceof ApiError ? error.status : null);
      return undefined;
    }
  }

  /**
   * Every row collection the session reads, in one call from the stored cursor. While the session is being
   * checked too: the server answers for the session it sees and says which in the cursor, and the copies are
   * labelled with that role (a first visit's timers need not wait for the check).
   */
  async function fetchChanges(): Promise<PullResult> {
    const role = deps.getRole();
    const collections =
      role === undefined ? DELTA_COLLECTIONS : readableCollections(role).filter(isDeltaCollection);
    if (collections.length === 0 || !env.isOnline()) return "skipped";
    const versionsBefore = new Map<CollectionName, number>();
    for (const collection of collections) {
      versionsBefore.set(collection, (await readSyncMeta(db, collection)).writeVersion);
    }
    for (const collection of collections) setSyncing(store, collection, true);
    try {
      const received = await request(collections);
      if (!received) return "failed";
      const changes = changesFromAnswer(received.answer);
      if (!changes) return await failed(collections, unexpectedAnswer(CHANGES_PATH), null);
      const answeredFor = audienceOf(changes.cursor);
      const readable = readableCollections(answeredFor);
      // Answers that arrive together are stored one task each, not all in the task that received them.
      await env.pause();
      return await storeChanges(db, {
        answer: changes,
        role: answeredFor,
        versionsBefore: new Map([...versionsBefore].filter(([c]) => readable.includes(c))),
        stillReadable: () => [undefined, answeredFor].includes(deps.getRole()),
        at: env.now(),
      });
    } finally {
      for (const collection of collections) setSyncing(store, collection, false);
    }
  }

  /** One delta pull at a time; a request during one runs once more after it. */
  function pullChanges(): Promise<PullResult> {
    if (following) return following;
    if (running) {
      following = running.then(() => {
        following = undefined;
        return pullChanges();
      });
      return following;
    }
    const started = fetchChanges()
      .catch((error: unknown) => {
        console.error("Sync of the changes failed", error);
        return "failed" as const;
      })
      .finally(() => {
        running = undefined;
      });
    running = started;
    return started;
  }

  /** Settles once no delta pull is in flight or queued. */
  async function idle(): Promise<void> {
    while (running || following) await Promise.all([running, following]);
  }

  return { pullChanges, idle };
}

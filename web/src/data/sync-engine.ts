/**
 * Pulls collections from /_api into the local store. The row collections come together, as the changes since
 * the last pull (changes-pull.ts); the salary receipt by its own read. A pull updates the base copies and
 * rebuilds the live tables (base + queued writes) in one transaction, so screens never see an empty or
 * half-written table, and a failed pull keeps what was cached and records the error.
 */
import { type ApiClient, ApiError, errorMessage, unexpectedAnswer } from "../lib/api-client.ts";
import { isDeltaCollection } from "./changes-pull.ts";
import { createChangesSync } from "./changes-sync.ts";
import { type CollectionSource, readableCollections, type SessionRole, sourceFor } from "./collections.ts";
import type { DataLayerEnv } from "./environment.ts";
import { type CollectionName, isSingleRow, KEY_PATHS, type PortalDb, SINGLE_ROW_SLOT } from "./portal-db.ts";
import { type LayerStore, noteServerAnswered, setSyncing } from "./pull-and-send-state.ts";
import {
  forgetCollections,
  PULL_TIMEOUT_MS,
  readSyncMeta,
  recordPullFailure,
  storePulledRows,
} from "./pull-store.ts";

export const SYNC_INTERVAL_MS = 60_000;

/**
 * stored: the answer is in the store. failed: the error is recorded, the cache kept. stale: a write to
 * the collection was acknowledged (or is in flight) meanwhile, so the answer may predate it and is
 * dropped; the write's own refresh follows. skipped: offline, or the session may not read it.
 */
export type PullResult = "stored" | "failed" | "stale" | "skipped";

export interface SyncEngineDeps {
  db: PortalDb;
  api: Pick<ApiClient, "get">;
  getRole: () => SessionRole;
  env: DataLayerEnv;
  store: LayerStore;
}

/**
 * A plain object (not an array, not null). The answers are checked by hand rather than with zod: these two
 * shape checks are all the entry chunk needs, and zod would add about 15 kB gzipped to every public page.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasKey(value: unknown, keyPath: string): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const key = value[keyPath];
  return typeof key === "number" || typeof key === "string";
}

/** The rows to store for an answer, or undefined when it does not have the expected shape. */
export function rowsFromAnswer(collection: CollectionName, source: CollectionSource, answer: unknown) {
  const body = answer as Record<string, unknown> | undefined;
  const value = source.key === null ? body : body?.[source.key];
  if (isSingleRow(collection)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one === null || one === undefined) return [];
    return isRecord(one) ? [{ slot: SINGLE_ROW_SLOT, value: one }] : undefined;
  }
  const keyPath = KEY_PATHS[collection];
  return Array.isArray(value) && value.every((row) => hasKey(row, keyPath)) ? value : undefined;
}

export function createSyncEngine(deps: SyncEngineDeps) {
  const { db, env, store } = deps;
  /**
   * The full pulls under way that the server has not answered yet. The first answer to come while there are
   * any says the server is there (decision 057), as soon as it arrives, before it is stored. Only full pulls
   * ask: they come on start, on focus, once a minute and when the live feed is (back) up, not after every
   * notice or send.
   */
  const unanswered = new Set<object>();
  const api: SyncEngineDeps["api"] = {
    async get<T>(path: string, signal?: AbortSignal): Promise<T> {
      const answer = await deps.api.get<T>(path, signal);
      if (unanswered.size > 0) {
        unanswered.clear();
        noteServerAnswered(store);
      }
      return answer;
    },
  };
  const running = new Map<CollectionName, Promise<PullResult>>();
  const following = new Map<CollectionName, Promise<PullResult>>();
  const changes = createChangesSync({ ...deps, api });

  async function fetchAndStore(collection: CollectionName): Promise<PullResult> {
    const source = sourceFor(collection, deps.getRole());
    if (!source || !env.isOnline()) return "skipped";
    const versionBefore = (await readSyncMeta(db, collection)).writeVersion;
    setSyncing(store, collection, true);
    try {
      let answer: unknown;
      try {
        answer = await api.get(source.path, AbortSignal.timeout(PULL_TIMEOUT_MS));
      } catch (error) {
        const status = error instanceof ApiError ? error.status : null;
        await recordPullFailure(db, collection, { message: errorMessage(error), status, at: env.now() });
        return "failed";
      }
      const rows = rowsFromAnswer(collection, source, answer);
      if (!rows) {
        const message = unexpectedAnswer(source.path);
        await recordPullFailure(db, collection, { message, status: null, at: env.now() });
        return "failed";
      }
      // Answers that arrive together are stored one task each, not all in the task that received them.
      await env.pause();
      return await storePulledRows(db, {
        collection,
        source: source.path,
        rows,
        versionBefore,
        stillReadable: () => sourceFor(collection, deps.getRole()) === source,
        at: env.now(),
      });
    } finally {
      setSyncing(store, collection, false);
    }
  }

  /**
   * One pull per collection at a time; a request during a pull runs once more after it. The row collections
   * share one: a pull of any of them is the delta pull of all.
   */
  function pull(collection: CollectionName): Promise<PullResult> {
    if (isDeltaCollection(collection)) {
      const role = deps.getRole();
      if (role !== undefined && sourceFor(collection, role) === undefined) return Promise.resolve("skipped");
      return changes.pullChanges();
    }
    const queued = following.get(collection);
    if (queued) return queued;
    const current = running.get(collection);
    if (current) {
      const next = current.then(() => {
        following.delete(collection);
        return pull(collection);
      });
      following.set(collection, next);
      return next;
    }
    const started = fetchAndStore(collection)
      .catch((error: unknown) => {
        console.error(`Sync of ${collection} failed`, error);
        return "failed" as const;
      })
      .finally(() => running.delete(collection));
    running.set(collection, started);
    return started;
  }

  /** Each collection once, and the row collections in one delta pull. */
  async function pullMany(collections: Iterable<CollectionName>): Promise<void> {
    const unique = [...new Set(collections)];
    const others = unique.filter((c) => !isDeltaCollection(c)).map((c) => pull(c));
    const role = deps.getRole();
    const delta = unique.find((c) => isDeltaCollection(c) && (role === undefined || sourceFor(c, role)));
    await Promise.all(delta === undefined ? others : [...others, pull(delta)]);
  }

  /** Every collection the current session may read (while it is being checked, the delta pull's answer says). */
  async function pullAll(): Promise<void> {
    const full = {};
    unanswered.add(full);
    try {
      await pullMany(readableCollections(deps.getRole()));
    } finally {
      unanswered.delete(full);
    }
  }

  /** Drops the cached copies of `collections` (at logout); queued writes stay. */
  function forget(collections: readonly CollectionName[]): Promise<void> {
    return forgetCollections(db, collections);
  }

  /** Settles once no pull is in flight or queued (tests and the refresh after a send wait on it). */
  async function idle(): Promise<void> {
    while (running.size > 0 || following.size > 0) {
      await Promise.all([...running.values(), ...following.values()]);
    }
    await changes.idle();
  }

  return { pull, pullMany, pullAll, forget, idle };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;

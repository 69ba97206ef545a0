/**
 * The one way a route changes data: a transaction that also records the audit entries and, when the
 * request carries an Idempotency-Key, the key and the response. A repeat of a processed key answers the
 * stored response without applying anything; the same key with another body answers 422.
 */
import type { Context, MiddlewareHandler } from "hono";
import superjson from "superjson";
import { ACCESS_REMOVED } from "@shared/auth/access-removed.ts";
import { IDEMPOTENCY_KEY_PATTERN, STILL_PROCESSING } from "@shared/sync/write-batch.ts";
import { WRITE_OWNER_HEADER, WRITTEN_BY_ANOTHER_ACCOUNT, writeOwnerValue } from "@shared/sync/write-owner.ts";
import { type AuditEntry, insertAudit } from "../audit/audit-repo.ts";
import type { Queryable } from "../db/types.ts";
import {
  claimKey,
  findProcessedKey,
  type StoredResponse,
  storeResponse,
} from "../idempotency/idempotency-repo.ts";
import { ApiError } from "./api-error.ts";
import type { AppEnv } from "./context.ts";
import type { Reply } from "./respond.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const KEY_REUSED = "This Idempotency-Key was already used for a different request.";

export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function replay(c: Context, stored: StoredResponse): Response {
  return c.body(stored.body, stored.status as 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Idempotent-Replayed": "true",
  });
}

/**
 * For mutating calls with an Idempotency-Key: answers a processed key from the store (or 422 when the
 * body differs), otherwise leaves the claim for write() to record inside the transaction. It reads and hashes
 * the body, so it runs in each write's jsonBody (validate.ts): after the route's role check and within its body
 * limit, never for a caller the route refuses.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const caller = c.get("user")?.id;
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (c.req.method !== "POST" || key === undefined) return next();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(400, "Idempotency-Key must be 1-200 letters, digits or - _ . :");
  }
  // The caller is part of the hash: a key seen with another account (or none) is a different request,
  // so a replay never hands one user's stored answer to another.
  const requestHash = await sha256Hex(
    `${caller ?? "anonymous"} ${c.req.method} ${c.req.path}\n${await c.req.text()}`,
  );
  const stored = await findProcessedKey(c.get("db"), key);
  if (stored && stored.status !== 0) {
    if (stored.requestHash !== requestHash) throw new ApiError(422, KEY_REUSED);
    return replay(c, stored);
  }
  c.set("idempotency", { key, requestHash });
  await next();
};

/**
 * A queued write names the account that queued it (decision 039). Under any other session (or none) it is
 * refused before the route's role check, so the sender waits for its owner instead of taking a 403 for good; unless
 * the owner's access was removed, which is a 403 for good.
 */
export const writeOwnerGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const owner = c.req.header(WRITE_OWNER_HEADER);
  const caller = c.get("user")?.id;
  const removed = c.get("removedAccessOf");
  // The owner's own session, but its access was removed: the write fails with the reason (decision 073).
  if (owner !== undefined && removed !== null && owner === writeOwnerValue(removed)) {
    throw new ApiError(403, ACCESS_REMOVED);
  }
  if (owner !== undefined && (caller === undefined || owner !== writeOwnerValue(caller))) {
    throw new ApiError(409, WRITTEN_BY_ANOTHER_ACCOUNT);
  }
  await next();
};

class AlreadyProcessed extends Error {}

export interface WriteTools {
  tx: Queryable;
  /** Records who did what in the audit log, in this transaction. */
  audit(entry: AuditEntry): Promise<void>;
}

/** Runs fn in one transaction with its audit entries and idempotency record; answers its result (superjson). */
export async function write<T>(
  c: Context<AppEnv>,
  fn: (tools: WriteTools) => Promise<T>,
  status: 200 | 201 = 200,
): Promise<Reply<T>> {
  const db = c.get("db");
  const user = c.get("user");
  const claim = c.get("idempotency");
  try {
    const body = await db.transaction(async (tx) => {
      if (claim) {
        const claimed = await claimKey(tx, {
          key: claim.key,
          userId: user?.id ?? null,
          method: c.req.method,
          path: c.req.path,
          requestHash: claim.requestHash,
        });
        if (!claimed) throw new AlreadyProcessed();
      }
      const result = await fn({
        tx,
        audit: (entry) =>
          insertAudit(tx, user ? { id: user.id, email: user.email } : null, entry, c.get("via") ?? null),
      });
      const text = superjson.stringify(result);
      if (claim) await storeResponse(tx, claim.key, status, text);
      return text;
    });
    // After the commit, never before: a notice must not send the apps to pull a change they cannot see yet.
    c.get("live")?.changed(c);
    return c.body(body, status, { "Content-Type": "application/json; charset=utf-8" });
  } catch (err) {
    if (!(err instanceof AlreadyProcessed) || !claim) throw err;
    const stored = await findProcessedKey(db, claim.key);
    if (!stored || stored.status === 0) throw new ApiError(409, STILL_PROCESSING);
    if (stored.requestHash !== claim.requestHash) throw new ApiError(422, KEY_REUSED);
    return replay(c, stored);
  }
}

/**
 * POST /_api/batch (decision 034): several queued writes in one request, each applied by its own route in its
 * own transaction with its own Idempotency-Key, answered one by one in order (its schema:
 * @shared/schemas/write-batch.ts). And what an answer to a write means for the queue, which the server's batch
 * and the web app's outbox both go by. No zod here: the web app's data layer imports it.
 */
import { WRITTEN_BY_ANOTHER_ACCOUNT } from "./write-owner.ts";

/** Writes in one batch at most. */
export const MAX_BATCH_WRITES = 50;
/** A batch's body at most: any one write fits (a loot item with 1,000 participants is at most 512 KB). */
export const MAX_BATCH_BYTES = 1024 * 1024;

/** The answer of a write the batch did not try, because one before it got no final answer (see below). */
export const NOT_TRIED_STATUS = 424;
export const NOT_TRIED =
  "Not applied: a write before it in the same batch got no final answer. It can be sent again as it is.";

/** The server's answer when a request with the same Idempotency-Key is still being processed. */
export const STILL_PROCESSING = "This request is already being processed.";

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** One write as the batch carries it. */
export interface BatchWrite {
  key: string;
  /** The write's route, under /_api. */
  path: string;
  /** The body exactly as the call alone would take it (superjson's { json, meta }, or plain JSON). */
  body: unknown;
  /** The account that queued the write, sent as its Write-Owner (decision 039). */
  owner?: number;
}

/** One write's answer: its status and body as the call alone would have answered (superjson decoded). */
export interface BatchResult {
  key: string;
  status: number;
  body: unknown;
}

/**
 * What an answer does to a queued write. applied: done. failed: refused for good (business rules, a role, a
 * malformed write): recorded, never blocks the queue (CONVENTIONS habit 7). retry: no answer, or the server
 * could not answer now (status 0 is no answer at all). pause: the write waits for its account's session.
 */
export type AnswerKind = "applied" | "failed" | "retry" | "pause";

export function classifyAnswer(status: number, message: string | undefined): AnswerKind {
  if (status >= 200 && status < 300) return "applied";
  if (status === 401 || (status === 409 && message === WRITTEN_BY_ANOTHER_ACCOUNT)) return "pause";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  if (status === 409 && message === STILL_PROCESSING) return "retry";
  if (status === NOT_TRIED_STATUS && message === NOT_TRIED) return "retry";
  return "failed";
}

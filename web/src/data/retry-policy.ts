/**
 * What the outbox does after an attempt (the meaning of each answer is shared with the server's batch:
 * @shared/sync/write-batch.ts): a missing or temporary answer is retried after a backoff while the writes to
 * other rows go on; an expired session (or another account's) pauses the queue; a refusal marks the row
 * failed and the queue moves on (CONVENTIONS habit 7).
 */
import { readWriteConflict, type WriteConflict } from "@shared/merge/write-conflict.ts";
import { classifyAnswer } from "@shared/sync/write-batch.ts";
import { ApiError, errorMessage } from "../lib/api-client.ts";

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60_000;
/** The shortest wait before a retry, whatever the draw: an answer that failed at once is not asked again at once. */
export const MIN_RETRY_MS = 100;

export type SendOutcome =
  | { kind: "retry"; status: number; message: string }
  | { kind: "pause"; status: number; message: string }
  | { kind: "failed"; status: number; message: string; conflict?: WriteConflict };

/** The cap for the n-th failed attempt in a row (n >= 1): 1 s, 2 s, 4 s, ... up to 60 s. */
export function retryCapMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}

/**
 * The wait before the next attempt: full jitter, a draw in [0, 1) of the cap (at least MIN_RETRY_MS), so the
 * devices that lost the network together do not all come back at the same moments. The rows of one failed
 * batch share a draw and so stay together for the next batch.
 */
export function retryDelayMs(attempts: number, draw: number): number {
  const cap = retryCapMs(attempts);
  return Math.max(MIN_RETRY_MS, Math.round(cap * Math.min(Math.max(draw, 0), 1)));
}

/**
 * Whether a retried write waits for the server to be there at all: no answer arrived (status 0), or a proxy
 * or the app said it is away or not ready (502, 503, 504). Once the server answers a full pull, such a write
 * goes at once with its backoff started over (decision 057); others (429, 500) keep theirs.
 */
export function waitsForServer(lastStatus: number | null): boolean {
  return lastStatus === 0 || lastStatus === 502 || lastStatus === 503 || lastStatus === 504;
}

/**
 * What an error answer (or none) means for the row; applied answers never get here. `body`: the answer's
 * object, whose `conflict` a refused update that merges carries (decision 038).
 */
export function outcomeOf(status: number, message: string, body?: unknown): SendOutcome {
  const kind = classifyAnswer(status, message);
  const conflict = kind === "failed" && status === 409 ? readWriteConflict(body) : undefined;
  if (conflict) return { kind: "failed", status, message, conflict };
  return { kind: kind === "applied" ? "failed" : kind, status, message };
}

export function classifyFailure(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) {
    // Not an answer from the server (a bug, a malformed stored row): retrying would block the queue forever.
    return { kind: "failed", status: -1, message: errorMessage(error) };
  }
  return outcomeOf(error.status, error.message, error.details);
}

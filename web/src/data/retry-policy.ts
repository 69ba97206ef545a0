/**
 * What the outbox does after an attempt: a missing or temporary answer is retried later with the row
 * still at the head of the queue; an expired session pauses the queue; a refusal marks the row failed and
 * the queue moves on (CONVENTIONS habit 7).
 */
import { ApiError, errorMessage } from "../lib/api-client.ts";

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 60_000;

/** The server's answer when a request with the same Idempotency-Key is still being processed. */
const STILL_PROCESSING = "This request is already being processed.";

export type SendOutcome =
  | { kind: "retry"; status: number; message: string }
  | { kind: "pause"; status: number; message: string }
  | { kind: "failed"; status: number; message: string };

/** 1 s, 2 s, 4 s, ... up to 60 s, for the n-th failed attempt in a row (n >= 1). */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}

function isTemporary(status: number, message: string): boolean {
  if (status === 0 || status === 408 || status === 429 || status >= 500) return true;
  return status === 409 && message === STILL_PROCESSING;
}

export function classifyFailure(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) {
    // Not an answer from the server (a bug, a malformed stored row): retrying would block the queue forever.
    return { kind: "failed", status: -1, message: errorMessage(error) };
  }
  const { status, message } = error;
  if (status === 401) return { kind: "pause", status, message };
  if (isTemporary(status, message)) return { kind: "retry", status, message };
  return { kind: "failed", status, message };
}

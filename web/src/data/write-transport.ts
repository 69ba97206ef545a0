/**
 * How the outbox posts a queued write: one api-client request (superjson body, the same ApiError
 * semantics: status 0 when no answer arrived, the server's `error` field as message) with
 * `Idempotency-Key: <row id>` and a time limit, so a hung request counts as a network failure.
 */
import { type ApiClient, createApiClient } from "../lib/api-client.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** An attempt without an answer after this long counts as a network failure and is retried. */
export const SEND_TIMEOUT_MS = 30_000;

export interface WriteTransport {
  post(path: string, body: unknown, idempotencyKey: string): Promise<unknown>;
}

/** The browser's same-origin client by default; tests pass one bound to a local server. */
export function createWriteTransport(
  client: Pick<ApiClient, "request"> = createApiClient(),
  timeoutMs = SEND_TIMEOUT_MS,
): WriteTransport {
  return {
    post: (path, body, idempotencyKey) =>
      client.request(path, {
        method: "POST",
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        // A timeout is a TimeoutError, not an AbortError, so the client reports it as "no answer" (status 0).
        signal: AbortSignal.timeout(timeoutMs),
      }),
  };
}

/**
 * How the outbox posts queued writes: one api-client request (superjson body, the same ApiError semantics:
 * status 0 when no answer arrived, the server's `error` field as message) with a time limit, so a hung request
 * counts as a network failure. A write alone goes to its own route with `Idempotency-Key: <row id>`; several go
 * to POST /_api/batch, each with its key, and come back with one answer each (decision 034).
 */
import superjson from "superjson";
import { BATCH_CALLS } from "@shared/contract/sync.ts";
import type { BatchResult, BatchWrite } from "@shared/sync/write-batch.ts";
import { WRITE_OWNER_HEADER, writeOwnerValue } from "@shared/sync/write-owner.ts";
import { type ApiClient, createApiClient, unexpectedAnswer } from "../lib/api-client.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** An attempt without an answer after this long counts as a network failure and is retried. */
export const SEND_TIMEOUT_MS = 30_000;

/** A queued write as the outbox hands it over: its route under /_api, its body, its key and its owner. */
export interface QueuedWrite {
  path: string;
  body: unknown;
  key: string;
  owner?: number;
}

export interface WriteTransport {
  /** `owner`: the account that queued the write; the server refuses it under another session. */
  post(path: string, body: unknown, idempotencyKey: string, owner?: number): Promise<unknown>;
  /** Several writes in one request, answered one by one in order; absent: one write per request. */
  postBatch?(writes: readonly QueuedWrite[]): Promise<BatchResult[]>;
}

/** The write as the batch carries it: the body in the form the route alone would read (superjson's). */
export function batchWrite(write: QueuedWrite): BatchWrite {
  const { json, meta } = superjson.serialize(write.body);
  return {
    key: write.key,
    path: `/_api${write.path}`,
    body: meta === undefined ? { json } : { json, meta },
    ...(write.owner === undefined ? {} : { owner: write.owner }),
  };
}

function resultsOf(answer: unknown, writes: readonly QueuedWrite[]): BatchResult[] {
  const results = (answer as { results?: unknown } | null)?.results;
  const ok =
    Array.isArray(results) &&
    results.length === writes.length &&
    results.every((r, i) => r?.key === writes[i]?.key && typeof r?.status === "number");
  if (!ok) throw new Error(unexpectedAnswer(BATCH_CALLS.batch.path));
  return results as BatchResult[];
}

export interface WriteTransportOptions {
  timeoutMs?: number;
  /** False: every write in a request of its own (what the outbox did before batches; bench:drain's baseline). */
  batched?: boolean;
}

/** The browser's same-origin client by default; tests pass one bound to a local server. */
export function createWriteTransport(
  client: Pick<ApiClient, "request"> = createApiClient(),
  { timeoutMs = SEND_TIMEOUT_MS, batched = true }: WriteTransportOptions = {},
): WriteTransport {
  const transport: WriteTransport = {
    post: (path, body, idempotencyKey, owner) =>
      client.request(path, {
        method: "POST",
        body,
        headers: {
          [IDEMPOTENCY_HEADER]: idempotencyKey,
          ...(owner === undefined ? {} : { [WRITE_OWNER_HEADER]: writeOwnerValue(owner) }),
        },
        // A timeout is a TimeoutError, not an AbortError, so the client reports it as "no answer" (status 0).
        signal: AbortSignal.timeout(timeoutMs),
      }),
  };
  if (!batched) return transport;
  transport.postBatch = async (writes) => {
    const answer = await client.request(BATCH_CALLS.batch.path, {
      method: "POST",
      body: { writes: writes.map(batchWrite) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return resultsOf(answer, writes);
  };
  return transport;
}

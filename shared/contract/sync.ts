/** How the web app keeps its local copy (decisions 031, 033, 034): pulls, the live feed and batched writes. */
import { type ChangesAnswer, changesQuerySchema } from "../schemas/changes.ts";
import { writeBatchSchema } from "../schemas/write-batch.ts";
import { type BatchResult, MAX_BATCH_BYTES } from "../sync/write-batch.ts";
import { answer, type BodyLimit, call, streamAnswer } from "./call.ts";

export const BATCH_BODY_LIMIT: BodyLimit = {
  maxBytes: MAX_BATCH_BYTES,
  message: `The request body is larger than ${MAX_BATCH_BYTES / 1024} KB, the most a batch accepts.`,
};

export const SYNC_CALLS = {
  changes: call({
    method: "GET",
    path: "/changes",
    role: "public",
    summary:
      "The rows of the collections the session may read written since a cursor, the ids that left, and the next cursor.",
    query: changesQuerySchema,
    answer: answer<ChangesAnswer>(),
  }),
  live: call({
    method: "GET",
    path: "/live",
    role: "public",
    summary: "Server-sent events naming the collections that changed, so open apps pull at once.",
    answer: streamAnswer("text/event-stream"),
  }),
};

export const BATCH_CALLS = {
  batch: call({
    method: "POST",
    path: "/batch",
    role: "user",
    summary:
      "The outbox's queued writes, each applied by its own route in order; stops at the first without a final answer.",
    body: writeBatchSchema,
    bodyLimit: BATCH_BODY_LIMIT,
    answer: answer<{ results: BatchResult[] }>(),
  }),
};

/**
 * POST /_api/batch (decision 034): the web app's outbox sends its queued writes here, several at a time. Each
 * write is applied by its own route exactly as if sent alone (batch-dispatch.ts), one after another in the
 * order given, each in its own transaction with its own Idempotency-Key; the answer lists each write's status
 * and body in the same order. A write that gets no final answer (no session, a 5xx, its key still being
 * processed) stops the batch: the writes after it are not tried (424), so a write never goes ahead of one it
 * was queued behind that may still apply.
 */
import superjson from "superjson";
import { BATCH_CALLS } from "@shared/contract/sync.ts";
import { type BatchResult, classifyAnswer, NOT_TRIED, NOT_TRIED_STATUS } from "@shared/sync/write-batch.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { dispatchWrite, type WriteTarget } from "./batch-dispatch.ts";

/** A route's answer as its caller reads it: superjson when it succeeded, plain JSON `{ error }` otherwise. */
function readAnswer(status: number, text: string): unknown {
  try {
    return status >= 200 && status < 300 ? superjson.parse(text) : JSON.parse(text);
  } catch {
    return { error: `Request failed with status ${status}` };
  }
}

function errorOf(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" ? error : undefined;
}

/** `app`: the whole API, which serves each write. */
export function batchRoutes(app: WriteTarget) {
  return serveCalls(BATCH_CALLS, {
    batch: async (c) => {
      const { writes } = c.req.valid("json");
      const results: BatchResult[] = [];
      let stopped = false;
      for (const write of writes) {
        if (stopped) {
          results.push({ key: write.key, status: NOT_TRIED_STATUS, body: { error: NOT_TRIED } });
          continue;
        }
        const response = await dispatchWrite(app, c, write);
        const body = readAnswer(response.status, await response.text());
        results.push({ key: write.key, status: response.status, body });
        const kind = classifyAnswer(response.status, errorOf(body));
        stopped = kind === "retry" || kind === "pause";
      }
      return sendData(c, { results });
    },
  });
}

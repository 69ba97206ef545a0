/**
 * Sends a claim's rows and says what became of each (decision 034): together in one POST /_api/batch, or
 * each to its own route when the transport sends one per request, when there is one row, or when the batch
 * call itself is refused (a server without it, during a deploy). Either way the rows apply in order and stop
 * at the first that gets no final answer: the rows after it are not tried and keep their place.
 */
import { type BatchResult, MAX_BATCH_WRITES, NOT_TRIED_STATUS } from "@shared/sync/write-batch.ts";
import { ApiError } from "../lib/api-client.ts";
import { mutationFor } from "./mutations.ts";
import type { RowAnswer } from "./outbox-rows.ts";
import type { OutboxRow } from "./portal-db.ts";
import { classifyFailure, outcomeOf, type SendOutcome } from "./retry-policy.ts";
import type { WriteTransport } from "./write-transport.ts";

/** Rows one claim may take: a batch's worth, or one when each write goes alone. */
export function claimSize(transport: WriteTransport): number {
  return transport.postBatch ? MAX_BATCH_WRITES : 1;
}

const stops = (outcome: SendOutcome) => outcome.kind === "retry" || outcome.kind === "pause";

/** Each row to its own route, in order, until one gets no final answer. */
async function sendEachAlone(transport: WriteTransport, rows: readonly OutboxRow[]): Promise<RowAnswer[]> {
  const answers: RowAnswer[] = [];
  let stopped = false;
  for (const row of rows) {
    if (stopped) {
      answers.push({ row, kind: "not-tried" });
      continue;
    }
    try {
      const answer = await transport.post(row.path, row.args, row.id, row.owner?.id);
      answers.push({ row, kind: "applied", answer });
    } catch (error) {
      const outcome = classifyFailure(error);
      answers.push({ row, kind: "outcome", outcome });
      stopped = stops(outcome);
    }
  }
  return answers;
}

function errorOf(result: BatchResult | undefined): string {
  const error = (result?.body as { error?: unknown } | null | undefined)?.error;
  return typeof error === "string" ? error : `Request failed with status ${result?.status ?? 0}`;
}

function answerOf(row: OutboxRow, result: BatchResult): RowAnswer {
  if (result.status >= 200 && result.status < 300) return { row, kind: "applied", answer: result.body };
  if (result.status === NOT_TRIED_STATUS && outcomeOf(result.status, errorOf(result)).kind === "retry") {
    return { row, kind: "not-tried" };
  }
  return { row, kind: "outcome", outcome: outcomeOf(result.status, errorOf(result), result.body) };
}

/** The rows in one batch; when the batch call itself is refused, each row alone. */
async function sendBatch(
  transport: WriteTransport & Required<Pick<WriteTransport, "postBatch">>,
  rows: readonly OutboxRow[],
): Promise<RowAnswer[]> {
  let results: BatchResult[];
  try {
    results = await transport.postBatch(
      rows.map((row) => ({ path: row.path, body: row.args, key: row.id, owner: row.owner?.id })),
    );
  } catch (error) {
    const outcome = classifyFailure(error);
    // No answer, or not now: every row waits. A refusal of the batch itself says nothing of its writes.
    if (error instanceof ApiError && outcome.kind !== "failed") {
      return rows.map((row) => ({ row, kind: "outcome", outcome }));
    }
    return sendEachAlone(transport, rows);
  }
  const answers = rows.map((row, i) => answerOf(row, results[i] as BatchResult));
  // A server that tried none of them would be asked again at once, forever: they wait as after no answer.
  if (answers.every((a) => a.kind === "not-tried")) {
    const outcome: SendOutcome = {
      kind: "retry",
      status: NOT_TRIED_STATUS,
      message: errorOf(results[0]),
    };
    return rows.map((row) => ({ row, kind: "outcome", outcome }));
  }
  return answers;
}

/** Sends the claimed rows; a refusal known before sending fails its row as the server's 400 would. */
export async function sendClaimed(
  transport: WriteTransport,
  rows: readonly OutboxRow[],
  now: number,
): Promise<RowAnswer[]> {
  const refused: RowAnswer[] = [];
  const toSend: OutboxRow[] = [];
  for (const row of rows) {
    const refusal = mutationFor(row.name)?.refuseBeforeSending?.(row.args, now);
    if (refusal === undefined) toSend.push(row);
    else refused.push({ row, kind: "outcome", outcome: { kind: "failed", status: 400, message: refusal } });
  }
  if (toSend.length === 0) return refused;
  const { postBatch } = transport;
  const sent =
    postBatch && toSend.length > 1
      ? await sendBatch({ ...transport, postBatch }, toSend)
      : await sendEachAlone(transport, toSend);
  return [...refused, ...sent];
}

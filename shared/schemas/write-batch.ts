/**
 * POST /_api/batch's body (decision 034; what it means: @shared/sync/write-batch.ts).
 */
import * as z from "zod";
import { IDEMPOTENCY_KEY_PATTERN, MAX_BATCH_WRITES } from "../sync/write-batch.ts";

/** A write route under /_api: not login or logout (they set cookies), not the batch itself; no query. */
const WRITE_PATH = /^\/_api\/(?!auth\/|batch$)[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;

const batchWrite = z.object({
  key: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, "Each write needs a key of 1-200 letters, digits or - _ . :"),
  path: z.string().regex(WRITE_PATH, "Each write's path must be a write call under /_api."),
  /** The body exactly as the call alone would take it (superjson's { json, meta }, or plain JSON). */
  body: z.unknown(),
  /** The account that queued the write, sent as its Write-Owner (decision 039). */
  owner: z.number().int().positive().optional(),
});

export const writeBatchSchema = z.object({
  writes: z
    .array(batchWrite)
    .min(1, "A batch needs at least one write.")
    .max(MAX_BATCH_WRITES, `A batch holds at most ${MAX_BATCH_WRITES} writes.`)
    .refine(
      (writes) => new Set(writes.map((w) => w.key)).size === writes.length,
      "Each write needs its own key.",
    ),
});

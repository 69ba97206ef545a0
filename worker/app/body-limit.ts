/**
 * How large a request body each call may send (decision 028; each call's limit is in its declaration,
 * shared/contract/body-limits.ts). The limit is checked before the body is read: a declared Content-Length over
 * it answers 413 at once, and a body without one (chunked) is counted as it streams in and refused once it passes
 * the limit. Routes apply it after their role check (serve-calls.ts), so a refused caller's body is never read.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { BodyLimit } from "@shared/contract/call.ts";
import { ApiError } from "./api-error.ts";

/** Hono's bodyLimit, answering 413 in the API's error shape. */
export function limitBody(limit: BodyLimit): MiddlewareHandler {
  return bodyLimit({
    maxSize: limit.maxBytes,
    onError: () => {
      throw new ApiError(413, limit.message);
    },
  });
}

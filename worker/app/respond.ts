import type { Context } from "hono";
import superjson from "superjson";

type SuccessStatus = 200 | 201;

/** Every successful /_api response (except login) is superjson. */
export function sendData(c: Context, data: unknown, status: SuccessStatus = 200): Response {
  return c.body(superjson.stringify(data), status, { "Content-Type": "application/json; charset=utf-8" });
}

/** Every error is plain JSON `{ "error": message }`, with any details beside it. */
export function sendError(
  c: Context,
  status: number,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): Response {
  return c.json({ ...details, error: message }, status as 400);
}

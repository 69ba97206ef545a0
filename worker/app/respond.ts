import type { Context } from "hono";
import superjson from "superjson";

type SuccessStatus = 200 | 201;

declare const answerType: unique symbol;

/**
 * A response that carries `T` (superjson): a route's handler must answer its declaration's type (decision 061).
 * The mark exists only for the type checker.
 */
export type Reply<T> = Response & { readonly [answerType]?: T };

/** Every successful /_api response (except login) is superjson. */
export function sendData<T>(c: Context, data: T, status: SuccessStatus = 200): Reply<T> {
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

/**
 * Mounts routes from their declarations (shared/contract, decision 061): each call's method and path, its role
 * check, then its query and body checks in the house's order (validate.ts), then its handler. A resource's
 * route file gives one handler per declared call; a call without one does not compile.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { JSON_BODY_LIMIT } from "@shared/contract/body-limits.ts";
import type { CallAnswer, CallSpec, ValidBody, ValidQuery } from "@shared/contract/call.ts";
import { requireRole } from "../auth/require-role.ts";
import { limitBody } from "./body-limit.ts";
import type { AppEnv } from "./context.ts";
import type { Reply } from "./respond.ts";
import { jsonBody, plainJsonBody, query } from "./validate.ts";

/** What c.req.valid() gives a call's handler: its validated query and body, as declared. */
interface ValidInput<C> {
  in: object;
  out: { query: ValidQuery<C>; json: ValidBody<C> };
}

/** A call's handler: answers the declared type (sendData, write), a file, or a stream. */
export type CallHandler<C> = (
  c: Context<AppEnv, string, ValidInput<C>>,
) => Reply<CallAnswer<C>> | Promise<Reply<CallAnswer<C>>>;

/** The checks before a call's handler: its role, then its query, then its body (size first). */
function checksOf(spec: CallSpec): MiddlewareHandler<AppEnv>[] {
  const checks: MiddlewareHandler<AppEnv>[] = [];
  if (spec.role !== "public") checks.push(requireRole(spec.role));
  if (spec.query) checks.push(query(spec.query) as MiddlewareHandler<AppEnv>);
  const limit = spec.bodyLimit ?? JSON_BODY_LIMIT;
  const encoding = spec.bodyEncoding ?? "superjson";
  if (encoding === "text") checks.push(limitBody(limit));
  else if (spec.body && encoding === "json")
    checks.push(plainJsonBody(spec.body, limit) as unknown as MiddlewareHandler<AppEnv>);
  else if (spec.body) checks.push(jsonBody(spec.body, limit) as MiddlewareHandler<AppEnv>);
  return checks;
}

/** The routes of one resource's declared calls, at their paths under /_api. */
export function serveCalls<const Calls extends Readonly<Record<string, CallSpec>>>(
  calls: Calls,
  handlers: { [K in keyof Calls]: CallHandler<Calls[K]> },
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  for (const [name, spec] of Object.entries(calls)) {
    const handler = handlers[name as keyof Calls] as unknown as MiddlewareHandler<AppEnv>;
    routes.on(spec.method, [spec.path], ...([...checksOf(spec), handler] as [MiddlewareHandler<AppEnv>]));
  }
  return routes;
}

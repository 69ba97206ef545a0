/**
 * How the batch hands each write to the route that serves it alone: a request of its own to the same app,
 * with the caller's cookie and the headers CSRF, throttling and the live feed read, the write's path, body,
 * Idempotency-Key and Write-Owner. So role checks, CSRF, body limits, validation and idempotency are the
 * single write's own. It runs on the batch request's database (a Worker opens one per request, not per write).
 */
import type { Context } from "hono";
import type { BatchWrite } from "@shared/sync/write-batch.ts";
import { WRITE_OWNER_HEADER, writeOwnerValue } from "@shared/sync/write-owner.ts";
import type { AppEnv } from "../app/context.ts";
import type { Db } from "../db/types.ts";

/** What the app is to the batch: something that answers a request on the runtime's env and context. */
export interface WriteTarget {
  fetch(request: Request, env?: unknown, executionCtx?: never): Response | Promise<Response>;
}

/** The caller's headers each write carries as the browser would have sent them alone. */
const CARRIED = [
  "cookie",
  "origin",
  "sec-fetch-site",
  "host",
  "x-forwarded-host",
  "x-forwarded-for",
  "x-forwarded-proto",
  "cf-connecting-ip",
  "user-agent",
];

/**
 * Requests the app made to itself (a batch's writes, a Discord command's call: decision 096), with the database
 * of the request they belong to; nobody outside can make one.
 */
const batchDatabases = new WeakMap<Request, Db>();

/** Runs `request`, made by the app for itself, on `db`: the database of the request it belongs to. */
export function lendDatabase(request: Request, db: Db): void {
  batchDatabases.set(request, db);
}

/** The database of the batch a request is one write of; undefined for every request from outside. */
export function batchDatabaseOf(request: Request): Db | undefined {
  return batchDatabases.get(request);
}

export function executionContextOf(c: Context<AppEnv>): never | undefined {
  try {
    return c.executionCtx as never;
  } catch {
    // Node has none.
    return undefined;
  }
}

/** Sends one write of the batch through the app; answers the route's own response. */
export async function dispatchWrite(
  app: WriteTarget,
  c: Context<AppEnv>,
  write: BatchWrite,
): Promise<Response> {
  const headers = new Headers();
  for (const name of CARRIED) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const text = JSON.stringify(write.body ?? {});
  headers.set("content-type", "application/json");
  headers.set("content-length", String(new TextEncoder().encode(text).byteLength));
  headers.set("idempotency-key", write.key);
  if (write.owner !== undefined) headers.set(WRITE_OWNER_HEADER, writeOwnerValue(write.owner));
  const request = new Request(new URL(write.path, c.req.url), { method: "POST", headers, body: text });
  batchDatabases.set(request, c.get("db"));
  return app.fetch(request, c.env, executionContextOf(c));
}

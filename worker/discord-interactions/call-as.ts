/**
 * A Discord command does what the portal's own call does, as the caller's linked account (decision 096): it sends
 * that call to the app itself, on this request's database, so the role check, validation, rules, audit ("via
 * Discord"), idempotency and the live feed are the call's own. Nothing here decides who may do what.
 */
import type { Context } from "hono";
import superjson from "superjson";
import { actAs } from "../app/acting-as.ts";
import type { AppEnv } from "../app/context.ts";
import { executionContextOf, lendDatabase, type WriteTarget } from "../batch/batch-dispatch.ts";
import type { LinkedAccount } from "./interactions-repo.ts";

export interface CallAnswer<T> {
  status: number;
  /** The call's answer, read with superjson; `{ error }` when it refused. */
  data: T & { error?: string };
}

export interface PortalCaller {
  get<T>(path: string): Promise<CallAnswer<T>>;
  /** A write, under an Idempotency-Key made from the interaction's id: a repeat is answered, never applied. */
  post<T>(path: string, body: unknown, key: string): Promise<CallAnswer<T>>;
}

export function callerAs(app: WriteTarget, c: Context<AppEnv>, account: LinkedAccount): PortalCaller {
  const user = {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    role: account.role,
    avatarUrl: account.avatarUrl,
  };
  const send = async <T>(method: string, path: string, body?: unknown, key?: string) => {
    const headers = new Headers({ host: new URL(c.req.url).host });
    let text: string | undefined;
    if (body !== undefined) {
      text = superjson.stringify(body);
      headers.set("content-type", "application/json");
    }
    if (key !== undefined) headers.set("idempotency-key", key);
    const request = new Request(new URL(`/_api${path}`, c.req.url), { method, headers, body: text });
    lendDatabase(request, c.get("db"));
    actAs(request, { user, via: "discord" });
    const response = await app.fetch(request, c.env, executionContextOf(c));
    const answer = await response.text();
    let data: unknown;
    try {
      const parsed = JSON.parse(answer) as unknown;
      data = parsed && typeof parsed === "object" && "json" in parsed ? superjson.parse(answer) : parsed;
    } catch {
      data = { error: answer };
    }
    return { status: response.status, data: data as T & { error?: string } };
  };
  return {
    get: (path) => send("GET", path),
    post: (path, body, key) => send("POST", path, body, key),
  };
}

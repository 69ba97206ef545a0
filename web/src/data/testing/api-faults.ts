/**
 * For data-layer tests: a Hono middleware that stands in front of the real API and misbehaves as the
 * network or a proxy would when told to (a dropped connection, a lost answer, a 5xx, a 401, a held or
 * reshaped answer). It records which requests arrived; what the server applied is read from its database.
 */
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import superjson from "superjson";

export type Fault =
  /** Let the request through to the app. */
  | { kind: "answer" }
  /** Close the connection before the app sees the request (the client sees a network failure). */
  | { kind: "drop" }
  /** Let the app apply the request, then close the connection instead of answering. */
  | { kind: "lose-answer" }
  /** Answer this status with `{ error }`; the app never sees the request. */
  | { kind: "status"; status: number; error: string }
  /** Wait until `until` settles, then go on as the next fault in line says (or let it through). */
  | { kind: "hold"; until: Promise<unknown> }
  /** Let the app answer, and hand on `change` of its (superjson) answer instead. */
  | { kind: "reshape"; change: (answer: unknown) => unknown };

export interface SeenRequest {
  method: string;
  /** Path under /_api, with its query. */
  path: string;
  key: string | undefined;
  body: unknown;
  /** For each write of a POST /batch, recorded as if sent alone: the number of that batch request (1, 2, ...). */
  batch?: number;
}

/** The writes of a POST /batch body, each as its own request. */
function batchedWrites(body: unknown, batch: number): SeenRequest[] {
  const writes =
    (body as { writes?: { key: string; path: string; body: unknown }[] } | undefined)?.writes ?? [];
  return writes.map((write) => ({
    method: "POST",
    path: write.path.replace(/^\/_api/, ""),
    key: write.key,
    body: superjson.deserialize(write.body as Parameters<typeof superjson.deserialize>[0]),
    batch,
  }));
}

export class ApiFaults {
  readonly requests: SeenRequest[] = [];
  /** POST /batch requests seen. */
  private batches = 0;
  private readonly writeFaults: Fault[] = [];
  private readonly readFaults = new Map<string, Fault[]>();

  /** Faults for the next POSTs, in order; after them requests go through. */
  failWrites(...faults: Fault[]): void {
    this.writeFaults.push(...faults);
  }

  /**
   * Faults for the next GETs of a path under /_api, in order: with a query, of that exact path; without one,
   * of the path with any query (GET /changes?since=... whatever the cursor).
   */
  failReads(path: string, ...faults: Fault[]): void {
    this.readFaults.set(path, [...(this.readFaults.get(path) ?? []), ...faults]);
  }

  /** The POST requests that arrived, a batch counting once (logins too). */
  postRequests(): number {
    const batches = new Set<number>();
    let alone = 0;
    for (const r of this.requests) {
      if (r.method !== "POST") continue;
      if (r.batch === undefined) alone += 1;
      else batches.add(r.batch);
    }
    return alone + batches.size;
  }

  /** Forgets the recorded requests and the faults not yet used. */
  clear(): void {
    this.requests.length = 0;
    this.batches = 0;
    this.writeFaults.length = 0;
    this.readFaults.clear();
  }

  readonly middleware: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname.replace(/^\/_api/, "") + url.search;
    const method = c.req.method;
    const text = method === "GET" ? "" : await c.req.raw.clone().text();
    const body = text === "" ? undefined : superjson.parse(text);
    if (method === "POST" && path === "/batch") {
      this.batches += 1;
      this.requests.push(...batchedWrites(body, this.batches));
    } else this.requests.push({ method, path, key: c.req.header("idempotency-key"), body });
    const bare = url.pathname.replace(/^\/_api/, "");
    // Write faults are for the data writes: a test's own logins and logouts go through.
    const queue =
      method === "GET"
        ? (this.readFaults.get(path) ?? this.readFaults.get(bare))
        : bare.startsWith("/auth/")
          ? undefined
          : this.writeFaults;

    for (let fault = queue?.shift(); ; fault = queue?.shift()) {
      switch (fault?.kind) {
        case "hold":
          await fault.until;
          continue;
        case "drop":
          c.env.incoming.socket.destroy();
          return c.body(null);
        case "status":
          return c.json({ error: fault.error }, fault.status as 400);
        case "lose-answer":
          await next();
          c.env.incoming.socket.destroy();
          return;
        case "reshape": {
          await next();
          const answer = superjson.parse(await c.res.text());
          const headers = new Headers(c.res.headers);
          headers.delete("content-length");
          c.res = new Response(superjson.stringify(fault.change(answer)), { status: c.res.status, headers });
          return;
        }
        default:
          return next();
      }
    }
  };
}

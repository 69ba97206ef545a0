/**
 * For tests (Node only): a push service on 127.0.0.1 that records every message. Its endpoints say how they
 * answer: POST /push/<mode>/<id> with mode
 *   ok: 201 · gone: 410 · notfound: 404 · error: 500 · slow: answers 201 only after SLOW_ANSWER_MS.
 * What it received is read back over HTTP (GET /__received?prefix=/push/ok/abc), so a test inside workerd,
 * or a browser test driving `npm start`, can read it as well as a Node test (receivedMessages()).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SLOW_ANSWER_MS = 30_000;

export type PushMode = "ok" | "gone" | "notfound" | "error" | "slow";

const STATUS: Record<PushMode, number> = { ok: 201, gone: 410, notfound: 404, error: 500, slow: 201 };

/** One message as the push service received it (JSON-safe: the body in base64url). */
export interface ReceivedPush {
  /** The full endpoint URL it was posted to. */
  endpoint: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status the service answered (or will answer, for slow). */
  status: number;
}

export interface FakePushService {
  /** http://127.0.0.1:<port> */
  url: string;
  endpoint(mode: PushMode, id: string): string;
  received(prefix?: string): ReceivedPush[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let url = "";
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const where = new URL(req.url ?? "/", url);
    if (req.method === "GET" && where.pathname === "/__received") {
      const prefix = where.searchParams.get("prefix") ?? "";
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(received.filter((push) => push.path.startsWith(prefix))));
      return;
    }
    const match = /^\/push\/(ok|gone|notfound|error|slow)\/[\w.-]+$/.exec(where.pathname);
    if (req.method !== "POST" || !match) {
      res.writeHead(404).end();
      return;
    }
    const mode = match[1] as PushMode;
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers[name] = value;
    received.push({
      endpoint: `${url}${where.pathname}`,
      path: where.pathname,
      headers,
      body: body.toString("base64url"),
      status: STATUS[mode],
    });
    const answer = () => res.writeHead(STATUS[mode]).end();
    if (mode !== "slow") return answer();
    const timer = setTimeout(() => {
      pending.delete(timer);
      answer();
    }, SLOW_ANSWER_MS);
    pending.add(timer);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endpoint: (mode, id) => `${url}/push/${mode}/${id}`,
    received: (prefix = "") => received.filter((push) => push.path.startsWith(prefix)),
    close: async () => {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

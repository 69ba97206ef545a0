/**
 * The outbound transport on Node (decision 053): a name is resolved with the system resolver (every address,
 * as getaddrinfo answers them), the guard checks them all, and the connection is made to those very addresses
 * through `lookup` (pinnedLookup), so a name cannot resolve to a public address for the check and to a private
 * one for the connection (DNS rebinding). Built on node:http(s), which Node has without a dependency; a
 * redirect is an answer like any other.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import * as http from "node:http";
import * as https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { OutboundTransport, RawAnswer, SendRequest } from "./guarded-fetch.ts";

/** Every address of a name; tests pass their own to stand in for DNS. */
export type HostLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** net.connect's `lookup`, answering only the addresses the guard checked (whatever the name resolves to now). */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    const family = typeof options.family === "number" ? options.family : 0;
    const matching = entries.filter((entry) => family === 0 || entry.family === family);
    if (matching.length === 0) {
      callback(Object.assign(new Error(`no checked IPv${family} address`), { code: "ENOTFOUND" }), "");
      return;
    }
    const [first] = matching as [(typeof matching)[number]];
    if (options.all) callback(null, matching);
    else callback(null, first.address, first.family);
  };
}

/** Sockets are kept for the next call to the same host: each was opened to a checked address. */
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

function answerHeaders(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function send(
  url: URL,
  addresses: readonly string[] | null,
  request: SendRequest,
  signal: AbortSignal,
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const headers = { ...request.headers };
    if (request.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-length"))
      headers["content-length"] = String(Buffer.byteLength(request.body));
    const protocol = url.protocol === "https:" ? https : http;
    const req = protocol.request(
      url,
      {
        method: request.method,
        headers,
        agent: agents[url.protocol as "http:" | "https:"],
        signal,
        ...(addresses === null ? {} : { lookup: pinnedLookup(addresses) }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          resolve({ status: res.statusCode ?? 0, headers: answerHeaders(res), body: Buffer.concat(chunks) });
        };
        res.on("data", (chunk: Buffer) => {
          const part = chunk.subarray(0, request.maxAnswerBytes - size);
          chunks.push(part);
          size += part.length;
          // Enough read: the rest is dropped with the connection.
          if (size >= request.maxAnswerBytes) {
            finish();
            res.destroy();
          }
        });
        res.on("end", finish);
        res.on("error", (err) => {
          if (settled) return;
          settled = true;
          reject(err);
        });
        res.on("close", () => {
          if (settled) return;
          settled = true;
          reject(new Error("the answer was cut off"));
        });
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

/** Node's transport; `lookup` stands in for DNS in tests (the production path passes none: systemLookup). */
export function nodeTransport({ lookup = systemLookup }: { lookup?: HostLookup } = {}): OutboundTransport {
  return { resolve: lookup, send };
}

/**
 * The server's one way out (decision 053): every call it makes to a URL someone else chose (a push endpoint, a
 * Discord webhook) goes through guardedFetch, on Node and on Workers. It checks the URL (outbound-url.ts), then,
 * where the runtime can resolve names (Node, node-transport.ts), every address of the host, and connects only
 * to the addresses it checked. Redirects are not followed (a 3xx is the answer), the whole call has a timeout,
 * and only the first bytes of the answer are read. Workers have no DNS API: there the names and addresses are
 * checked and the platform itself refuses private ranges.
 */
import { checkOutboundUrl, forbiddenResolution, type Refusal } from "./outbound-url.ts";
import { testOriginsFrom } from "./test-origins.ts";

/** The whole call (resolving, connecting, the answer and its body) by default; callers may shorten it. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Bytes of an answer's body read at most: push services and Discord answer in well under 2 kB. */
export const MAX_ANSWER_BYTES = 16_384;

export interface OutboundRequest {
  method?: "POST" | "GET" | "PUT" | "PATCH";
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  timeoutMs?: number;
  maxAnswerBytes?: number;
}

/** What a transport answers: the status, headers, and at most maxAnswerBytes of the body. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

export interface SendRequest {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
  maxAnswerBytes: number;
}

/** How a checked request goes out. */
export interface OutboundTransport {
  /** Every address of a name (Node: the system resolver). Absent where the runtime has no DNS API (Workers). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Sends to `url`, connecting only to `addresses` when given (the checked ones); never follows a redirect. */
  send: (
    url: URL,
    addresses: readonly string[] | null,
    request: SendRequest,
    signal: AbortSignal,
  ) => Promise<RawAnswer>;
}

/** The outbound settings of a server: its transport and the test-only loopback origins (test-origins.ts). */
export interface Outbound {
  testOrigins: readonly string[];
  transport: OutboundTransport;
}

/** A refused call: nothing was sent. */
export class OutboundRefused extends Error {
  override name = "OutboundRefused";
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(refusal.reason);
    this.refusal = refusal;
  }
}

/** No answer (or not all of it) within the timeout. */
export class OutboundTimeout extends Error {
  override name = "OutboundTimeout";
}

/** Reads at most `max` bytes of a body, then cancels the rest. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < max) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, max - size);
      chunks.push(part);
      size += part.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Workers (and any runtime without a resolver): the platform's fetch, redirects left to the caller. */
export const fetchTransport: OutboundTransport = {
  async send(url, _addresses, request, signal) {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
      redirect: "manual",
      signal,
    });
    return {
      status: response.status,
      headers: response.headers,
      body: await readCapped(response.body, request.maxAnswerBytes),
    };
  },
};

/** The public internet only, no test origins: what a server gets when nothing else is configured. */
export const PUBLIC_ONLY: Outbound = { testOrigins: [], transport: fetchTransport };

/** A configuration's outbound settings (AppConfig, ScheduledConfig), or PUBLIC_ONLY. */
export const outboundOf = (config: { outbound?: Outbound | null | undefined }): Outbound =>
  config.outbound ?? PUBLIC_ONLY;

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The URL and the addresses to connect to, once every rule passed; throws OutboundRefused otherwise. */
async function approve(
  raw: string,
  outbound: Outbound,
  signal: AbortSignal,
): Promise<{ url: URL; addresses: string[] | null }> {
  const result = checkOutboundUrl(raw, outbound.testOrigins);
  if (!result.ok) throw new OutboundRefused(result.refusal);
  const { url, resolveName } = result.checked;
  const resolve = outbound.transport.resolve;
  if (resolveName === null || resolve === undefined) return { url, addresses: null };
  let addresses: string[];
  try {
    addresses = await abortable(resolve(resolveName), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    addresses = [];
  }
  const refusal = forbiddenResolution(resolveName, addresses);
  if (refusal) throw new OutboundRefused(refusal);
  return { url, addresses };
}

/**
 * Whether the server may call `raw`: null, or why not. Used when a URL is saved (the caller answers 400 with the
 * reason); the same check runs again when it is called.
 */
export async function checkOutbound(
  raw: string,
  outbound: Outbound,
  timeoutMs = OUTBOUND_TIMEOUT_MS,
): Promise<Refusal | null> {
  try {
    await approve(raw, outbound, AbortSignal.timeout(timeoutMs));
    return null;
  } catch (err) {
    if (err instanceof OutboundRefused) return err.refusal;
    return { code: "unresolved", reason: `${new URL(raw).hostname} could not be resolved in time` };
  }
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * Sends one request through the guard and answers it as a Response (its body: at most maxAnswerBytes). Throws
 * OutboundRefused (nothing was sent), OutboundTimeout, or the transport's error (no connection…).
 */
export async function guardedFetch(
  raw: string,
  request: OutboundRequest,
  outbound: Outbound,
): Promise<Response> {
  const timeoutMs = request.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const { url, addresses } = await approve(raw, outbound, signal);
    const answer = await outbound.transport.send(
      url,
      addresses,
      {
        method: request.method ?? "POST",
        headers: request.headers ?? {},
        body: request.body,
        maxAnswerBytes: Math.max(1, request.maxAnswerBytes ?? MAX_ANSWER_BYTES),
      },
      signal,
    );
    const body = NULL_BODY_STATUS.has(answer.status) ? null : answer.body;
    return new Response(body as BodyInit | null, { status: answer.status, headers: answer.headers });
  } catch (err) {
    if (err instanceof OutboundRefused) throw err;
    if (signal.aborted) throw new OutboundTimeout(`no answer within ${timeoutMs} ms`);
    throw err;
  }
}

/** A server's outbound settings from its parsed environment: Node passes its transport, Workers use fetch. */
export function outboundFrom(
  env: Parameters<typeof testOriginsFrom>[0],
  transport: OutboundTransport = fetchTransport,
): Outbound {
  return { testOrigins: testOriginsFrom(env), transport };
}

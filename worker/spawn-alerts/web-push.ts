/**
 * One Web Push message (RFC 8030): the payload encrypted for the browser (RFC 8291, aes128gcm) and signed with
 * the server's VAPID key (RFC 8292), by @block65/webcrypto-web-push on WebCrypto, so the same code runs on Node
 * and Workers (decision 042), through the outbound guard (decision 053). The push service's answer decides what
 * happens to the subscription.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import {
  guardedFetch,
  type Outbound,
  OutboundRefused,
  OutboundTimeout,
  PUBLIC_ONLY,
} from "../outbound/guarded-fetch.ts";
import type { VapidConfig } from "./vapid.ts";

/** A push service that has not answered by then counts as failed; the other endpoints go on. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered alert: after the spawn it is no use. */
export const MAX_PUSH_TTL_SECONDS = 15 * 60;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushOutcome =
  /** 2xx: the push service took it. */
  | { kind: "sent"; status: number }
  /** 404/410: the subscription expired or was withdrawn; it must be deleted. */
  | { kind: "gone"; status: number }
  /** The guard refused the endpoint (not the public internet, decision 053): nothing was sent; it is deleted. */
  | { kind: "refused"; error: string }
  /** Anything else (another status, a 3xx, a network error, a timeout, a name that did not resolve): tried again. */
  | { kind: "failed"; error: string };

/**
 * The URL the library signs and encrypts for. Both libraries refuse http (push services are https), but a test's
 * push service on this machine (a test origin, worker/outbound/test-origins.ts) uses http: it is signed as the
 * https URL of the same host and port (the VAPID audience names that origin), and sent to the http one.
 */
function signedEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.protocol === "http:") {
    url.protocol = "https:";
    if (url.port === "") url.port = "80";
  }
  return url.href;
}

export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: VapidConfig,
  {
    ttlSeconds = MAX_PUSH_TTL_SECONDS,
    timeoutMs = PUSH_TIMEOUT_MS,
    urgency = "high" as const,
    outbound = PUBLIC_ONLY,
  }: { ttlSeconds?: number; timeoutMs?: number; urgency?: "high"; outbound?: Outbound } = {},
): Promise<PushOutcome> {
  let request: Awaited<ReturnType<typeof buildPushPayload>>;
  try {
    request = await buildPushPayload(
      { data: JSON.stringify(payload), options: { ttl: Math.max(1, Math.round(ttlSeconds)), urgency } },
      { endpoint: signedEndpoint(target.endpoint), expirationTime: null, keys: target.keys },
      vapid,
    );
  } catch (err) {
    return { kind: "failed", error: `could not encrypt: ${(err as Error)?.message ?? err}` };
  }
  try {
    const response = await guardedFetch(
      target.endpoint,
      { method: "POST", headers: request.headers, body: request.body, timeoutMs },
      outbound,
    );
    if (response.status >= 200 && response.status < 300) return { kind: "sent", status: response.status };
    if (response.status === 404 || response.status === 410) return { kind: "gone", status: response.status };
    return { kind: "failed", error: `push service answered ${response.status}` };
  } catch (err) {
    if (err instanceof OutboundRefused)
      return err.refusal.code === "unresolved"
        ? { kind: "failed", error: err.message }
        : { kind: "refused", error: err.message };
    if (err instanceof OutboundTimeout)
      return { kind: "failed", error: `push service did not answer in ${timeoutMs} ms` };
    return { kind: "failed", error: `push service unreachable: ${(err as Error)?.message ?? err}` };
  }
}

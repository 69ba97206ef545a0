/**
 * One Web Push message (RFC 8030): the payload encrypted for the browser (RFC 8291, aes128gcm) and signed with
 * the server's VAPID key (RFC 8292), by @block65/webcrypto-web-push on WebCrypto, so the same code runs on Node
 * and Workers (decision 042). The push service's answer decides what happens to the subscription.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
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
  /** Anything else (another status, a network error, a timeout): the alert may be tried again. */
  | { kind: "failed"; error: string };

/**
 * The URL the library signs and encrypts for. Both libraries refuse http (push services are https), but the
 * schema lets a push service on this machine use http for tests and development: it is signed as the https
 * URL of the same host and port (the VAPID audience names that origin), and sent to the http one.
 */
function signedEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "localhost")) {
    url.protocol = "https:";
    if (url.port === "") url.port = "80";
  }
  return url.href;
}

export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: VapidConfig,
  { ttlSeconds = MAX_PUSH_TTL_SECONDS, timeoutMs = PUSH_TIMEOUT_MS, urgency = "high" as const } = {},
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(target.endpoint, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      redirect: "manual",
    });
    // The body is not needed; reading it frees the connection.
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { kind: "sent", status: response.status };
    if (response.status === 404 || response.status === 410) return { kind: "gone", status: response.status };
    return { kind: "failed", error: `push service answered ${response.status}` };
  } catch (err) {
    if (controller.signal.aborted)
      return { kind: "failed", error: `push service did not answer in ${timeoutMs} ms` };
    return { kind: "failed", error: `push service unreachable: ${(err as Error)?.message ?? err}` };
  } finally {
    clearTimeout(timer);
  }
}

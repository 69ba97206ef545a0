/**
 * For tests in any runtime: reach the fake push service (fake-push-service.ts) by its URL and read what it
 * received. A Node test may start one itself; the workerd project's global setup starts one and provides its URL.
 */
import type { PushMode, ReceivedPush } from "./fake-push-service.ts";
import { fromBase64Url } from "./push-crypto.ts";

export type { PushMode, ReceivedPush };

export function pushEndpoint(serviceUrl: string, mode: PushMode, id: string): string {
  return `${serviceUrl}/push/${mode}/${id}`;
}

/** The messages posted to endpoints whose path starts with `prefix` (e.g. "/push/ok/<test id>"), in order. */
export async function receivedPushes(serviceUrl: string, prefix = ""): Promise<ReceivedPush[]> {
  const response = await fetch(`${serviceUrl}/__received?prefix=${encodeURIComponent(prefix)}`);
  if (!response.ok) throw new Error(`the fake push service answered ${response.status}`);
  return (await response.json()) as ReceivedPush[];
}

export const pushBody = (push: ReceivedPush): Uint8Array => fromBase64Url(push.body);

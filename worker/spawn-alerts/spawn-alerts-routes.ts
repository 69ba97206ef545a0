/**
 * Web Push subscriptions for spawn alerts (shared/schemas/spawn-alerts.ts, decision 042). Anyone may turn alerts
 * on for their device, signed in or not (a visitor who installed the app): the push endpoint is the device's
 * secret, and whoever holds it may change or end its alerts. Writes go through the CSRF guard like every write.
 * Bounded: MAX_PUSH_SUBSCRIPTIONS in all and MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS new ones from one address.
 * The server only pushes to the public internet (decision 053): an endpoint it would refuse to call is refused
 * here, with the reason, before anything is stored.
 */
import { SPAWN_ALERT_CALLS } from "@shared/contract/spawn-alerts.ts";
import {
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  type PushEndpointInput,
  pushEndpointNotPublic,
  type SubscribeSpawnAlertsInput,
} from "@shared/schemas/spawn-alerts.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import { checkOutbound, type Outbound, outboundOf } from "../outbound/guarded-fetch.ts";
import {
  countSubscriptions,
  deleteSubscription,
  findSubscription,
  lockSubscriptionWrites,
  settingsOf,
  upsertSubscription,
} from "./subscriptions-repo.ts";
import { base64UrlLength, base64UrlToBytes } from "./vapid.ts";

export const MAX_PUSH_SUBSCRIPTIONS = 5_000;
export const MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS = 20;

export const PUSH_OFF =
  "Spawn alerts are turned off on this server (it has no VAPID keys). Ask an admin to turn them on.";
export const TOO_MANY_PUSH_SUBSCRIPTIONS = `Spawn alerts are full on this server: ${MAX_PUSH_SUBSCRIPTIONS.toLocaleString("en-US")} devices already get them. Ask an admin to make room.`;
export const TOO_MANY_FROM_ADDRESS = `${MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS} devices on your network already get spawn alerts. Turn them off on a device you no longer use, then try again.`;
export const ALERTS_TURNED_OFF = "Spawn alerts are off on this device.";
export const ALERTS_WERE_OFF = "Spawn alerts were already off on this device.";

/** The browser's keys as RFC 8291 needs them: a P-256 point (65 bytes, 0x04 first) and a 16-byte secret. */
function assertUsableKeys(keys: { p256dh: string; auth: string }): void {
  const point = base64UrlLength(keys.p256dh) === 65 && base64UrlToBytes(keys.p256dh)[0] === 0x04;
  if (!point || base64UrlLength(keys.auth) !== 16) throw new ApiError(400, PUSH_KEYS_INVALID);
}

/** An endpoint the outbound guard would call: https, the default port, a public host (resolved on Node). */
async function assertPublicEndpoint(endpoint: string, outbound: Outbound): Promise<void> {
  const refusal = await checkOutbound(endpoint, outbound);
  if (refusal === null) return;
  throw new ApiError(
    400,
    refusal.code === "scheme" ? PUSH_ENDPOINT_INVALID : pushEndpointNotPublic(refusal.reason),
  );
}

/** The boss list without repeats (letter case aside), as it was written. */
function distinctBosses(bosses: SubscribeSpawnAlertsInput["bosses"]): "all" | string[] {
  if (bosses === "all") return "all";
  const seen = new Set<string>();
  return bosses.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const spawnAlertsRoutes = serveCalls(SPAWN_ALERT_CALLS, {
  publicKey: (c) => {
    const vapid = c.get("config").vapid;
    if (!vapid) throw new ApiError(503, PUSH_OFF);
    return sendData(c, { publicKey: vapid.publicKey });
  },
  subscribe: async (c) => {
    if (!c.get("config").vapid) throw new ApiError(503, PUSH_OFF);
    const input = c.req.valid("json") as SubscribeSpawnAlertsInput;
    assertUsableKeys(input.subscription.keys);
    await assertPublicEndpoint(input.subscription.endpoint, outboundOf(c.get("config")));
    const from = c.get("clientAddress") ?? null;
    return write(c, async ({ tx }) => {
      await lockSubscriptionWrites(tx);
      const existing = await findSubscription(tx, input.subscription.endpoint);
      if (!existing) {
        if ((await countSubscriptions(tx)) >= MAX_PUSH_SUBSCRIPTIONS)
          throw new ApiError(429, TOO_MANY_PUSH_SUBSCRIPTIONS);
        if (from !== null && (await countSubscriptions(tx, from)) >= MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS)
          throw new ApiError(429, TOO_MANY_FROM_ADDRESS);
      }
      const stored = await upsertSubscription(tx, {
        endpoint: input.subscription.endpoint,
        keys: input.subscription.keys,
        bosses: distinctBosses(input.bosses),
        leadMinutes: input.leadMinutes,
        userId: c.get("user")?.id ?? null,
        from,
      });
      return { alerts: settingsOf(stored) };
    });
  },
  status: async (c) => {
    const { endpoint } = c.req.valid("json") as PushEndpointInput;
    const stored = await findSubscription(c.get("db"), endpoint);
    return sendData(c, { alerts: stored ? settingsOf(stored) : null });
  },
  unsubscribe: (c) => {
    const { endpoint } = c.req.valid("json") as PushEndpointInput;
    return write(c, async ({ tx }) => ({
      message: (await deleteSubscription(tx, endpoint)) ? ALERTS_TURNED_OFF : ALERTS_WERE_OFF,
    }));
  },
});

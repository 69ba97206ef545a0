/**
 * The Web Push subscription calls (shared/schemas/spawn-alerts.ts): anyone may turn alerts on for a device,
 * bad input is refused with its message, and the number of subscriptions is bounded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALERT_BOSSES_INVALID,
  LEAD_MINUTES_INVALID,
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
} from "@shared/schemas/spawn-alerts.ts";
import { createApp } from "../app/create-app.ts";
import { type Portal, setUpPortal, signInAs } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import {
  ALERTS_TURNED_OFF,
  ALERTS_WERE_OFF,
  MAX_PUSH_SUBSCRIPTIONS,
  MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS,
  PUSH_OFF,
  TOO_MANY_FROM_ADDRESS,
  TOO_MANY_PUSH_SUBSCRIPTIONS,
} from "./spawn-alerts-routes.ts";
import { createBrowserSubscription } from "./testing/push-crypto.ts";
import { generateVapidKeys, type VapidConfig } from "./vapid.ts";

let portal: Portal;
let vapid: VapidConfig;
let app: ReturnType<typeof createApp>;
/** A client whose requests come from `address` (the app reads it from a test header). */
const from = (address: string) => ({ "x-test-address": address });

beforeAll(async () => {
  portal = await setUpPortal("spawn-alerts");
  vapid = await generateVapidKeys("mailto:raid-lead@guild.test");
  app = createApp({
    db: portal.db,
    config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789", vapid },
    clientAddress: (c) => c.req.header("x-test-address"),
  });
});
afterAll(() => portal.close());
beforeEach(async () => {
  await portal.db.exec("DELETE FROM push_subscriptions");
});

let seq = 0;
async function device() {
  const browser = await createBrowserSubscription(`https://push.example.test/send/device-${++seq}`);
  return { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys };
}

describe("GET /_api/spawn-alerts/public-key", () => {
  it("answers the VAPID public key to anyone", async () => {
    const res = await new TestClient(app).get("/_api/spawn-alerts/public-key");
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ publicKey: vapid.publicKey });
  });

  it("says push is off, not a server error, when the server has no keys", async () => {
    const res = await portal.anonymous.get("/_api/spawn-alerts/public-key");
    expect(res.status).toBe(503);
    expect(res.data).toEqual({ error: PUSH_OFF });
    const subscribe = await portal.anonymous.post("/_api/spawn-alerts/subscription", {
      subscription: await device(),
      bosses: "all",
      leadMinutes: 10,
    });
    expect(subscribe.status).toBe(503);
    expect(subscribe.data).toEqual({ error: PUSH_OFF });
  });
});

describe("a device's spawn alerts", () => {
  it("are turned on by an anonymous visitor, replaced, read back and turned off", async () => {
    const client = new TestClient(app);
    const subscription = await device();
    const on = await client.post("/_api/spawn-alerts/subscription", {
      subscription,
      bosses: "all",
      leadMinutes: 10,
    });
    expect(on.status).toBe(200);
    expect(on.data).toEqual({ alerts: { endpoint: subscription.endpoint, bosses: "all", leadMinutes: 10 } });

    const changed = await client.post("/_api/spawn-alerts/subscription", {
      subscription,
      bosses: ["Auraq", "auraq", "Venatus"],
      leadMinutes: 5,
    });
    expect(changed.data).toEqual({
      alerts: { endpoint: subscription.endpoint, bosses: ["Auraq", "Venatus"], leadMinutes: 5 },
    });
    const status = await client.post("/_api/spawn-alerts/subscription/status", {
      endpoint: subscription.endpoint,
    });
    expect(status.data).toEqual(changed.data);
    const rows = await portal.db.query("SELECT 1 FROM push_subscriptions");
    expect(rows).toHaveLength(1);

    const off = await client.post("/_api/spawn-alerts/unsubscribe", { endpoint: subscription.endpoint });
    expect(off.data).toEqual({ message: ALERTS_TURNED_OFF });
    const after = await client.post("/_api/spawn-alerts/subscription/status", {
      endpoint: subscription.endpoint,
    });
    expect(after.data).toEqual({ alerts: null });
    const again = await client.post("/_api/spawn-alerts/unsubscribe", { endpoint: subscription.endpoint });
    expect(again.data).toEqual({ message: ALERTS_WERE_OFF });
  });

  it("remember the account of a signed-in raider", async () => {
    const raider = await signInAs({ db: portal.db, app }, "spawn-alerts", "user");
    const subscription = await device();
    const res = await raider.post("/_api/spawn-alerts/subscription", {
      subscription,
      bosses: "all",
      leadMinutes: 15,
    });
    expect(res.status).toBe(200);
    const [row] = await portal.db.query<{ userId: number | null }>(
      'SELECT user_id AS "userId" FROM push_subscriptions WHERE endpoint = $1',
      [subscription.endpoint],
    );
    expect(row?.userId).toEqual(expect.any(Number));
  });

  it("refuse a cross-site request", async () => {
    const res = await new TestClient(app).post(
      "/_api/spawn-alerts/subscription",
      { subscription: await device(), bosses: "all", leadMinutes: 10 },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });
});

describe("bad input", () => {
  const cases: [string, (s: Awaited<ReturnType<typeof device>>) => unknown, string][] = [
    [
      "an endpoint that is not https",
      (s) => ({
        subscription: { ...s, endpoint: "http://push.example.test/x" },
        bosses: "all",
        leadMinutes: 10,
      }),
      PUSH_ENDPOINT_INVALID,
    ],
    [
      "an endpoint that is not a URL",
      (s) => ({ subscription: { ...s, endpoint: "not a url" }, bosses: "all", leadMinutes: 10 }),
      PUSH_ENDPOINT_INVALID,
    ],
    [
      "an endpoint too long",
      (s) => ({
        subscription: { ...s, endpoint: `https://push.example.test/${"x".repeat(1_000)}` },
        bosses: "all",
        leadMinutes: 10,
      }),
      PUSH_ENDPOINT_INVALID,
    ],
    [
      "no keys",
      (s) => ({ subscription: { endpoint: s.endpoint }, bosses: "all", leadMinutes: 10 }),
      PUSH_KEYS_INVALID,
    ],
    [
      "a p256dh that is no P-256 point",
      (s) => ({
        subscription: { ...s, keys: { ...s.keys, p256dh: "AAAA" } },
        bosses: "all",
        leadMinutes: 10,
      }),
      PUSH_KEYS_INVALID,
    ],
    [
      "an auth secret of the wrong size",
      (s) => ({
        subscription: { ...s, keys: { ...s.keys, auth: `${s.keys.auth}AAAA` } },
        bosses: "all",
        leadMinutes: 10,
      }),
      PUSH_KEYS_INVALID,
    ],
    [
      "keys that are not base64url",
      (s) => ({ subscription: { ...s, keys: { ...s.keys, auth: "a b c" } }, bosses: "all", leadMinutes: 10 }),
      PUSH_KEYS_INVALID,
    ],
    [
      "a lead time of 7 minutes",
      (s) => ({ subscription: s, bosses: "all", leadMinutes: 7 }),
      LEAD_MINUTES_INVALID,
    ],
    [
      "a lead time as text",
      (s) => ({ subscription: s, bosses: "all", leadMinutes: "10" }),
      LEAD_MINUTES_INVALID,
    ],
    ["no bosses", (s) => ({ subscription: s, bosses: [], leadMinutes: 10 }), ALERT_BOSSES_INVALID],
    [
      "a boss without a name",
      (s) => ({ subscription: s, bosses: ["Auraq", " "], leadMinutes: 10 }),
      ALERT_BOSSES_INVALID,
    ],
    [
      "bosses as one name",
      (s) => ({ subscription: s, bosses: "Auraq", leadMinutes: 10 }),
      ALERT_BOSSES_INVALID,
    ],
    [
      "an unknown field",
      (s) => ({ subscription: s, bosses: "all", leadMinutes: 10, admin: true }),
      "Unknown field: admin",
    ],
  ];
  it.each(cases)("refuses %s with 400 and its message", async (_name, body, message) => {
    const res = await new TestClient(app).post("/_api/spawn-alerts/subscription", body(await device()));
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ error: message });
    expect(await portal.db.query("SELECT 1 FROM push_subscriptions")).toEqual([]);
  });

  it("refuses a status or unsubscribe call without a valid endpoint", async () => {
    const client = new TestClient(app);
    for (const path of ["/_api/spawn-alerts/subscription/status", "/_api/spawn-alerts/unsubscribe"]) {
      const res = await client.post(path, { endpoint: "javascript:alert(1)" });
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ error: PUSH_ENDPOINT_INVALID });
    }
  });
});

describe("the bounds", () => {
  it(`takes at most ${MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS} devices from one address`, async () => {
    const client = new TestClient(app);
    const subscribe = async (subscription: Awaited<ReturnType<typeof device>>, address: string) =>
      client.post(
        "/_api/spawn-alerts/subscription",
        { subscription, bosses: "all", leadMinutes: 10 },
        from(address),
      );
    const first = await device();
    expect((await subscribe(first, "203.0.113.7")).status).toBe(200);
    for (let i = 1; i < MAX_PUSH_SUBSCRIPTIONS_PER_ADDRESS; i++)
      expect((await subscribe(await device(), "203.0.113.7")).status).toBe(200);
    const refused = await subscribe(await device(), "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ error: TOO_MANY_FROM_ADDRESS });
    // A device already on the list may still change its settings; another address is not held back.
    expect((await subscribe(first, "203.0.113.7")).status).toBe(200);
    expect((await subscribe(await device(), "198.51.100.2")).status).toBe(200);
  });

  it(`takes at most ${MAX_PUSH_SUBSCRIPTIONS} devices in all`, async () => {
    await portal.db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, bosses, lead_minutes)
       SELECT 'https://push.example.test/bulk/' || n, 'BA', 'AA', '"all"'::jsonb, 10 FROM generate_series(1, $1) n`,
      [MAX_PUSH_SUBSCRIPTIONS],
    );
    const res = await new TestClient(app).post("/_api/spawn-alerts/subscription", {
      subscription: await device(),
      bosses: "all",
      leadMinutes: 10,
    });
    expect(res.status).toBe(429);
    expect(res.data).toEqual({ error: TOO_MANY_PUSH_SUBSCRIPTIONS });
  });
});

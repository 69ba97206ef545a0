import { describe, expect, it } from "vitest";
import type { SpawnAlertSettings, SubscribeSpawnAlertsInput } from "@shared/schemas/spawn-alerts.ts";
import { createApiClient } from "@web/lib/api-client.ts";
import {
  AlertsProblemError,
  type DevicePushManager,
  type DevicePushSubscription,
  type PushEnvironment,
  readAlerts,
  type SpawnAlertsApi,
  spawnAlertsApi,
  turnOffAlerts,
  turnOnAlerts,
} from "./push-alerts.ts";

// The steps of turning alerts on and off, against a browser that records what it was asked (permission,
// subscribe) and an API that keeps subscriptions in a map the way the server does. The dialog in Chromium
// against the real server is tests/e2e/spawn-alerts.test.ts.

const KEY = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A";
const OTHER_KEY = "BP8";

interface Browser {
  env: PushEnvironment;
  log: string[];
  subscription: () => DevicePushSubscription | null;
  setPermission: (p: NotificationPermission) => void;
}

function fakeBrowser(
  options: {
    supported?: boolean;
    online?: boolean;
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    worker?: boolean;
    /** The push service never answers, or the browser refuses with its own error. */
    subscribe?: "hang" | DOMException;
  } = {},
): Browser {
  const log: string[] = [];
  let permission = options.permission ?? "default";
  let current: DevicePushSubscription | null = null;
  let count = 0;
  const subscriptionFor = (key: Uint8Array<ArrayBuffer>): DevicePushSubscription => {
    count += 1;
    const endpoint = `https://push.example/sub-${count}`;
    const sub: DevicePushSubscription = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer },
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: `p256dh-${count}`, auth: `auth-${count}` },
      }),
      unsubscribe: async () => {
        log.push(`browser unsubscribe ${endpoint}`);
        if (current === sub) current = null;
        return true;
      },
    };
    return sub;
  };
  const manager: DevicePushManager = {
    getSubscription: async () => current,
    subscribe: async (opts) => {
      expect(opts.userVisibleOnly).toBe(true);
      if (options.subscribe === "hang") return new Promise<never>(() => undefined);
      if (options.subscribe) throw options.subscribe;
      current = subscriptionFor(opts.applicationServerKey);
      log.push(`browser subscribe ${current.endpoint}`);
      return current;
    },
  };
  return {
    log,
    subscription: () => current,
    setPermission: (p) => {
      permission = p;
    },
    env: {
      supported: options.supported ?? true,
      online: () => options.online ?? true,
      permission: () => permission,
      requestPermission: async () => {
        log.push("ask permission");
        permission = options.answer ?? "granted";
        return permission;
      },
      pushManager: async () => (options.worker === false ? null : manager),
    },
  };
}

function fakeServer(options: { key?: string | Error; saveHangs?: boolean } = {}) {
  const kept = new Map<string, SpawnAlertSettings>();
  const log: string[] = [];
  const alertsApi: SpawnAlertsApi = {
    publicKey: async () => {
      log.push("public key");
      if (options.key instanceof Error) throw options.key;
      return options.key ?? KEY;
    },
    save: async (input: SubscribeSpawnAlertsInput, signal?: AbortSignal) => {
      log.push(`save ${input.subscription.endpoint}`);
      if (options.saveHangs)
        return new Promise<never>((_, reject) =>
          signal?.addEventListener("abort", () => reject(signal.reason)),
        );
      const settings = {
        endpoint: input.subscription.endpoint,
        bosses: input.bosses,
        leadMinutes: input.leadMinutes,
      };
      kept.set(settings.endpoint, settings);
      return settings;
    },
    status: async (endpoint) => kept.get(endpoint) ?? null,
    unsubscribe: async (endpoint) => {
      log.push(`server unsubscribe ${endpoint}`);
      kept.delete(endpoint);
    },
  };
  return { kept, log, alertsApi };
}

const problemOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof AlertsProblemError ? error.problem : error;
};

describe("turning alerts on", () => {
  it("asks permission first, subscribes with the server's key and saves the choices", async () => {
    const browser = fakeBrowser();
    const server = fakeServer();
    const alerts = await turnOnAlerts(browser.env, server.alertsApi, { bosses: ["Ego"], leadMinutes: 5 });
    expect(alerts).toEqual({ endpoint: "https://push.example/sub-1", bosses: ["Ego"], leadMinutes: 5 });
    // Permission is asked before anything is awaited on the network, while the tap still counts.
    expect(browser.log[0]).toBe("ask permission");
    expect(browser.log).toEqual(["ask permission", "browser subscribe https://push.example/sub-1"]);
    expect(server.log).toEqual(["public key", "save https://push.example/sub-1"]);
    expect(await readAlerts(browser.env, server.alertsApi)).toEqual({ kind: "ready", alerts });
  });

  it("saves new choices on the same subscription", async () => {
    const browser = fakeBrowser({ permission: "granted" });
    const server = fakeServer();
    await turnOnAlerts(browser.env, server.alertsApi, { bosses: "all", leadMinutes: 10 });
    await turnOnAlerts(browser.env, server.alertsApi, { bosses: ["Venatus"], leadMinutes: 15 });
    expect(browser.log).toEqual(["browser subscribe https://push.example/sub-1"]);
    expect([...server.kept.values()]).toEqual([
      { endpoint: "https://push.example/sub-1", bosses: ["Venatus"], leadMinutes: 15 },
    ]);
  });

  it("renews a subscription made for another server key", async () => {
    const browser = fakeBrowser({ permission: "granted" });
    await turnOnAlerts(browser.env, fakeServer({ key: OTHER_KEY }).alertsApi, {
      bosses: "all",
      leadMinutes: 5,
    });
    await turnOnAlerts(browser.env, fakeServer().alertsApi, { bosses: "all", leadMinutes: 5 });
    expect(browser.log).toEqual([
      "browser subscribe https://push.example/sub-1",
      "browser unsubscribe https://push.example/sub-1",
      "browser subscribe https://push.example/sub-2",
    ]);
  });

  it("stops with the reason when notifications are refused or blocked, without subscribing", async () => {
    for (const [answer, problem] of [
      ["denied", "denied"],
      ["default", "dismissed"],
    ] as const) {
      const browser = fakeBrowser({ answer });
      const server = fakeServer();
      expect(
        await problemOf(turnOnAlerts(browser.env, server.alertsApi, { bosses: "all", leadMinutes: 5 })),
      ).toBe(problem);
      expect(browser.subscription()).toBeNull();
      expect(server.log).toEqual([]);
    }
    const blocked = fakeBrowser({ permission: "denied" });
    expect(
      await problemOf(turnOnAlerts(blocked.env, fakeServer().alertsApi, { bosses: "all", leadMinutes: 5 })),
    ).toBe("denied");
    expect(blocked.log).toEqual([]);
  });

  it("says the browser can't, offline, or the worker isn't there yet", async () => {
    const choices = { bosses: "all", leadMinutes: 5 } as const;
    const server = fakeServer();
    expect(
      await problemOf(turnOnAlerts(fakeBrowser({ supported: false }).env, server.alertsApi, choices)),
    ).toBe("unsupported");
    expect(await problemOf(turnOnAlerts(fakeBrowser({ online: false }).env, server.alertsApi, choices))).toBe(
      "offline",
    );
    expect(await problemOf(turnOnAlerts(fakeBrowser({ worker: false }).env, server.alertsApi, choices))).toBe(
      "not-ready",
    );
    expect(server.kept.size).toBe(0);
  });
});

describe("when turning alerts on does not finish", () => {
  const choices = { bosses: "all", leadMinutes: 5 } as const;

  it("stops with 'timeout' when the push service does not answer, and saves nothing later", async () => {
    const server = fakeServer();
    const started = Date.now();
    const browser = fakeBrowser({ permission: "granted", subscribe: "hang" });
    expect(await problemOf(turnOnAlerts(browser.env, server.alertsApi, choices, 50))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.log).toEqual(["public key"]);
  });

  it("stops with 'timeout' and drops the request when the server does not answer the save", async () => {
    const server = fakeServer({ saveHangs: true });
    const browser = fakeBrowser({ permission: "granted" });
    expect(await problemOf(turnOnAlerts(browser.env, server.alertsApi, choices, 50))).toBe("timeout");
    expect(server.log).toEqual(["public key", "save https://push.example/sub-1"]);
    expect(server.kept.size).toBe(0);
  });

  it("gives the browser's own push errors a known reason instead of their words", async () => {
    for (const [error, problem] of [
      [new DOMException("Registration failed - permission denied", "NotAllowedError"), "push-refused"],
      [new DOMException("Registration failed - push service error", "AbortError"), "push-failed"],
    ] as const) {
      const browser = fakeBrowser({ permission: "granted", subscribe: error });
      const server = fakeServer();
      expect(await problemOf(turnOnAlerts(browser.env, server.alertsApi, choices))).toBe(problem);
      expect(server.kept.size).toBe(0);
    }
  });

  it("waits for the raider's answer to the permission prompt however long it takes", async () => {
    const browser = fakeBrowser();
    const asked = browser.env.requestPermission;
    browser.env.requestPermission = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return asked();
    };
    const alerts = await turnOnAlerts(browser.env, fakeServer().alertsApi, choices, 50);
    expect(alerts.bosses).toBe("all");
  });
});

describe("reading this device's alerts", () => {
  it("gives the reason first: no push in this browser, offline, server without push, blocked", async () => {
    const server = fakeServer();
    expect(await readAlerts(fakeBrowser({ supported: false }).env, server.alertsApi)).toEqual({
      kind: "problem",
      problem: "unsupported",
    });
    expect(await readAlerts(fakeBrowser({ online: false }).env, server.alertsApi)).toEqual({
      kind: "problem",
      problem: "offline",
    });
    expect(await readAlerts(fakeBrowser({ permission: "denied" }).env, server.alertsApi)).toEqual({
      kind: "problem",
      problem: "denied",
    });
    expect(server.log).toEqual(["public key"]);
  });

  it("is off without a subscription, and off when the server no longer knows it", async () => {
    const browser = fakeBrowser({ permission: "granted" });
    const server = fakeServer();
    expect(await readAlerts(browser.env, server.alertsApi)).toEqual({ kind: "ready", alerts: null });
    await turnOnAlerts(browser.env, server.alertsApi, { bosses: "all", leadMinutes: 5 });
    server.kept.clear(); // e.g. removed after the push service said it was gone
    expect(await readAlerts(browser.env, server.alertsApi)).toEqual({ kind: "ready", alerts: null });
  });
});

describe("turning alerts off", () => {
  it("has the server forget the endpoint, then drops the browser's subscription", async () => {
    const browser = fakeBrowser({ permission: "granted" });
    const server = fakeServer();
    await turnOnAlerts(browser.env, server.alertsApi, { bosses: "all", leadMinutes: 5 });
    await turnOffAlerts(browser.env, server.alertsApi);
    expect(server.log.at(-1)).toBe("server unsubscribe https://push.example/sub-1");
    expect(browser.log.at(-1)).toBe("browser unsubscribe https://push.example/sub-1");
    expect(server.kept.size).toBe(0);
    expect(await readAlerts(browser.env, server.alertsApi)).toEqual({ kind: "ready", alerts: null });
  });

  it("keeps the browser's subscription when the server could not be told", async () => {
    const browser = fakeBrowser({ permission: "granted" });
    const server = fakeServer();
    await turnOnAlerts(browser.env, server.alertsApi, { bosses: "all", leadMinutes: 5 });
    server.alertsApi.unsubscribe = async () => {
      throw new Error("Failed to fetch");
    };
    await expect(turnOffAlerts(browser.env, server.alertsApi)).rejects.toThrow("Failed to fetch");
    expect(browser.subscription()).not.toBeNull();
  });
});

describe("the API calls", () => {
  const answering = (status: number, body: unknown) =>
    createApiClient("http://portal.test", {
      fetch: async () => new Response(JSON.stringify(body), { status }),
    });

  it("read the server's answers", async () => {
    const json = (value: unknown) => ({ json: value });
    expect(await spawnAlertsApi(answering(200, json({ publicKey: KEY }))).publicKey()).toBe(KEY);
    expect(
      await spawnAlertsApi(answering(200, json({ alerts: null }))).status("https://push.example/x"),
    ).toBeNull();
    await expect(spawnAlertsApi(answering(200, json({ other: 1 }))).publicKey()).rejects.toThrow(
      "Unexpected answer from /_api/spawn-alerts/public-key",
    );
  });

  it("take a server without Web Push as 'alerts are off on this server'", async () => {
    const off = spawnAlertsApi(answering(503, { error: "Web Push is not set up on this server." }));
    const browser = fakeBrowser({ permission: "granted" });
    expect(await readAlerts(browser.env, off)).toEqual({ kind: "problem", problem: "server-off" });
    expect(await problemOf(turnOnAlerts(browser.env, off, { bosses: "all", leadMinutes: 5 }))).toBe(
      "server-off",
    );
    expect(browser.subscription()).toBeNull();
  });

  it("pass any other failure on with the server's message", async () => {
    const failing = spawnAlertsApi(answering(500, { error: "Database unavailable" }));
    await expect(readAlerts(fakeBrowser().env, failing)).rejects.toThrow("Database unavailable");
  });
});

/**
 * Web Push in Chromium for browser tests (spawn alerts, decision 044). What comes from outside the project is
 * played here; the app, its service worker and the API stay real:
 * - `fakePushManager()`: headless Chromium cannot reach a push service, so PushManager.subscribe answers a
 *   subscription whose endpoint is the test's fake push service and whose keys the test made (it keeps the
 *   private key and so can decrypt what the server sends);
 * - `deliverPush()`: the push service's delivery, through the DevTools protocol (ServiceWorker.deliverPushMessage);
 * - `clickNotification()`: a click on a notification, which the protocol cannot make: a notificationclick
 *   event dispatched in the real worker on the real notification, with `clients` recording what the handler
 *   asks (a synthetic event has no user activation, so Chromium would refuse focus() and openWindow()).
 */
import type { BrowserContext, CDPSession, Page, Worker } from "playwright-core";

/** A notification as the page reads it from registration.getNotifications(). */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url?: string; bossName?: string; spawnAt?: string } | null;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const STORE = "__e2ePushSubscription";

/** How the push service answers a subscribe: with the subscription, never, or with the browser's own error. */
export type SubscribeAnswer = "ok" | "hang" | { error: string; message: string };

/**
 * Replaces PushManager's subscribe and getSubscription in every page of the context: subscribe keeps the
 * options it was given (read them with `subscribeOptions()`) and answers `subscription`; the subscription
 * lasts in localStorage until unsubscribe(), as a browser's does across reloads. With `answer` the push
 * service does not answer ("hang") or the browser refuses with a DOMException of that name and message.
 */
export async function fakePushManager(
  context: BrowserContext,
  subscription: FakeSubscription,
  answer: SubscribeAnswer = "ok",
): Promise<void> {
  await context.addInitScript(
    ({ sub, store, answer }) => {
      if (typeof PushManager === "undefined" || typeof localStorage === "undefined") return;
      type Stored = FakeSubscription & { key: number[]; userVisibleOnly: boolean };
      const make = (stored: Stored) => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: stored.userVisibleOnly,
          applicationServerKey: Uint8Array.from(stored.key).buffer,
        },
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(store);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (answer === "hang") return new Promise<never>(() => undefined);
        if (answer !== "ok") throw new DOMException(answer.message, answer.error);
        const key = options?.applicationServerKey;
        const bytes =
          key instanceof ArrayBuffer
            ? new Uint8Array(key)
            : ArrayBuffer.isView(key)
              ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
              : [];
        const stored: Stored = {
          ...sub,
          key: [...bytes],
          userVisibleOnly: options?.userVisibleOnly === true,
        };
        localStorage.setItem(store, JSON.stringify(stored));
        return make(stored) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const text = localStorage.getItem(store);
        return text ? (make(JSON.parse(text) as Stored) as unknown as PushSubscription) : null;
      };
    },
    { sub: subscription, store: STORE, answer },
  );
}

/** What the app passed to subscribe (the server's key as base64url), or null while unsubscribed. */
export async function subscribeOptions(
  page: Page,
): Promise<{ key: string; userVisibleOnly: boolean } | null> {
  return page.evaluate((store) => {
    const text = localStorage.getItem(store);
    if (!text) return null;
    const stored = JSON.parse(text) as { key: number[]; userVisibleOnly: boolean };
    const key = btoa(String.fromCharCode(...stored.key))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    return { key, userVisibleOnly: stored.userVisibleOnly };
  }, STORE);
}

interface VersionUpdate {
  versions: { registrationId: string; scriptURL: string; status: string }[];
}

/** A DevTools session on the page and the registration id of the app's active worker (/sw.js). */
export async function serviceWorkerSession(page: Page): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  // The worker's Chromium is shared by the files a vitest worker runs (decision 063): its DevTools report the
  // workers of every origin it has seen, so the page's own origin picks the app's.
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }: VersionUpdate) => {
      const active = versions.find((v) => {
        const script = new URL(v.scriptURL);
        return v.status === "activated" && script.origin === origin && script.pathname === "/sw.js";
      });
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("no active service worker reported")), 15_000),
  );
  return { cdp, registrationId: await Promise.race([registrationId, timeout]) };
}

/** Delivers a push message with `data` (the decrypted text) to the app's worker, as the push service would. */
export async function deliverPush(page: Page, data: string): Promise<void> {
  const { cdp, registrationId } = await serviceWorkerSession(page);
  try {
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId,
      data,
    });
  } finally {
    await cdp.detach();
  }
}

/** The notifications the app's worker shows now. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as ShownNotification["data"],
    }));
  });
}

/** The app's service worker as Playwright reaches it (its global scope, for evaluate). */
export async function appServiceWorker(context: BrowserContext): Promise<Worker> {
  const isApp = (worker: Worker) => new URL(worker.url()).pathname === "/sw.js";
  return (
    context.serviceWorkers().find(isApp) ??
    (await context.waitForEvent("serviceworker", { predicate: isApp }))
  );
}

/**
 * Clicks the notification with `tag` in the worker (see the file's comment). Answers what the handler did, as
 * "focus /path", "navigate /from -> /to" and "open /path", and whether the notification was closed.
 */
export async function clickNotification(
  context: BrowserContext,
  tag: string,
): Promise<{ calls: string[]; closed: boolean }> {
  const worker = await appServiceWorker(context);
  return worker.evaluate(async (notificationTag) => {
    interface Scope {
      registration: ServiceWorkerRegistration;
      clients: { matchAll(options: unknown): Promise<{ url: string }[]> };
      dispatchEvent(event: Event): boolean;
    }
    interface NotificationEventInit extends EventInit {
      notification: Notification;
    }
    const scope = self as unknown as Scope;
    const NotificationEventClass = (
      self as unknown as { NotificationEvent: new (type: string, init: NotificationEventInit) => Event }
    ).NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag: notificationTag });
    if (!notification) throw new Error(`no notification tagged ${notificationTag}`);
    const calls: string[] = [];
    const path = (url: string) => new URL(url).pathname;
    const realClients = scope.clients;
    // `clients` is the global scope's own property (WebIDL [Global]): put it back as it was afterwards.
    const original = Object.getOwnPropertyDescriptor(self, "clients");
    Object.defineProperty(self, "clients", {
      configurable: true,
      value: {
        matchAll: async (options: unknown) =>
          (await realClients.matchAll(options)).map((client) => ({
            url: client.url,
            focus: async () => {
              calls.push(`focus ${path(client.url)}`);
              return null;
            },
            navigate: async (url: string) => {
              calls.push(`navigate ${path(client.url)} -> ${path(url)}`);
              return null;
            },
          })),
        openWindow: async (url: string) => {
          calls.push(`open ${path(url)}`);
          return null;
        },
      },
    });
    try {
      const event = new NotificationEventClass("notificationclick", { notification });
      let work: Promise<unknown> = Promise.resolve();
      Object.defineProperty(event, "waitUntil", { value: (promise: Promise<unknown>) => (work = promise) });
      scope.dispatchEvent(event);
      await work;
    } finally {
      if (original) Object.defineProperty(self, "clients", original);
      else delete (self as unknown as { clients?: unknown }).clients;
    }
    const left = await scope.registration.getNotifications({ tag: notificationTag });
    return { calls, closed: left.length === 0 };
  }, tag);
}

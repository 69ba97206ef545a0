/**
 * Turning spawn alerts on and off on this device (decision 044): the browser's push subscription and the
 * server's copy of it, always online (the server sends the alerts, so nothing is queued in the outbox).
 * The browser and the API come in as a `PushEnvironment` and a `SpawnAlertsApi`, so the order of the steps
 * is tested without a browser (push-alerts.test.ts); `browserPushEnvironment()` and `spawnAlertsApi()` are
 * the real ones.
 */
import { SPAWN_ALERT_CALLS } from "@shared/contract/spawn-alerts.ts";
import type { SpawnAlertSettings, SubscribeSpawnAlertsInput } from "@shared/schemas/spawn-alerts.ts";
import { ApiError, api, unexpectedAnswer } from "@web/lib/api-client.ts";
import { type AlertsProblem, base64UrlToBytes, sameKey, TURN_ON_TIMEOUT_MS } from "./spawn-alert-state.ts";

/** The parts of a PushSubscription used here. */
export interface DevicePushSubscription {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

export interface DevicePushManager {
  getSubscription(): Promise<DevicePushSubscription | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<DevicePushSubscription>;
}

export interface PushEnvironment {
  /** Service worker, PushManager and Notification are all there (not iOS Safari outside the installed app). */
  supported: boolean;
  online(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker's push manager, or null when no worker is active yet. */
  pushManager(): Promise<DevicePushManager | null>;
}

export interface SpawnAlertsApi {
  publicKey(): Promise<string>;
  save(input: SubscribeSpawnAlertsInput, signal?: AbortSignal): Promise<SpawnAlertSettings>;
  status(endpoint: string): Promise<SpawnAlertSettings | null>;
  unsubscribe(endpoint: string): Promise<void>;
}

/** What the dialog shows: a reason alerts can't be used here, or this device's settings (null: off). */
export type AlertsState =
  | { kind: "problem"; problem: AlertsProblem }
  | { kind: "ready"; alerts: SpawnAlertSettings | null };

/** A step refused for one of the known reasons; any other failure is an Error with a message to show. */
export class AlertsProblemError extends Error {
  readonly problem: AlertsProblem;
  constructor(problem: AlertsProblem) {
    super(problem);
    this.name = "AlertsProblemError";
    this.problem = problem;
  }
}

/** How long to wait for the service worker before saying the app is not ready. */
export const WORKER_WAIT_MS = 10_000;

function precondition(env: PushEnvironment): AlertsProblem | null {
  if (!env.supported) return "unsupported";
  if (!env.online()) return "offline";
  return null;
}

/**
 * This device's alerts as the server keeps them, or why they cannot be used here: no push in this browser,
 * offline, no Web Push on the server, notifications blocked.
 */
export async function readAlerts(env: PushEnvironment, alertsApi: SpawnAlertsApi): Promise<AlertsState> {
  const problem = precondition(env);
  if (problem) return { kind: "problem", problem };
  try {
    await serverKey(alertsApi);
  } catch (error) {
    if (error instanceof AlertsProblemError) return { kind: "problem", problem: error.problem };
    throw error;
  }
  if (env.permission() === "denied") return { kind: "problem", problem: "denied" };
  const manager = await env.pushManager();
  const subscription = manager ? await manager.getSubscription() : null;
  if (!subscription) return { kind: "ready", alerts: null };
  return { kind: "ready", alerts: await alertsApi.status(subscription.endpoint) };
}

/** The VAPID key, or "server-off" when the server has no Web Push (no keys configured). */
async function serverKey(alertsApi: SpawnAlertsApi): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return base64UrlToBytes(await alertsApi.publicKey());
  } catch (error) {
    if (error instanceof ApiError && [404, 501, 503].includes(error.status))
      throw new AlertsProblemError("server-off");
    throw error;
  }
}

/**
 * The push manager's step, with the browser's own error ("Registration failed - permission denied", "push
 * service error") turned into a known reason with plain words (decision 086).
 */
async function pushStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DOMException)
      throw new AlertsProblemError(error.name === "NotAllowedError" ? "push-refused" : "push-failed");
    throw error;
  }
}

/**
 * `work` given `ms`: past it, the signal aborts (the step under way is dropped, nothing more is sent) and the
 * answer is a "timeout" problem, so that the button comes back instead of saying "Saving..." for ever.
 */
function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AlertsProblemError("timeout"));
    }, ms);
  });
  const running = work(controller.signal);
  running.catch(() => undefined); // a step that fails after the deadline has nothing left to tell
  return Promise.race([running, expired]).finally(() => clearTimeout(timer));
}

/** Thrown between steps once the deadline has passed, so a late subscription is not saved after all. */
function stopIfLate(signal: AbortSignal): void {
  if (signal.aborted) throw new AlertsProblemError("timeout");
}

/**
 * Turns alerts on (or saves new choices): asks for permission first, while the tap still counts as the
 * user's gesture (the raider's answer takes as long as it takes), then, within `timeoutMs`, subscribes with
 * the server's key (renewing a subscription made for another key) and sends the subscription with the choices.
 */
export async function turnOnAlerts(
  env: PushEnvironment,
  alertsApi: SpawnAlertsApi,
  choices: Pick<SubscribeSpawnAlertsInput, "bosses" | "leadMinutes">,
  timeoutMs = TURN_ON_TIMEOUT_MS,
): Promise<SpawnAlertSettings> {
  const problem = precondition(env);
  if (problem) throw new AlertsProblemError(problem);
  let permission = env.permission();
  if (permission === "default") permission = await env.requestPermission();
  if (permission !== "granted")
    throw new AlertsProblemError(permission === "denied" ? "denied" : "dismissed");
  return withDeadline(async (signal) => {
    const key = await serverKey(alertsApi);
    stopIfLate(signal);
    const manager = await env.pushManager();
    if (!manager) throw new AlertsProblemError("not-ready");
    let subscription = await pushStep(() => manager.getSubscription());
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      const old = subscription;
      await pushStep(() => old.unsubscribe());
      subscription = null;
    }
    subscription ??= await pushStep(() =>
      manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    );
    stopIfLate(signal);
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) throw new AlertsProblemError("push-failed");
    return alertsApi.save(
      { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, ...choices },
      signal,
    );
  }, timeoutMs);
}

/** Turns alerts off: the server forgets the endpoint, then the browser drops the subscription. */
export async function turnOffAlerts(env: PushEnvironment, alertsApi: SpawnAlertsApi): Promise<void> {
  const problem = precondition(env);
  if (problem) throw new AlertsProblemError(problem);
  const manager = await env.pushManager();
  const subscription = manager ? await manager.getSubscription() : null;
  if (!subscription) return;
  await alertsApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}

/* ------------------------------------------------------------------------------------------------ */
/* The real browser and API                                                                          */
/* ------------------------------------------------------------------------------------------------ */

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

export function browserPushEnvironment(): PushEnvironment {
  const supported =
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window;
  return {
    supported,
    online: () => navigator.onLine !== false,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    async pushManager() {
      // The worker is registered after the page's first data (features/pwa): wait for it a little.
      const registration = await withTimeout(
        navigator.serviceWorker.ready.then((ready) => ready as ServiceWorkerRegistration | null),
        WORKER_WAIT_MS,
        null,
      );
      return (registration?.pushManager as DevicePushManager | undefined) ?? null;
    },
  };
}

/** The answer's field, or an error naming the call when a proxy or an old server answered something else. */
function expectField<T>(answer: unknown, field: string, path: string): T {
  if (typeof answer !== "object" || answer === null || !(field in answer))
    throw new Error(unexpectedAnswer(path));
  return (answer as Record<string, T>)[field] as T;
}

export function spawnAlertsApi(client = api): SpawnAlertsApi {
  const { publicKey, subscribe, status, unsubscribe } = SPAWN_ALERT_CALLS;
  return {
    publicKey: async () => expectField<string>(await client.call(publicKey), "publicKey", publicKey.path),
    save: async (input, signal) =>
      expectField<SpawnAlertSettings>(
        await client.call(subscribe, { body: input, signal }),
        "alerts",
        subscribe.path,
      ),
    status: async (endpoint) =>
      expectField<SpawnAlertSettings | null>(
        await client.call(status, { body: { endpoint } }),
        "alerts",
        status.path,
      ),
    unsubscribe: async (endpoint) => {
      await client.call(unsubscribe, { body: { endpoint } });
    },
  };
}

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPAWN_ALERT_CALLS } from "@shared/contract/spawn-alerts.ts";
import {
  PUSH_ENDPOINT_INVALID,
  pushEndpointNotPublic,
  type SpawnAlertPush,
  type SpawnAlertSettings,
} from "@shared/schemas/spawn-alerts.ts";
import { PROBLEM_MESSAGES, TURN_ON_TIMEOUT_MS } from "@web/features/spawn-alerts/spawn-alert-state.ts";
import { spawnAlertPayload } from "@worker/spawn-alerts/alert-text.ts";
import {
  type FakePushService,
  startFakePushService,
} from "@worker/spawn-alerts/testing/fake-push-service.ts";
import {
  type BrowserSubscription,
  createBrowserSubscription,
  decryptPushMessage,
  fromBase64Url,
  verifyVapidAuthorization,
} from "@worker/spawn-alerts/testing/push-crypto.ts";
import {
  type BrowserPortal,
  goOffline,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  screenshot,
  startBrowserPortal,
  waitForApp,
  waitForController,
} from "./browser.ts";
import {
  clickNotification,
  deliverPush,
  fakePushManager,
  type SubscribeAnswer,
  shownNotifications,
  subscribeOptions,
} from "./service-worker-push.ts";

// Spawn alerts on the phone (issue 15 point 3, decision 044) in Chromium against `npm start`: the boss page's
// dialog subscribes and the server keeps it; the scheduler inside `npm start` sends the alert to the fake push
// service; the payload, decrypted with the browser's key, is delivered into the app's service worker through
// the DevTools protocol and shows a notification whose click leads to /boss-timers. The push service and the
// browser's subscription to it are the only fakes (service-worker-push.ts). The portal may call the fake push
// service on this machine only because OUTBOUND_TEST_ORIGINS names it (decision 053); every other address of
// this machine or its network is refused when subscribed.
let portal: BrowserPortal;
let pushService: FakePushService;

beforeAll(async () => {
  pushService = await startFakePushService();
  // The scheduler runs every 5 s instead of every minute, so that its next runs come quickly.
  portal = await startBrowserPortal({
    serviceWorkers: "allow",
    env: { SCHEDULE_INTERVAL_SECONDS: "5", OUTBOUND_TEST_ORIGINS: pushService.url },
  });
});

afterAll(async () => {
  await portal?.stop();
  await pushService?.close();
});

const MINUTE_MS = 60_000;

async function openBossPage(context: BrowserContext, path = "/boss-timers"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(portal.url(path));
  await waitForApp(page);
  // The worker holds the push subscription and shows the notifications.
  await waitForController(page);
  return page;
}

async function openDialog(page: Page) {
  await page.getByRole("button", { name: "Spawn alerts" }).click();
  const dialog = page.getByRole("dialog", { name: "Spawn alerts" });
  await dialog.waitFor();
  return dialog;
}

/** A phone allowed to notify whose push service answers `answer`, with the dialog open and saying alerts are off. */
async function dialogWithAlertsOff(name: string, answer: SubscribeAnswer = "ok") {
  const context = await portal.newContext({ viewport: PHONE });
  await context.grantPermissions(["notifications"], { origin: portal.baseUrl });
  const { endpoint, keys } = await createBrowserSubscription(pushService.endpoint("ok", name));
  await fakePushManager(context, { endpoint, keys }, answer);
  const page = await openBossPage(context);
  const dialog = await openDialog(page);
  await expect
    .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
    .toBe("Alerts are off on this device.");
  return { context, page, dialog, endpoint };
}

async function serverAlerts(endpoint: string): Promise<SpawnAlertSettings | null> {
  const res = await (await portal.adminApi()).post<{ alerts: SpawnAlertSettings | null }>(
    "/spawn-alerts/subscription/status",
    { endpoint },
  );
  expect(res.status).toBe(200);
  return res.body.alerts;
}

interface ServerTimer {
  bossName: string;
  respawnTimeHours: number;
  isActive: boolean;
  endTime: Date | null;
}

/** A boss with a respawn timer that no timer holds now, shortest respawn first. */
async function idleTimerBoss(): Promise<ServerTimer> {
  const res = await (await portal.adminApi()).get<{ timers: ServerTimer[] }>("/boss-timers");
  const idle = res.body.timers
    .filter((t) => t.respawnTimeHours > 0 && !t.isActive && t.endTime === null)
    .sort((a, b) => a.respawnTimeHours - b.respawnTimeHours);
  if (!idle[0]) throw new Error("the sample data has no idle boss with a respawn timer");
  return idle[0];
}

describe("the service worker's push handler", () => {
  it("shows a notification with the boss name and opens /boss-timers on click", async () => {
    const context = await portal.newContext({ viewport: PHONE });
    await context.grantPermissions(["notifications"], { origin: portal.baseUrl });
    const page = await openBossPage(context, "/market-exchange");
    // The server's own payload for a spawn 10 minutes away.
    const spawnAt = Date.now() + 10 * MINUTE_MS;
    const payload = spawnAlertPayload("Duskwing", spawnAt, Date.now(), "Asia/Manila");

    await deliverPush(page, JSON.stringify(payload));
    await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    const [shown] = await shownNotifications(page);
    expect(shown).toMatchObject({
      title: "Duskwing spawns in 10 minutes",
      body: payload.body,
      tag: payload.tag,
      icon: portal.url("/icons/icon-192.png"),
      data: { url: "/boss-timers", bossName: "Duskwing" },
    });
    // The same alert again replaces it instead of stacking.
    await deliverPush(page, JSON.stringify(payload));
    await page.waitForTimeout(500);
    expect(await shownNotifications(page)).toHaveLength(1);

    // A click takes the open window (on the market page) to the boss page, and closes the notification.
    expect(await clickNotification(context, payload.tag)).toEqual({
      calls: ["focus /market-exchange", "navigate /market-exchange -> /boss-timers"],
      closed: true,
    });
    // A window already on the boss page is only brought forward. (The recorded click above navigates nothing.)
    // The alert is shown anew for that click: the push above already showed one delivery is one notification,
    // so here it is delivered again should the browser drop it while the click's close is still settling.
    await page.goto(portal.url("/boss-timers"));
    await waitForApp(page);
    await expect
      .poll(
        async () => {
          if ((await shownNotifications(page)).length === 0) await deliverPush(page, JSON.stringify(payload));
          return shownNotifications(page);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toHaveLength(1);
    expect(await clickNotification(context, payload.tag)).toEqual({
      calls: ["focus /boss-timers"],
      closed: true,
    });
    await context.close();
  });
});

describe("the spawn alerts dialog", () => {
  let subscription: BrowserSubscription;

  it("subscribes this device, and the scheduler's alert reaches its service worker once, before the spawn", async () => {
    subscription = await createBrowserSubscription(pushService.endpoint("ok", "dialog-phone"));
    const context = await portal.newContext({ viewport: PHONE });
    await context.grantPermissions(["notifications"], { origin: portal.baseUrl });
    await fakePushManager(context, { endpoint: subscription.endpoint, keys: subscription.keys });
    const page = await openBossPage(context);
    const boss = await idleTimerBoss();
    // The button in the boss page's header, on the phone, without scrolling.
    const button = page.getByRole("button", { name: "Spawn alerts" });
    expect((await button.boundingBox())?.y).toBeLessThan(PHONE.height);
    if (SCREENSHOTS)
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/spawn-alerts-button-390x844.png`,
        animations: "disabled",
      });

    let dialog = await openDialog(page);
    await expect
      .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
      .toBe("Alerts are off on this device.");
    await dialog.getByLabel("Chosen bosses").check();
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await dialog.getByText("Choose at least one boss, or pick All bosses.").waitFor();
    await dialog.getByText("No boss chosen yet").waitFor();
    await dialog.getByLabel(boss.bossName, { exact: true }).check();
    await dialog.getByText("1 boss chosen").waitFor();
    await dialog.getByLabel("15 min", { exact: true }).check();
    await screenshot(page, "spawn-alerts-dialog-choose");
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await page.getByText("Spawn alerts are on").waitFor();
    await dialog.waitFor({ state: "detached" });
    // The toast would cover the dialog's footer in the next screenshot (sonner keeps it while hovered).
    await page.mouse.move(5, 5);
    await page.locator("[data-sonner-toast]").waitFor({ state: "detached", timeout: 15_000 });

    // The browser was asked with the server's key; the server keeps the endpoint with the choices.
    const keyAnswer = await (await portal.adminApi()).get<{ publicKey: string }>("/spawn-alerts/public-key");
    const { publicKey } = keyAnswer.body;
    expect(await subscribeOptions(page)).toEqual({ key: publicKey, userVisibleOnly: true });
    expect(await serverAlerts(subscription.endpoint)).toEqual({
      endpoint: subscription.endpoint,
      bosses: [boss.bossName],
      leadMinutes: 15,
    });
    dialog = await openDialog(page);
    await expect
      .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
      .toBe(`Alerts are on for ${boss.bossName}, 15 minutes before each spawn.`);
    await screenshot(page, "spawn-alerts-dialog-on");
    await page.keyboard.press("Escape");

    // A raider starts the boss's timer so that it spawns in 10 minutes (a start may be up to 24 h back).
    const spawnAt = Date.now() + 10 * MINUTE_MS;
    const started = await (await portal.adminApi()).post("/boss-timers", {
      bossName: boss.bossName,
      startTime: new Date(spawnAt - boss.respawnTimeHours * 60 * MINUTE_MS),
    });
    expect(started.status).toBe(200);

    // The scheduler of `npm start` runs (every 5 s here).
    const prefix = "/push/ok/dialog-phone";
    await expect.poll(() => pushService.received(prefix).length, { timeout: 60_000, interval: 500 }).toBe(1);
    const [push] = pushService.received(prefix);
    if (!push) throw new Error("no push");
    const claims = await verifyVapidAuthorization(push.headers.authorization);
    expect(claims.publicKey).toBe(publicKey);
    const text = await decryptPushMessage(fromBase64Url(push.body), subscription);
    const alert = JSON.parse(text) as SpawnAlertPush;
    expect(alert.boss).toBe(boss.bossName);
    expect(alert.title).toMatch(new RegExp(`^${boss.bossName} spawns in (9|10) minutes$`));

    // The push goes to the service worker through the DevTools protocol; on a loaded machine Chromium has been
    // seen to drop one while the worker was idle, so it is delivered again until shown (the same tag replaces).
    await deliverPush(page, text);
    await expect
      .poll(
        async () => {
          const shown = await shownNotifications(page);
          if (shown.length === 0) await deliverPush(page, text);
          return shown;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toEqual([
        expect.objectContaining({
          title: alert.title,
          tag: alert.tag,
          data: expect.objectContaining({ url: "/boss-timers" }),
        }),
      ]);

    // Exactly once: a device subscribed after that alert arrived gets the same spawn's alert from a later run,
    // and that run sent nothing more to the first device.
    const later = await createBrowserSubscription(pushService.endpoint("ok", "later-run"));
    const subscribed = await (await portal.adminApi()).post("/spawn-alerts/subscription", {
      subscription: { endpoint: later.endpoint, keys: later.keys },
      bosses: [boss.bossName],
      leadMinutes: 15,
    });
    expect(subscribed.status).toBe(200);
    await expect
      .poll(() => pushService.received("/push/ok/later-run").length, { timeout: 60_000, interval: 500 })
      .toBe(1);
    expect(pushService.received(prefix)).toHaveLength(1);
    await context.close();
  }, 180_000);

  it("turns alerts off: the server forgets the device", async () => {
    const opened = await dialogWithAlertsOff("dialog-off");
    const { context, page, endpoint } = opened;
    let dialog = opened.dialog;
    await screenshot(page, "spawn-alerts-dialog-off");
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await page.getByText("Spawn alerts are on").waitFor();
    expect(await serverAlerts(endpoint)).toEqual({
      endpoint,
      bosses: "all",
      leadMinutes: 10,
    });

    // New choices replace the old ones on the same subscription; Save waits for a change.
    dialog = await openDialog(page);
    await expect
      .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
      .toBe("Alerts are on for every boss, 10 minutes before each spawn.");
    const save = dialog.getByRole("button", { name: "Save changes" });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("5 min", { exact: true }).check();
    await save.click();
    await page.getByText("Spawn alerts saved").waitFor();
    expect(await serverAlerts(endpoint)).toEqual({
      endpoint,
      bosses: "all",
      leadMinutes: 5,
    });

    dialog = await openDialog(page);
    await expect
      .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
      .toBe("Alerts are on for every boss, 5 minutes before each spawn.");
    await dialog.getByRole("button", { name: "Turn off alerts" }).click();
    await page.getByText("Spawn alerts are off").waitFor();
    expect(await serverAlerts(endpoint)).toBeNull();
    expect(await subscribeOptions(page)).toBeNull();
    await context.close();
  });
});

describe("endpoints off the public internet", () => {
  it("are refused by `npm start` with the reason, and the dialog says it", async () => {
    const api = await portal.adminApi();
    const keys = (await createBrowserSubscription(pushService.endpoint("ok", "never"))).keys;
    const refused: [string, string][] = [
      [
        "https://169.254.169.254/latest/meta-data/",
        pushEndpointNotPublic("169.254.169.254 is a cloud metadata address"),
      ],
      ["https://10.0.0.1/", pushEndpointNotPublic("10.0.0.1 is a private address (RFC 1918)")],
      [
        "https://192.168.1.1:8443/",
        pushEndpointNotPublic("port 8443 is not allowed (only https's default port, 443)"),
      ],
      [
        "https://metadata.google.internal/computeMetadata/v1/",
        pushEndpointNotPublic("metadata.google.internal is a cloud metadata name"),
      ],
      ["https://localhost/", pushEndpointNotPublic("localhost is a name of this machine")],
      ["https://[::ffff:127.0.0.1]/", pushEndpointNotPublic("127.0.0.1 is a loopback address")],
      ["http://localhost:5432/", PUSH_ENDPOINT_INVALID],
      // The fake push service itself, on another port of this machine than the test origin.
      [
        `https://127.0.0.1:${new URL(pushService.url).port}/push/ok/x`,
        pushEndpointNotPublic(
          `port ${new URL(pushService.url).port} is not allowed (only https's default port, 443)`,
        ),
      ],
    ];
    for (const [endpoint, error] of refused) {
      const res = await api.post<{ error: string }>("/spawn-alerts/subscription", {
        subscription: { endpoint, keys },
        bosses: "all",
        leadMinutes: 10,
      });
      expect({ endpoint, status: res.status, body: res.body }).toEqual({
        endpoint,
        status: 400,
        body: { error },
      });
    }

    // A browser whose push service answered such an endpoint: the dialog shows the server's reason.
    const context = await portal.newContext({ viewport: PHONE });
    await context.grantPermissions(["notifications"], { origin: portal.baseUrl });
    await fakePushManager(context, { endpoint: "https://169.254.169.254/latest/meta-data/phone", keys });
    const page = await openBossPage(context);
    const dialog = await openDialog(page);
    await expect
      .poll(() => dialog.getByTestId("spawn-alerts-state").innerText())
      .toBe("Alerts are off on this device.");
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await dialog.getByText(pushEndpointNotPublic("169.254.169.254 is a cloud metadata address")).waitFor();
    expect(await serverAlerts("https://169.254.169.254/latest/meta-data/phone")).toBeNull();
    await context.close();
  });
});

describe("when alerts can't be turned on", () => {
  it("says to install the app when the browser has no Web Push (iOS Safari outside the app)", async () => {
    const context = await portal.newContext({ viewport: PHONE });
    await context.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const page = await openBossPage(context);
    const dialog = await openDialog(page);
    await dialog.getByText("Install the app to get alerts", { exact: true }).waitFor();
    expect(await dialog.innerText()).toContain("Add to Home Screen");
    await screenshot(page, "spawn-alerts-dialog-install");
    await context.close();
  });

  it("says notifications are blocked when the site may not show them", async () => {
    const context = await portal.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
    });
    const page = await openBossPage(context);
    const dialog = await openDialog(page);
    await dialog.getByText("Notifications are blocked", { exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "Turn on alerts" }).count()).toBe(0);
    await context.close();
  });

  it("says alerts need a connection while offline", async () => {
    const context = await portal.newContext();
    const page = await openBossPage(context);
    await goOffline(context);
    const dialog = await openDialog(page);
    await dialog.getByText("You are offline", { exact: true }).waitFor();
    await context.close();
  });

  // Issue 30: "Saving..." for over 20 s when the push service did not answer, and the browser's raw words.
  it("stops after 15 s when the push service does not answer, and the button comes back", async () => {
    const { context, page, dialog, endpoint } = await dialogWithAlertsOff("push-hangs", "hang");
    const tapped = Date.now();
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await dialog.getByRole("button", { name: "Saving..." }).waitFor();
    await dialog.getByText(PROBLEM_MESSAGES.timeout).waitFor({ timeout: TURN_ON_TIMEOUT_MS + 10_000 });
    const waited = Date.now() - tapped;
    expect(waited).toBeGreaterThanOrEqual(TURN_ON_TIMEOUT_MS - 1_000);
    expect(waited).toBeLessThan(TURN_ON_TIMEOUT_MS + 5_000);
    expect(await dialog.getByRole("button", { name: "Turn on alerts" }).isEnabled()).toBe(true);
    await screenshot(page, "spawn-alerts-dialog-timeout");
    expect(await serverAlerts(endpoint)).toBeNull();
    await context.close();
  }, 60_000);

  it("stops after 15 s when the portal does not answer the save, and works once it answers again", async () => {
    const { context, page, dialog, endpoint } = await dialogWithAlertsOff("save-hangs");
    const savePath = `/_api${SPAWN_ALERT_CALLS.subscribe.path}`;
    const isSave = (url: URL) => url.pathname === savePath;
    // The request reaches nobody and is never answered.
    await page.route(isSave, () => undefined);
    const turnOn = dialog.getByRole("button", { name: "Turn on alerts" });
    await turnOn.click();
    await dialog.getByText(PROBLEM_MESSAGES.timeout).waitFor({ timeout: TURN_ON_TIMEOUT_MS + 10_000 });
    expect(await turnOn.isEnabled()).toBe(true);

    await page.unroute(isSave);
    await turnOn.click();
    await page.getByText("Spawn alerts are on").waitFor();
    expect(await serverAlerts(endpoint)).toEqual({
      endpoint,
      bosses: "all",
      leadMinutes: 10,
    });
    await context.close();
  }, 60_000);

  it("says in plain words what to do when the browser refuses the subscription (a private window)", async () => {
    const raw = "Registration failed - permission denied";
    const { context, page, dialog } = await dialogWithAlertsOff("private-window", {
      error: "NotAllowedError",
      message: raw,
    });
    await dialog.getByRole("button", { name: "Turn on alerts" }).click();
    await dialog.getByText(PROBLEM_MESSAGES["push-refused"]).waitFor();
    expect(await dialog.innerText()).not.toContain(raw);
    expect(await dialog.getByRole("button", { name: "Turn on alerts" }).isEnabled()).toBe(true);
    await screenshot(page, "spawn-alerts-dialog-refused");
    await context.close();
  });
});

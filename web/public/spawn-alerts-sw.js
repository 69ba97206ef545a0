/**
 * Spawn alerts in the service worker (issue 15, decision 044). vite-plugin-pwa's generated worker loads this
 * file with importScripts (web/vite.config.ts), so the precache and the update prompt stay Workbox's.
 *
 * - `push`: shows the server's alert (worker/spawn-alerts/alert-text.ts). The payload is JSON
 *   `{ title, body, boss, spawnAt, tag, url }` (`SpawnAlertPush`, shared/schemas/spawn-alerts.ts); a text that
 *   is not JSON becomes the body. One notification per boss and spawn (its tag), so a repeated alert replaces
 *   the first instead of stacking.
 * - `notificationclick`: brings an open window of the app forward on the boss page (or the payload's page of
 *   this site), or opens it.
 *
 * Plain JavaScript, not bundled: web/src/features/spawn-alerts/spawn-alerts-sw.test.ts runs this very file.
 */
/* eslint-env serviceworker */

(() => {
  const BOSS_PAGE = "/boss-timers";
  const ICON = "/icons/icon-192.png";
  const DEFAULT_TITLE = "A boss spawns soon";
  const MAX_TEXT = 200;

  /** Text from the payload, bounded; empty when missing. */
  const text = (value) => (typeof value === "string" ? value.trim().slice(0, MAX_TEXT) : "");

  /** A path of this site from the payload (never another origin), else the boss page. */
  const sitePath = (value) => (/^\/(?![/\\])/.test(text(value)) ? text(value) : BOSS_PAGE);

  /** The notification for a push's payload (a PushMessageData or nothing). */
  function alertFromPush(data) {
    let payload = {};
    if (data) {
      try {
        const parsed = data.json();
        payload = parsed && typeof parsed === "object" ? parsed : { body: String(parsed) };
      } catch {
        payload = { body: data.text() };
      }
    }
    const bossName = text(payload.boss) || text(payload.bossName);
    const spawnAt = text(typeof payload.spawnAt === "number" ? String(payload.spawnAt) : payload.spawnAt);
    const title = text(payload.title) || (bossName ? `${bossName} spawns soon` : DEFAULT_TITLE);
    let body = text(payload.body);
    // The boss's name is in every alert, whatever the server wrote.
    if (bossName && !title.includes(bossName) && !body.includes(bossName))
      body = body ? `${bossName}: ${body}` : bossName;
    return {
      title,
      options: {
        body,
        icon: ICON,
        badge: ICON,
        tag: text(payload.tag) || `spawn:${bossName || "boss"}:${spawnAt || title}`,
        data: { url: sitePath(payload.url), bossName, spawnAt },
      },
    };
  }

  /** Focuses a window of the app (on `path` if one is there), taking it to `path`, or opens one. */
  async function openPage(clients, origin, path) {
    const target = new URL(path, origin);
    const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.filter((client) => new URL(client.url).origin === origin);
    const onPage = (client) => new URL(client.url).pathname === target.pathname;
    const client = open.find(onPage) || open[0];
    if (!client) return clients.openWindow(target.href);
    const focused = await client.focus();
    if (onPage(client)) return focused;
    try {
      return await (focused || client).navigate(target.href);
    } catch {
      // A window the worker does not control cannot be navigated: open the page instead.
      return clients.openWindow(target.href);
    }
  }

  self.addEventListener("push", (event) => {
    const { title, options } = alertFromPush(event.data);
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = sitePath(event.notification.data?.url);
    event.waitUntil(openPage(self.clients, self.location.origin, path));
  });
})();

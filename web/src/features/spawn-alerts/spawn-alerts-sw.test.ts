import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

// The service worker's spawn alert handlers (web/public/spawn-alerts-sw.js, decision 044), this very file run
// in a context that plays the worker's global scope: its registration and `clients` are fakes that record.
// The browser test (tests/e2e/spawn-alerts.test.ts) delivers a real push in Chromium; a click on a notification
// cannot be sent through the DevTools protocol, so the click's behaviour is checked here.

const SCRIPT = readFileSync(join(import.meta.dirname, "../../../public/spawn-alerts-sw.js"), "utf8");
const ORIGIN = "https://guild.example";

interface FakeWindow {
  url: string;
  focused: boolean;
  navigatedTo: string | null;
  controlled: boolean;
}

function workerScope(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const windowClient = (w: FakeWindow) => ({
    get url() {
      return w.url;
    },
    focus: async () => {
      w.focused = true;
      return windowClient(w);
    },
    navigate: async (url: string) => {
      if (!w.controlled) throw new TypeError("not controlled");
      w.navigatedTo = url;
      w.url = url;
      return windowClient(w);
    },
  });
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async (options: unknown) => {
        expect(options).toEqual({ type: "window", includeUncontrolled: true });
        return windows.map(windowClient);
      },
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  runInNewContext(SCRIPT, { self, URL });

  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    let work: Promise<unknown> = Promise.resolve();
    listener({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  }
  const push = (data: unknown) =>
    dispatch("push", {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === "string" ? JSON.parse(data) : data),
              text: () => (typeof data === "string" ? data : JSON.stringify(data)),
            },
    });
  const click = async (data: unknown = { url: "/boss-timers" }) => {
    let closed = false;
    await dispatch("notificationclick", { notification: { data, close: () => (closed = true) } });
    return closed;
  };
  return { shown, opened, push, click };
}

const win = (path: string, controlled = true): FakeWindow => ({
  url: `${ORIGIN}${path}`,
  focused: false,
  navigatedTo: null,
  controlled,
});

describe("push", () => {
  it("shows the server's title and text with the app's icon and the server's tag", async () => {
    const sw = workerScope();
    // The server's payload (worker/spawn-alerts/alert-text.ts, SpawnAlertPush).
    await sw.push({
      title: "Duskwing spawns in 10 minutes",
      body: "At 21:00 Asia/Manila time.",
      boss: "Duskwing",
      url: "/boss-timers",
      spawnAt: "2026-11-25T13:00:00.000Z",
      tag: "spawn:Duskwing:2026-11-25T13:00:00.000Z",
    });
    expect(sw.shown).toEqual([
      {
        title: "Duskwing spawns in 10 minutes",
        options: {
          body: "At 21:00 Asia/Manila time.",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          tag: "spawn:Duskwing:2026-11-25T13:00:00.000Z",
          data: { url: "/boss-timers", bossName: "Duskwing", spawnAt: "2026-11-25T13:00:00.000Z" },
        },
      },
    ]);
  });

  it("without the server's tag, gives the same spawn of the same boss the same tag", async () => {
    const sw = workerScope();
    const alert = { title: "Soon", boss: "Venatus", spawnAt: 1_764_000_000_000 };
    await sw.push(alert);
    await sw.push(alert);
    await sw.push({ ...alert, spawnAt: 1_764_100_000_000 });
    const tags = sw.shown.map((n) => n.options.tag);
    expect(tags[0]).toBe(tags[1]);
    expect(tags[2]).not.toBe(tags[0]);
  });

  it("always names the boss, even when the server's text does not", async () => {
    const sw = workerScope();
    await sw.push({ title: "Spawn alert", body: "In 5 minutes", boss: "Ego" });
    expect(sw.shown[0]?.options.body).toBe("Ego: In 5 minutes");
    await sw.push({ boss: "Livera" });
    expect(sw.shown[1]?.title).toBe("Livera spawns soon");
  });

  it("shows a text payload or an empty push rather than nothing", async () => {
    const sw = workerScope();
    await sw.push("Araneo spawns in 15 minutes");
    await sw.push(undefined);
    expect(sw.shown.map((n) => [n.title, n.options.body])).toEqual([
      ["A boss spawns soon", "Araneo spawns in 15 minutes"],
      ["A boss spawns soon", ""],
    ]);
  });

  it("keeps a click on this site, whatever the payload's url says", async () => {
    const sw = workerScope();
    await sw.push({ boss: "Ego", url: "https://evil.example/" });
    await sw.push({ boss: "Ego", url: "//evil.example/" });
    await sw.push({ boss: "Ego", url: "/admin/boss-timers" });
    expect(sw.shown.map((n) => (n.options.data as { url: string }).url)).toEqual([
      "/boss-timers",
      "/boss-timers",
      "/admin/boss-timers",
    ]);
  });
});

describe("notificationclick", () => {
  it("closes the notification and opens /boss-timers when no window of the app is open", async () => {
    const sw = workerScope([{ ...win("/"), url: "https://other.example/" }]);
    expect(await sw.click()).toBe(true);
    expect(sw.opened).toEqual([`${ORIGIN}/boss-timers`]);
  });

  it("opens the boss page for a notification without data", async () => {
    const sw = workerScope();
    await sw.click(null);
    expect(sw.opened).toEqual([`${ORIGIN}/boss-timers`]);
  });

  it("focuses the window already on the boss page, without reloading it", async () => {
    const home = win("/");
    const bosses = win("/boss-timers");
    const sw = workerScope([home, bosses]);
    await sw.click();
    expect(bosses.focused).toBe(true);
    expect(bosses.navigatedTo).toBeNull();
    expect(home.focused).toBe(false);
    expect(sw.opened).toEqual([]);
  });

  it("brings another page of the app forward and takes it to the boss page", async () => {
    const market = win("/market-exchange");
    const sw = workerScope([market]);
    await sw.click();
    expect(market.focused).toBe(true);
    expect(market.navigatedTo).toBe(`${ORIGIN}/boss-timers`);
    expect(sw.opened).toEqual([]);
  });

  it("opens the boss page when the open window cannot be navigated", async () => {
    const uncontrolled = win("/guild-funds", false);
    const sw = workerScope([uncontrolled]);
    await sw.click();
    expect(uncontrolled.focused).toBe(true);
    expect(sw.opened).toEqual([`${ORIGIN}/boss-timers`]);
  });
});

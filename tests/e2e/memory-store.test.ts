import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, type BrowserPortal, screenshot, sharedBrowserPortal, waitForController } from "./browser.ts";

// Browsers where IndexedDB is missing or unusable (decisions 037, 056): no IndexedDB at all, an open() that
// throws, an open request that fails later, a device whose storage refuses every write. The portal runs from
// memory: the boss page, the roster and the admin tables read from the network, an admin's writes reach the
// server at once, and a quiet line says offline use is unavailable. One portal and one browser serve the file;
// each way gets a fresh profile.
let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal();
});

afterAll(async () => {
  await portal?.stop();
});

const WAIT = { timeout: 30_000 } as const;
const NOTICE =
  "Offline use is unavailable on this browser. The portal works while you are online, and keeps nothing on this device.";

interface Way {
  name: string;
  /** Breaks IndexedDB in the fresh profile before the app's first page loads. */
  breakStorage(context: BrowserContext, page: Page): Promise<void>;
  /** What the page itself sees of the breakage, checked before the app is trusted to have met it. */
  expectBroken(page: Page): Promise<void>;
}

/** A probe of the page's own IndexedDB: how opening and writing a throwaway database ends. */
function probeIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    if (typeof indexedDB === "undefined") return "no indexedDB";
    try {
      const request = indexedDB.open(`probe-${Math.random()}`, 1);
      request.onupgradeneeded = () => request.result.createObjectStore("rows");
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return await new Promise<string>((resolve) => {
        const tx = db.transaction("rows", "readwrite");
        tx.objectStore("rows").put({ text: "x" }, 1);
        tx.oncomplete = () => resolve("written");
        tx.onabort = () => resolve(`write ${tx.error?.name}`);
      });
    } catch (error) {
      return `open ${(error as DOMException).name}`;
    }
  });
}

const WAYS: Way[] = [
  {
    // Hardened and embedded browsers, or IndexedDB turned off: the global is simply not there.
    name: "no IndexedDB at all",
    async breakStorage(context) {
      await context.addInitScript(() => {
        const scope = window as unknown as Record<string, unknown>;
        delete scope.indexedDB;
        delete scope.IDBFactory;
      });
    },
    async expectBroken(page) {
      expect(await probeIndexedDb(page)).toBe("no indexedDB");
    },
  },
  {
    // Blocked site storage: Chromium's indexedDB.open throws.
    name: "indexedDB.open throws",
    async breakStorage(context) {
      await context.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException("The user denied permission to access the database.", "SecurityError");
        };
      });
    },
    async expectBroken(page) {
      expect(await probeIndexedDb(page)).toBe("open SecurityError");
    },
  },
  {
    // Private modes that refuse later, through the open request's error event (Firefox's InvalidStateError): here
    // Chromium's own request fails, its version change aborted before any store is made.
    name: "the open request fails",
    async breakStorage(context) {
      await context.addInitScript(() => {
        const open = IDBFactory.prototype.open;
        IDBFactory.prototype.open = function (this: IDBFactory, ...args: [string, number?]) {
          const request = open.apply(this, args);
          request.addEventListener("upgradeneeded", (event) => {
            event.stopImmediatePropagation();
            request.transaction?.abort();
          });
          return request;
        };
      });
    },
    async expectBroken(page) {
      expect(await probeIndexedDb(page)).toBe("open AbortError");
    },
  },
  {
    // A full device: the database opens, and Chromium refuses every write with QuotaExceededError.
    name: "every write exceeds the quota",
    async breakStorage(context, page) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Storage.overrideQuotaForOrigin", { origin: portal.baseUrl, quotaSize: 1 });
    },
    async expectBroken(page) {
      expect(await probeIndexedDb(page)).toBe("write QuotaExceededError");
    },
  },
];

/** A fresh profile broken the given way, and its page; errors the page throws are collected. */
async function brokenPage(way: Way): Promise<{ page: Page; errors: string[] }> {
  // The service worker stays: a browser without storage still installs it (the test below).
  const context = await portal.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await way.breakStorage(context, page);
  return { page, errors };
}

async function expectNotice(page: Page) {
  const notice = page.getByTestId("memory-store-notice");
  await notice.waitFor(WAIT);
  expect((await notice.innerText()).replace(/\s+/g, " ").trim()).toBe(NOTICE);
}

async function login(page: Page) {
  await page.goto(portal.url("/login"));
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin", WAIT);
}

describe.each(WAYS)("a browser where $name", (way) => {
  it("shows the boss page, the roster and the admin tables from the network, with the notice", async () => {
    const { page, errors } = await brokenPage(way);
    await page.goto(portal.url("/boss-timers"));
    await way.expectBroken(page);
    // The sample data's 24 bosses, each a card.
    await expect.poll(() => page.locator("li[data-boss]").count(), WAIT).toBe(24);
    await expectNotice(page);

    await page.goto(portal.url("/public/guild-members"));
    await expect.poll(() => page.locator("main tbody tr").count(), WAIT).toBe(46);
    await expectNotice(page);

    await login(page);
    await expectNotice(page);
    await page.goto(portal.url("/guild-members"));
    await page.locator('tr[data-member="Ashvale"]').waitFor(WAIT);
    await page.goto(portal.url("/market-exchange"));
    await page.locator('tr[data-loot="Obsidian Greatblade"]').first().waitFor(WAIT);
    await expectNotice(page);
    expect(errors).toEqual([]);
  });
});

async function choose(picker: Locator, option: string) {
  const box = picker.getByRole("checkbox", { name: option, exact: true });
  await box.focus();
  await box.press("Space");
  await expect.poll(() => box.isChecked()).toBe(true);
}

async function serverLootNames(): Promise<string[]> {
  const res = await (await portal.adminApi()).get<{ marketExchangeItems: { lootName: string }[] }>(
    "/market-exchange",
  );
  expect(res.status).toBe(200);
  return res.body.marketExchangeItems.map((item) => item.lootName);
}

describe("a browser without IndexedDB at all", () => {
  it("shows the notice at phone and desktop size, and still installs the service worker", async () => {
    const { page, errors } = await brokenPage(WAYS[0] as Way);
    await page.goto(portal.url("/boss-timers"));
    await page.locator("li[data-boss]").first().waitFor(WAIT);
    await expectNotice(page);
    await screenshot(page, "memory-store-boss-timers");
    // Neither workbox-window nor the generated worker uses IndexedDB: the worker installs and takes the page.
    await waitForController(page);
    await page.goto(portal.url("/public/guild-members"));
    await page.locator("main tbody tr").first().waitFor(WAIT);
    await screenshot(page, "memory-store-public-members");
    expect(errors).toEqual([]);
  });

  it("lets an admin add a loot item, which reaches the server at once", async () => {
    const { page, errors } = await brokenPage(WAYS[0] as Way);
    await login(page);
    await expectNotice(page);

    await page.goto(portal.url("/market-exchange"));
    await page.getByText("Obsidian Greatblade").first().waitFor(WAIT);
    await page.getByRole("button", { name: "Add New Loot" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Loot" });
    await dialog.getByLabel("Loot Name").fill("Memory Shard");
    await dialog.getByLabel("Boss Name").selectOption("Gravemaw");
    await dialog.getByLabel("Value (USDT)").fill("250");
    await dialog.getByLabel("Status").selectOption("Pending");
    await dialog.getByLabel("Date Acquired").fill("2026-11-21");
    await dialog.getByText("Choose participants...").click();
    const picker = page.getByRole("dialog", { name: "Select Participants" });
    await choose(picker, "Stormhollow");
    await picker.getByRole("button", { name: "Save 1 selected" }).click();
    await dialog.getByRole("button", { name: "Add Loot" }).click();
    await page.getByText("Market item created successfully.").waitFor();

    await expect.poll(serverLootNames, { timeout: 15_000 }).toContain("Memory Shard");
    // Sent, not kept: nothing waits in the header's outbox.
    await page.getByText("Memory Shard").first().waitFor();
    await page.getByTestId("outbox-badge").waitFor({ state: "detached" });
    await expectNotice(page);
    await screenshot(page, "memory-store-admin-market");

    // A reload starts from an empty memory and reads it all from the server again.
    await page.reload();
    await page.getByText("Memory Shard").first().waitFor(WAIT);
    await expectNotice(page);
    expect(errors).toEqual([]);
  });
});

/**
 * The public pages paint from HTML and load their below-the-fold parts on first use (decision 062), in Chromium
 * against `npm start`:
 * - the roster, market and salary pages arrive prerendered: their frame is in the HTML for their path (from
 *   `npm start` and from Workers' assets), the app hydrates it (keeps the parsed elements, no hydration error)
 *   and fills in the stored rows, online and, from the service worker's precache, offline;
 * - the spawn alerts dialog and the login form's rules are fetched when first used, and work offline once the
 *   service worker holds the app.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "@worker/test/worker-runtime.ts";
import {
  ADMIN,
  type BrowserPortal,
  E2E_BRAND,
  PHONE,
  screenshot,
  sharedBrowserPortal,
  waitForApp,
} from "./browser.ts";
import { workerBundle } from "./worker-harness.ts";

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal({ serviceWorkers: "allow" });
});

afterAll(async () => {
  await portal?.stop();
});

const WAIT = { timeout: 30_000 };
/** Three pages, each opened twice, on a two-core machine that other work keeps busy. */
const LONG = 300_000;

/** Waits until the service worker controls the page: its precache, every chunk and page of the build, is complete. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 90_000,
  });
}

/** Each prerendered page, its heading and tab title, and a row its sample data shows once the store has answered. */
const PAGES = [
  {
    path: "/public/guild-members",
    name: "guild-members",
    heading: "Guild Roster",
    title: "Guild Roster",
    row: "Ashvale",
  },
  {
    path: "/public/market-exchange",
    name: "market-exchange",
    heading: "Market Exchange",
    title: "Market Exchange",
    row: "Obsidian Greatblade",
  },
  {
    path: "/public/salary-calculation",
    name: "salary-calculation",
    heading: "Salary Calculation Receipt",
    title: "Salary Calculation",
    row: "Ashvale",
  },
] as const;

interface Parsed {
  parsedHeading?: Element | null;
  parsedFooter?: Element | null;
}

/** Keeps the heading and footer the browser parsed from the HTML, before any of the app's code has run. */
async function rememberParsedNodes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const nodes = window as unknown as Parsed;
      nodes.parsedHeading = document.querySelector("h1");
      nodes.parsedFooter = document.querySelector("footer");
    });
  });
}

/** Whether the page still shows the heading and footer parsed from the HTML (hydrated, not rendered anew). */
function parsedNodesKept(page: Page): Promise<{ heading: boolean; footer: boolean }> {
  return page.evaluate(() => {
    const { parsedHeading, parsedFooter } = window as unknown as Parsed;
    return {
      heading: parsedHeading?.isConnected === true && parsedHeading === document.querySelector("h1"),
      footer: parsedFooter?.isConnected === true && parsedFooter === document.querySelector("footer"),
    };
  });
}

/** Console errors and warnings about hydration (React's #418, #423, #425), and page errors. */
function watchHydration(page: Page): string[] {
  const messages: string[] = [];
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (
      (message.type() === "error" || message.type() === "warning") &&
      /#418|#423|#425|hydrat/i.test(message.text())
    )
      messages.push(message.text());
  });
  return messages;
}

describe("the prerendered public pages", () => {
  it("answer their path with their own frame in the HTML, and no other page's", async () => {
    for (const { path, heading, title } of PAGES) {
      const html = await (await fetch(portal.url(path))).text();
      expect(html, path).toContain(`data-prerendered="${path}"`);
      expect(html, path).toContain(`>${heading}</h1>`);
      expect(html, path).toContain(`<title>${title} - ${E2E_BRAND}</title>`);
      expect(html, path).not.toContain("Welcome to");
    }
    // A page that is not prerendered gets the app shell, whose loader empties the home page it carries.
    const shell = await (await fetch(portal.url("/boss-timers"))).text();
    expect(shell).toContain('data-prerendered="/"');
  });

  it(
    "paint their frame before the app runs, then hydrate it and show the stored rows",
    async () => {
      for (const { path, name, heading, row } of PAGES) {
        // Before the app runs (its scripts held back): the frame as the HTML paints it.
        const plain = await portal.newContext({ viewport: PHONE });
        await plain.route("**/assets/*.js", (route) => route.abort());
        const frame = await plain.newPage();
        await frame.goto(portal.url(path));
        await frame.getByRole("heading", { name: heading }).waitFor(WAIT);
        expect(await frame.locator('html[data-app="running"]').count(), path).toBe(0);
        await screenshot(frame, `prerendered-${name}-frame`);
        await plain.close();

        const context = await portal.newContext({ viewport: PHONE });
        await rememberParsedNodes(context);
        const page = await context.newPage();
        const hydration = watchHydration(page);
        await page.goto(portal.url(path));
        await waitForApp(page);
        await page.getByText(row).first().waitFor(WAIT);
        expect(await parsedNodesKept(page), path).toEqual({ heading: true, footer: true });
        expect(hydration, path).toEqual([]);
        await screenshot(page, `prerendered-${name}-hydrated`);
        await context.close();
      }
    },
    LONG,
  );

  it(
    "open offline from the service worker's precache, prerendered, with the stored rows",
    async () => {
      const context = await portal.newContext({ viewport: PHONE });
      await rememberParsedNodes(context);
      const page = await context.newPage();
      await page.goto(portal.url("/public/guild-members"));
      await waitForServiceWorker(page);
      // One online visit of each page stores its rows.
      for (const { path, row } of PAGES) {
        await page.goto(portal.url(path));
        await waitForApp(page);
        await page.getByText(row).first().waitFor(WAIT);
      }

      await context.setOffline(true);
      for (const { path, heading, row } of PAGES) {
        const hydration = watchHydration(page);
        await page.goto(portal.url(path));
        await waitForApp(page);
        await page.getByRole("heading", { name: heading }).waitFor(WAIT);
        await page.getByText(row).first().waitFor(WAIT);
        expect(await parsedNodesKept(page), path).toEqual({ heading: true, footer: true });
        expect(hydration, path).toEqual([]);
      }
      await context.setOffline(false);
    },
    LONG,
  );
});

describe("the prerendered public pages on Workers", () => {
  it("are the answer of wrangler.toml's [assets] for their path; any other client route gets the app shell", async () => {
    const bundle = await workerBundle();
    const worker = await startWorker(bundle, {
      // Only the assets are asked for: the Worker never reaches the database.
      vars: {
        AUTH_PEPPER: "prerendered-pages-pepper-0123",
        DATABASE_URL: "postgres://nobody@127.0.0.1:9/unused",
      },
      assets: true,
    });
    try {
      const page = async (path: string) => {
        const res = await worker.fetch(path, {
          headers: { "Sec-Fetch-Mode": "navigate" },
          redirect: "manual",
        });
        return { status: res.status, page: /data-prerendered="([^"]*)"/.exec(await res.text())?.[1] };
      };
      for (const { path } of PAGES) expect(await page(path), path).toEqual({ status: 200, page: path });
      expect(await page("/boss-timers")).toEqual({ status: 200, page: "/" });
    } finally {
      await worker.dispose();
      bundle.dispose();
    }
  });
});

describe("parts fetched on first use", () => {
  it(
    "the spawn alerts dialog opens from the boss page's button, online and offline, and gives the focus back",
    async () => {
      const context = await portal.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(portal.url("/boss-timers"));
      await waitForApp(page);
      await waitForServiceWorker(page);
      const button = page.getByRole("button", { name: "Spawn alerts" });
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Spawn alerts" });
      await dialog.waitFor(WAIT);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached", ...WAIT });
      await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

      // A fresh load offline fetches the dialog's chunk from the precache; the dialog says alerts need the network.
      await context.setOffline(true);
      await page.reload();
      await waitForApp(page);
      await context.setOffline(false);
      await context.setOffline(true);
      await page.getByRole("button", { name: "Spawn alerts" }).click();
      await page
        .getByRole("dialog", { name: "Spawn alerts" })
        .getByText("You are offline", { exact: true })
        .waitFor(WAIT);
      await screenshot(page, "spawn-alerts-dialog-offline-first-use");
      await context.setOffline(false);
    },
    LONG,
  );

  it("the login form checks its fields with the shared rules once they have arrived", async () => {
    const context = await portal.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(portal.url("/login"));
    await waitForApp(page);
    // Leaving a field empty: the rules, fetched as the form got the focus, name what is missing.
    await page.getByLabel("Email", { exact: true }).focus();
    await page.getByLabel("Email", { exact: true }).blur();
    await page.getByText("Email is required").waitFor(WAIT);
    await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
    await page.getByText("Email is required").waitFor({ state: "detached", ...WAIT });
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByText("Password is required").waitFor(WAIT);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("password");
    // With both fields filled the form logs in.
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(/\/admin$/, WAIT);
  });
});

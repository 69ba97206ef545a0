/**
 * The security headers of the real `npm start` (decision 027): on every HTML route, with HSTS only behind
 * a TLS proxy that TRUST_PROXY lets speak; and the app in Chromium under its Content-Security-Policy: it
 * hydrates the prerendered home page, deep-links, logs in, opens a dialog, shows a toast and installs its
 * service worker with no violation reported, and no other origin can frame it.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, startBrowserPortal, waitForApp, waitForController } from "./browser.ts";
import { clientRoutes, expectedSecurityHeaders, headersLike } from "./web-headers.ts";

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await startBrowserPortal({ env: { TRUST_PROXY: "true" } });
});

afterAll(async () => {
  await portal?.stop();
});

const WAIT = { timeout: 30_000 };

describe("the HTML answers of npm start", () => {
  it("carry the security headers on every route, without HSTS over plain http", async () => {
    const expected = await expectedSecurityHeaders(false);
    for (const path of clientRoutes()) {
      const res = await fetch(portal.url(path), { headers: { "Sec-Fetch-Mode": "navigate" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(headersLike(res, expected), path).toEqual(expected);
    }
  });

  it("add HSTS when the proxy in front says the browser came over https", async () => {
    const expected = await expectedSecurityHeaders(true);
    for (const path of ["/", "/admin/accounts", "/public/guild-members"]) {
      const res = await fetch(portal.url(path), { headers: { "X-Forwarded-Proto": "https" } });
      expect(headersLike(res, expected), path).toEqual(expected);
    }
  });
});

/** A context whose pages report every CSP violation and CSP console message into `reports`. */
async function watchedContext(reports: string[]): Promise<BrowserContext> {
  const context = await portal.newContext({ serviceWorkers: "allow" });
  await context.exposeBinding("__reportViolation", (_source, text: string) => {
    reports.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const report = (window as unknown as { __reportViolation(text: string): void }).__reportViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}: ${event.sample}`);
      },
      true,
    );
  });
  context.on("console", (message) => {
    if (/content.security.policy|refused to/i.test(message.text())) reports.push(message.text());
  });
  context.on("weberror", (error) => reports.push(`page error: ${error.error().message}`));
  return context;
}

async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(portal.url(path));
  await waitForApp(page);
}

describe("the app under its Content-Security-Policy", () => {
  it("boots, hydrates, deep-links, logs in, opens a dialog, toasts and installs offline, with no violation", async () => {
    const reports: string[] = [];
    const context = await watchedContext(reports);
    const page = await context.newPage();

    // The prerendered home page, hydrated by the scripts its hashed inline loader requested.
    await gotoApp(page, "/");
    await page.getByRole("link", { name: "Guild Members" }).first().click();
    await page.locator("main table tbody tr").first().waitFor(WAIT);

    // A deep link: the same shell, whose loader empties the prerendered page and starts the app at once.
    await gotoApp(page, "/public/market-exchange");
    await page.locator("main table tbody tr").first().waitFor(WAIT);

    // An admin page with a dialog (Radix's scroll lock inserts a <style>) and a toast (sonner's styles).
    await portal.login(page, "admin");
    await gotoApp(page, "/guild-members");
    await page.locator('tr[data-member="Ashvale"]').waitFor(WAIT);
    await page.getByRole("button", { name: "Add Member" }).click();
    const add = page.getByRole("dialog", { name: "Add Guild Member" });
    await add.getByLabel("Player Name").fill("Policywarden");
    await add.getByLabel("Category").selectOption("Core");
    await add.getByRole("button", { name: "Add Member" }).click();
    await page.getByText("Guild member created successfully.").waitFor(WAIT);
    await page.locator('tr[data-member="Policywarden"]').waitFor(WAIT);

    // The service worker (worker-src, its own precache fetches under connect-src) takes the page.
    await waitForController(page);

    expect(reports).toEqual([]);
  });

  it("cannot be framed by another origin: the admin pages are refused to any ancestor", async () => {
    const context = await portal.newContext();
    await context.route("http://framer.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>framer</title><iframe src="${portal.url("/admin/accounts")}"></iframe>`,
      }),
    );
    const page = await context.newPage();
    await page.goto("http://framer.test/");
    const framed = () => page.frames().find((frame) => frame !== page.mainFrame());
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    await expect.poll(() => framed()?.url()).toBe("chrome-error://chromewebdata/");
    expect(await framed()?.locator("#root").count()).toBe(0);
  });
});

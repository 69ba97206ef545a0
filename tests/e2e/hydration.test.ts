/**
 * The prerendered home page and the app's first render agree whatever the brand and the date (decision 032):
 * a server whose GUILD_BRAND differs from the build's (as on Workers, where the brand is a runtime var) and a
 * visit in a year after the build's. Hydration keeps the parsed page (no #418, no re-render from scratch),
 * and the page then shows the server's brand and the current year.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserPortal, E2E_BRAND, screenshot, startBrowserPortal, waitForApp } from "./browser.ts";

const SERVER_BRAND = "Ember Wardens";
const WAIT = { timeout: 15_000 };

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await startBrowserPortal({ env: { GUILD_BRAND: SERVER_BRAND } });
});

afterAll(async () => {
  await portal?.stop();
});

interface ParsedNodes {
  parsedHeading: Element | null;
  parsedFooter: Element | null;
}

/** Whether the heading and footer the browser parsed from the HTML are still the page's own elements. */
function parsedNodesKept(page: Page): Promise<{ heading: boolean; footer: boolean }> {
  return page.evaluate(() => {
    const { parsedHeading, parsedFooter } = window as unknown as ParsedNodes;
    return {
      heading: parsedHeading?.isConnected === true && parsedHeading === document.querySelector("h1"),
      footer: parsedFooter?.isConnected === true && parsedFooter === document.querySelector("footer"),
    };
  });
}

describe("hydrating the prerendered home page", () => {
  it("keeps the parsed page when the server's brand and the year differ from the build's", async () => {
    expect(SERVER_BRAND).not.toBe(E2E_BRAND);
    const html = await (await fetch(portal.url("/"))).text();
    const built = /© (\d{4}) ([^<]+)\. All rights reserved\./.exec(html.replaceAll("<!-- -->", ""));
    expect(built?.[2]).toBe(E2E_BRAND);
    const buildYear = Number(built?.[1]);
    const visitYear = buildYear + 1;

    const context = await portal.newContext();
    // A visit in the year after the build's: the page's Date runs on from 10 February of that year. (Playwright's
    // clock.install fakes Date with objects that Date's own methods and `instanceof Date` reject.)
    await context.addInitScript((visitAt: number) => {
      const RealDate = Date;
      const shift = visitAt - RealDate.now();
      class VisitDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(RealDate.now() + shift);
          else super(...(args as [number]));
        }
        static override now() {
          return RealDate.now() + shift;
        }
      }
      // Dates the browser makes itself (IndexedDB's copies) are still Dates to the page: to `instanceof Date`,
      // and to `date.constructor === Date`, by which Dexie knows a value it must not clone field by field.
      Object.defineProperty(VisitDate, Symbol.hasInstance, {
        value: (value: unknown) => value instanceof RealDate,
      });
      Object.defineProperty(RealDate.prototype, "constructor", {
        value: VisitDate,
        configurable: true,
        writable: true,
      });
      window.Date = VisitDate as DateConstructor;
    }, new Date(visitYear, 1, 10, 12, 0, 0).getTime());
    // Keeps the elements the browser parsed from the HTML, before any of the app's code has run.
    await context.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const nodes = window as unknown as ParsedNodes;
        nodes.parsedHeading = document.querySelector("h1");
        nodes.parsedFooter = document.querySelector("footer");
      });
    });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") {
        messages.push(`${message.type()}: ${message.text()}`);
      }
    });

    await page.goto(portal.url("/"));
    await waitForApp(page);
    // The page follows the server once its config has answered, and the footer the current year.
    await page.getByRole("heading", { name: `Welcome to ${SERVER_BRAND}` }).waitFor(WAIT);
    await expect
      .poll(() => page.locator("footer").innerText(), WAIT)
      .toBe(`© ${visitYear} ${SERVER_BRAND}. All rights reserved.`);
    await expect.poll(() => page.title(), WAIT).toBe(SERVER_BRAND);
    await expect.poll(() => page.getByTestId("members-total").innerText(), WAIT).toBe("46");

    expect(await parsedNodesKept(page)).toEqual({ heading: true, footer: true });
    expect(messages.filter((text) => /#418|#423|#425|hydrat/i.test(text))).toEqual([]);
    await screenshot(page, "home-hydrated-other-brand");
  });
});

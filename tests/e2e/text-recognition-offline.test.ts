/**
 * The text recognition engine's files in the real app (decision 081): left out of the precache, kept by the service
 * worker's runtime route the first time the engine's worker asks for them, and served from it offline, so the
 * engine starts without a network after its first use. Drives tesseract.js's own worker script as recogniseImages
 * does (its load and loadLanguage messages), in the app's page, under the app's CSP.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserPortal,
  goOffline,
  sharedBrowserPortal,
  waitForApp,
  waitForController,
} from "./browser.ts";
import { repoRoot } from "./portal-process.ts";

let portal: BrowserPortal;

beforeAll(async () => {
  portal = await sharedBrowserPortal({ serviceWorkers: "allow" });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
});

/** The build's engine folder, e.g. /assets/text-recognition-a838bb08f822/. */
function engineFolder(): string {
  const folder = readdirSync(join(repoRoot, "dist", "web", "assets")).find((name) =>
    name.startsWith("text-recognition-"),
  );
  if (!folder) throw new Error("the web build has no text recognition folder");
  return `/assets/${folder}/`;
}

/**
 * Starts tesseract.js's worker from the folder and has it load its core and the English data, as recogniseImages
 * does; resolves with "loaded" or the first failure. A string, so the page runs it as written.
 */
const START_ENGINE = (folder: string) => `new Promise((resolve) => {
  const worker = new Worker(${JSON.stringify(`${folder}worker.min.js`)});
  const steps = [
    { action: "load", payload: { options: { lstmOnly: true, corePath: ${JSON.stringify(folder)}, logging: false } } },
    { action: "loadLanguage", payload: { langs: "eng", options: { langPath: ${JSON.stringify(folder.replace(/\/$/, ""))}, cacheMethod: "none", gzip: true, lstmOnly: true } } },
  ];
  let step = 0;
  const next = () => worker.postMessage({ workerId: "offline-test", jobId: "job-" + step, ...steps[step] });
  worker.onerror = (event) => resolve("worker error: " + event.message);
  worker.onmessage = ({ data }) => {
    if (data.status === "reject") return resolve("rejected: " + data.data);
    if (data.status !== "resolve") return;
    step += 1;
    if (step < steps.length) return next();
    worker.terminate();
    resolve("loaded");
  };
  next();
})`;

const cachedEngineFiles = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open("text-recognition");
    return (await cache.keys()).map((request) => new URL(request.url).pathname.split("/").pop()).sort();
  });

describe("the text recognition engine offline", () => {
  it("is cached by the service worker on first use, not on install, and starts offline afterwards", async () => {
    const folder = engineFolder();
    const context = await portal.newContext();
    const page = await context.newPage();
    await page.goto(portal.url("/"));
    await waitForApp(page);
    await waitForController(page);
    expect(await cachedEngineFiles(page)).toEqual([]);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names)
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(precached.filter((url) => url.includes("/text-recognition-"))).toEqual([]);

    expect(await page.evaluate(START_ENGINE(folder))).toBe("loaded");
    await expect
      .poll(() => cachedEngineFiles(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["eng.traineddata.gz", "worker.min.js"]));
    const core = (await cachedEngineFiles(page)).filter((file) => file?.startsWith("tesseract-core-"));
    expect(core).toHaveLength(1);

    await goOffline(context);
    await page.reload();
    await waitForApp(page);
    expect(await page.evaluate(START_ENGINE(folder))).toBe("loaded");
  }, 180_000);
});

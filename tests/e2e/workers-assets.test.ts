/**
 * The built web app as Workers serve it and as `npm start` does, asked the same questions (decision 027):
 * the Worker bundle `wrangler deploy` uploads, in workerd (Miniflare) with dist/web in front of it as
 * wrangler.toml's `[assets]` configure it (the routing, the ASSETS binding, the `_headers` file), and the
 * real `npm start`. Requests carry the Sec-Fetch-Mode a browser would send, and none, since Cloudflare's
 * asset routing can depend on it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  headersFile,
  inlineScriptHashes,
} from "@shared/security-headers/security-headers.ts";
import { type RunningWorker, startWorker, type WorkerBundle } from "@worker/test/worker-runtime.ts";
import { type BrowserPortal, sharedBrowserPortal } from "./browser.ts";
import { repoRoot } from "./portal-process.ts";
import { clientRoutes, entryChunk, expectedSecurityHeaders, headersLike } from "./web-headers.ts";
import { workerBundle } from "./worker-harness.ts";

const PEPPER = "workers-assets-pepper-0123";

let bundle: WorkerBundle | undefined;
let worker: RunningWorker | undefined;
// The run's portal: its headers are what `npm start` sends whatever its data.
let node: BrowserPortal | undefined;
let nodeUrl = "";

beforeAll(async () => {
  bundle = await workerBundle();
  worker = await startWorker(bundle, {
    // The API's 404 never reaches the database; the Worker only needs to be configured.
    vars: { AUTH_PEPPER: PEPPER, DATABASE_URL: "postgres://nobody@127.0.0.1:9/unused" },
    assets: true,
  });
  node = await sharedBrowserPortal();
  nodeUrl = node.baseUrl;
});

afterAll(async () => {
  await worker?.dispose();
  bundle?.dispose();
  await node?.stop();
});

type Mode = "navigate" | "cors" | "no-cors" | null;
const MODES: Mode[] = ["navigate", "cors", "no-cors", null];

const runtimes = [
  {
    name: "Workers (workerd, wrangler.toml's [assets])",
    https: true,
    fetch: (path: string, init: RequestInit) => (worker as RunningWorker).fetch(path, init),
  },
  {
    name: "npm start",
    https: false,
    fetch: (path: string, init: RequestInit) => fetch(`${nodeUrl}${path}`, init),
  },
];

describe.each(runtimes)("$name", (runtime) => {
  const get = (path: string, mode: Mode = null, method = "GET") =>
    runtime.fetch(path, {
      method,
      headers: mode ? { "Sec-Fetch-Mode": mode } : {},
      redirect: "manual",
    });

  it("caches a hashed asset for a year, immutable, with the security headers", async () => {
    const res = await get(entryChunk(), "cors");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Cache-Control")).toBe(CACHE_IMMUTABLE);
    expect(headersLike(res, await expectedSecurityHeaders(runtime.https))).toEqual(
      await expectedSecurityHeaders(runtime.https),
    );
  });

  it("answers 404, never the page, for a chunk that is not in this build", async () => {
    for (const mode of MODES) {
      for (const path of ["/assets/login-0ld0ld00.js", "/assets/deep/index-0ld.css", "/icons/gone.png"]) {
        const res = await get(path, mode);
        expect(res.status, `${path} (${mode})`).toBe(404);
        expect(res.headers.get("Content-Type"), path).toMatch(/^text\/plain/);
        expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
        expect(await res.text()).toBe("Not Found");
      }
    }
  });

  it("answers 404 JSON for /_api itself and any unknown path under it", async () => {
    for (const mode of MODES) {
      for (const path of ["/_api", "/_api/", "/_api/nope", "/_api/public/nope.js"]) {
        const res = await get(path, mode);
        expect(res.status, `${path} (${mode})`).toBe(404);
        expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
        expect(await res.json(), path).toEqual({ error: "Not found" });
      }
    }
  });

  it("gives every client route the app shell with the security headers", async () => {
    const expected = await expectedSecurityHeaders(runtime.https);
    for (const path of clientRoutes()) {
      for (const mode of ["navigate", null] as const) {
        const res = await get(path, mode);
        expect(res.status, `${path} (${mode})`).toBe(200);
        expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
        expect(res.headers.get("Cache-Control"), path).toBe(CACHE_REVALIDATE);
        expect(headersLike(res, expected), path).toEqual(expected);
        expect(await res.text(), path).toContain('<div id="root">');
      }
    }
  });

  it("sends the same headers with the service worker, the manifest and the icons", async () => {
    const expected = await expectedSecurityHeaders(runtime.https);
    for (const path of ["/sw.js", "/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(CACHE_REVALIDATE);
      expect(headersLike(res, expected), path).toEqual(expected);
    }
  });

  it("refuses a write to the web app with 405", async () => {
    for (const path of ["/", "/public/guild-members"]) {
      expect((await get(path, null, "POST")).status, path).toBe(405);
    }
  });

  it("never serves the _headers file itself", async () => {
    const res = await get("/_headers");
    expect(await res.text()).not.toContain("Content-Security-Policy");
  });
});

describe("dist/web/_headers", () => {
  it("is the policy for the index.html beside it", async () => {
    const webDir = join(repoRoot, "dist", "web");
    const html = readFileSync(join(webDir, "index.html"), "utf8");
    expect(readFileSync(join(webDir, "_headers"), "utf8")).toBe(headersFile(await inlineScriptHashes(html)));
  });
});

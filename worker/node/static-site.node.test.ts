import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  contentSecurityPolicy,
  inlineScriptHashes,
  STRICT_TRANSPORT_SECURITY,
} from "@shared/security-headers/security-headers.ts";
import { staticSite } from "./static-site.ts";

let dir: string;
const page = (loader: string) =>
  `<!doctype html><html><body><div id="root"></div><script>${loader}</script><script type="module" src="/assets/index-abc.js"></script></body></html>`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guild-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), page("start()"));
  writeFileSync(join(dir, "assets", "index-abc.js"), "export {};");
  writeFileSync(join(dir, "sw.js"), "self;");
  writeFileSync(join(dir, "_headers"), "/*\n  X-Test: 1\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const site = (trustProxy = false) => new Hono().all("*", staticSite(dir, { trustProxy }));

describe("staticSite", () => {
  it("allows the served page's inline scripts by their hashes, on the page and every file", async () => {
    const csp = contentSecurityPolicy(await inlineScriptHashes(page("start()")));
    for (const path of ["/", "/admin/accounts", "/assets/index-abc.js", "/sw.js"]) {
      const res = await site().request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Security-Policy"), path).toBe(csp);
      expect(res.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });

  it("follows a rebuilt index.html to its new inline scripts", async () => {
    const app = site();
    await app.request("/");
    writeFileSync(join(dir, "index.html"), page("start(); again()"));
    utimesSync(join(dir, "index.html"), new Date(), new Date(Date.now() + 5_000));
    const res = await app.request("/public/guild-members");
    const csp = contentSecurityPolicy(await inlineScriptHashes(page("start(); again()")));
    expect(res.headers.get("Content-Security-Policy")).toBe(csp);
    expect(await res.text()).toContain("again()");
  });

  it("caches hashed assets for a year and revalidates the rest", async () => {
    expect((await site().request("/assets/index-abc.js")).headers.get("Cache-Control")).toBe(CACHE_IMMUTABLE);
    expect((await site().request("/sw.js")).headers.get("Cache-Control")).toBe(CACHE_REVALIDATE);
    expect((await site().request("/guild-funds")).headers.get("Cache-Control")).toBe(CACHE_REVALIDATE);
  });

  it("answers 404 for a missing file and 405 for a write, with the headers", async () => {
    const missing = await site().request("/assets/index-old.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(missing.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const write = await site().request("/public/guild-members", { method: "POST" });
    expect(write.status).toBe(405);
    expect(write.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("never serves the Workers _headers file: /_headers is a client route like any other", async () => {
    const res = await site().request("/_headers");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it("sends HSTS behind a TLS proxy only when TRUST_PROXY lets it say so", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    expect(
      (await site(false).request("/", { headers: https })).headers.get("Strict-Transport-Security"),
    ).toBe(null);
    expect((await site(true).request("/")).headers.get("Strict-Transport-Security")).toBe(null);
    expect((await site(true).request("/", { headers: https })).headers.get("Strict-Transport-Security")).toBe(
      STRICT_TRANSPORT_SECURITY,
    );
    // The proxy appends its own entry: what the client claimed before it does not count.
    const forged = { "X-Forwarded-Proto": "https, http" };
    expect(
      (await site(true).request("/", { headers: forged })).headers.get("Strict-Transport-Security"),
    ).toBe(null);
    expect(
      (await site(false).request("https://portal.example/")).headers.get("Strict-Transport-Security"),
    ).toBe(STRICT_TRANSPORT_SECURITY);
  });
});

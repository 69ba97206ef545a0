/**
 * `npm start` answers a prerendered page's path with its file (decision 062), as Workers' assets do: the
 * page's own HTML and the CSP hashes of its own inline scripts; every other client route keeps the app shell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "@shared/security-headers/security-headers.ts";
import { staticSite } from "./static-site.ts";

let dir: string;
const page = (content: string, loader = "start()") =>
  `<!doctype html><html><body><div id="root">${content}</div><script>${loader}</script></body></html>`;
const SHELL = page("<h1>Home</h1>");
const ROSTER = page("<h1>Guild Roster</h1>", "start(); roster()");

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guild-prerendered-"));
  mkdirSync(join(dir, "public"));
  writeFileSync(join(dir, "index.html"), SHELL);
  writeFileSync(join(dir, "public", "guild-members.html"), ROSTER);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const site = () => new Hono().all("*", staticSite(join(dir)));

describe("prerendered pages on npm start", () => {
  it("answer their path with their own file, and its own inline scripts' hashes", async () => {
    const res = await site().request("/public/guild-members");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toBe(ROSTER);
    expect(res.headers.get("Content-Security-Policy")).toBe(
      contentSecurityPolicy(await inlineScriptHashes(ROSTER)),
    );
  });

  it("leave every other client route, a trailing slash included, to the app shell", async () => {
    for (const path of ["/public/guild-members/", "/public/market-exchange", "/public", "/boss-timers"]) {
      const res = await site().request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
      expect(res.headers.get("Content-Security-Policy"), path).toBe(
        contentSecurityPolicy(await inlineScriptHashes(SHELL)),
      );
    }
  });

  it("never reach outside the build for a page", async () => {
    // A file beside the build, which an encoded "../" would name: /..%2f<build>-outside is <build>-outside.html.
    const outside = `${dir}-outside.html`;
    writeFileSync(outside, page("<h1>Not ours</h1>"));
    try {
      const res = await site().request(`/..%2f${basename(dir)}-outside`);
      expect(await res.text()).toBe(SHELL);
    } finally {
      rmSync(outside, { force: true });
    }
  });
});

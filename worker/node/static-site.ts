import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Context } from "hono";
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  HASHED_ASSETS_PREFIX,
  inlineScriptHashes,
  securityHeaders,
} from "@shared/security-headers/security-headers.ts";
import { lastEntry } from "../app/client-address.ts";
import { refusal, webFallback } from "../app/web-fallback.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** Cloudflare's file in the build (the Workers `_headers`): read by the platform there, never served. */
const PLATFORM_FILE = "_headers";

export interface StaticSiteOptions {
  /** TRUST_PROXY: a reverse proxy in front terminates TLS and says so in X-Forwarded-Proto. */
  trustProxy: boolean;
}

/**
 * Whether the browser reached us over https: a TLS connection, or, with TRUST_PROXY, the scheme the proxy
 * in front reports in X-Forwarded-Proto (the last entry, the one it added, as for X-Forwarded-For in
 * decision 026). It decides HSTS only.
 */
function servedOverHttps(c: Context, { trustProxy }: StaticSiteOptions): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  if (!trustProxy) return false;
  return lastEntry(c.req.header("X-Forwarded-Proto"))?.trim().toLowerCase() === "https";
}

/** index.html and the CSP hashes of its inline scripts, read again only when the file changes (a rebuild). */
function appShell(base: string) {
  const file = join(base, "index.html");
  let cached:
    | { mtimeMs: number; size: number; html: Buffer<ArrayBuffer>; hashes: Promise<string[]> }
    | undefined;
  return () => {
    const { mtimeMs, size } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
      const html = readFileSync(file);
      cached = { mtimeMs, size, html, hashes: inlineScriptHashes(html.toString("utf8")) };
    }
    return cached;
  };
}

/**
 * Serves the built web app: files as they are, hashed assets cached for a year, and index.html for any
 * other GET so client routes deep-link; a missing file is a real 404 (app/web-fallback.ts). Every answer
 * carries the security headers (shared/security-headers), with a CSP that allows index.html's inline
 * scripts by their hashes: the same headers Workers send from the `_headers` file the build writes.
 */
export function staticSite(root: string, options: StaticSiteOptions = { trustProxy: false }) {
  const base = resolve(root);
  const shell = appShell(base);
  return async (c: Context) => {
    const https = servedOverHttps(c, options);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return refusal("method-not-allowed", { https });
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad Request", 400, securityHeaders([], { https }));
    }
    const { html, hashes } = shell();
    const headers = securityHeaders(await hashes, { https });
    const file = normalize(join(base, pathname));
    const servable = file.startsWith(base + sep) && file !== join(base, PLATFORM_FILE);
    if (servable && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith(HASHED_ASSETS_PREFIX);
      return c.body(readFileSync(file), 200, {
        ...headers,
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Cache-Control": immutable ? CACHE_IMMUTABLE : CACHE_REVALIDATE,
      });
    }
    const fallback = webFallback(c.req.method, pathname);
    if (fallback !== "app-shell") return refusal(fallback, { https });
    return c.body(html, 200, {
      ...headers,
      "Content-Type": TYPES[".html"] as string,
      "Cache-Control": CACHE_REVALIDATE,
    });
  };
}

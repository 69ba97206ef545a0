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

interface HtmlPage {
  mtimeMs: number;
  size: number;
  html: Buffer<ArrayBuffer>;
  hashes: Promise<string[]>;
}

/**
 * The build's HTML pages (index.html, the app shell, and the prerendered pages such as
 * public/guild-members.html, decision 062) with the CSP hashes of their inline scripts, each read again only
 * when its file changes (a rebuild).
 */
function htmlPages() {
  const cache = new Map<string, HtmlPage>();
  return (file: string): HtmlPage => {
    const { mtimeMs, size } = statSync(file);
    let cached = cache.get(file);
    if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
      const html = readFileSync(file);
      cached = { mtimeMs, size, html, hashes: inlineScriptHashes(html.toString("utf8")) };
      cache.set(file, cached);
    }
    return cached;
  };
}

/** The prerendered page of a client route (`/public/guild-members` is public/guild-members.html), if any. */
function prerenderedPage(base: string, pathname: string): string | null {
  if (pathname.endsWith("/")) return null;
  const file = normalize(join(base, `${pathname}.html`));
  return file.startsWith(base + sep) && existsSync(file) && statSync(file).isFile() ? file : null;
}

/**
 * Serves the built web app: files as they are, hashed assets cached for a year, a prerendered page's file
 * for its path (as Workers' assets do), and index.html for any other GET so client routes deep-link; a
 * missing file is a real 404 (app/web-fallback.ts). Every answer carries the security headers
 * (shared/security-headers), with a CSP that allows the page's inline scripts by their hashes: the same
 * headers Workers send from the `_headers` file the build writes.
 */
export function staticSite(root: string, options: StaticSiteOptions = { trustProxy: false }) {
  const base = resolve(root);
  const page = htmlPages();
  const shellFile = join(base, "index.html");
  return async (c: Context) => {
    const https = servedOverHttps(c, options);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return refusal("method-not-allowed", { https });
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad Request", 400, securityHeaders([], { https }));
    }
    const headers = securityHeaders(await page(shellFile).hashes, { https });
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
    const { html, hashes } = page(prerenderedPage(base, pathname) ?? shellFile);
    return c.body(html, 200, {
      ...securityHeaders(await hashes, { https }),
      "Content-Type": TYPES[".html"] as string,
      "Cache-Control": CACHE_REVALIDATE,
    });
  };
}

import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Context } from "hono";

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

/**
 * Serves the built web app: files as they are, hashed assets cached for a year, and index.html for any
 * other GET so client routes deep-link. A missing asset (a file-like path) is a real 404, never index.html,
 * so a stale chunk fails loudly instead of parsing HTML as JavaScript.
 */
export function staticSite(root: string) {
  const base = resolve(root);
  const indexHtml = () => readFileSync(join(base, "index.html"));
  return (c: Context) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("Method Not Allowed", 405);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text("Bad Request", 400);
    }
    const file = normalize(join(base, pathname));
    if (file.startsWith(base + sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith("/assets/");
      return c.body(readFileSync(file), 200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    }
    if (extname(pathname) !== "") return c.text("Not Found", 404);
    return c.body(indexHtml(), 200, {
      "Content-Type": TYPES[".html"] as string,
      "Cache-Control": "no-cache",
    });
  };
}

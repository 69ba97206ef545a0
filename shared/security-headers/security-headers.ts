/**
 * The headers of the built web app, one policy for both runtimes (decision 027). `npm start` sets them on
 * every answer outside /_api (worker/node/static-site.ts); on Workers the platform serves the files, so the
 * web build writes the same headers into dist/web/_headers (web/workers-headers-plugin.ts), which Cloudflare
 * applies to every asset it serves.
 */

/** Where the build puts its content-hashed files: a name there never changes its content. */
export const HASHED_ASSETS_PREFIX = "/assets/";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
/** Every other file and the app shell: kept by the browser, but revalidated before each use. */
export const CACHE_REVALIDATE = "no-cache";
/** Sent only over https; browsers ignore it on plain http (RFC 6797 §8.1). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * No script but the build's own files and the inline scripts of index.html, named by their hashes (the
 * prerendered page's loader and the router's scroll restoration, decision 015). 'wasm-unsafe-eval' lets the
 * text recognition's worker compile its WebAssembly engine (decision 081); it allows no eval() of JavaScript.
 * Images may be `blob:` URLs the page made itself: the screenshots an officer picks, shown before they are read
 * (decision 083).
 * Styles allow 'unsafe-inline': Radix's scroll lock (every dialog) and sonner (toasts) insert <style>
 * elements at run time, the scroll lock's with the scroll bar's measured width, so no build-time hash can
 * name them, and a static `_headers` file cannot carry a per-answer nonce.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** Powerful features the portal never uses, refused to the page and to anything it might embed. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** The security headers of an answer of the web app; HSTS only when it travels over https. */
export function securityHeaders(
  scriptHashes: readonly string[],
  { https }: { https: boolean },
): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(scriptHashes),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** The text of each inline <script> (one without `src`), as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes ?? "")) scripts.push(body ?? "");
  }
  return scripts;
}

/** CSP sources (`'sha256-…'`) for the inline scripts of a page, in the order they appear. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const script of inlineScripts(html)) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    hashes.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  }
  return [...new Set(hashes)];
}

/**
 * Cloudflare's `_headers` file for the built app (Workers static assets): the security headers and
 * revalidation on every file, a year's immutable caching under /assets/. Rules that match one path add up
 * and a repeated header is joined with a comma, so /assets/* first detaches the Cache-Control of /*.
 * Workers serve only https, so HSTS is always in it.
 */
export function headersFile(scriptHashes: readonly string[]): string {
  const all = { ...securityHeaders(scriptHashes, { https: true }), "Cache-Control": CACHE_REVALIDATE };
  return [
    "# Written by the web build from shared/security-headers (decision 027); `npm start` sends the same.",
    "/*",
    ...Object.entries(all).map(([name, value]) => `  ${name}: ${value}`),
    `${HASHED_ASSETS_PREFIX}*`,
    "  ! Cache-Control",
    `  Cache-Control: ${CACHE_IMMUTABLE}`,
    "",
  ].join("\n");
}

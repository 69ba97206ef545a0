/**
 * What the portal answers outside /_api when no file of the web build matches, the same on Node
 * (node/static-site.ts) and on Workers (cloudflare/web-answer.ts, behind the platform's asset serving),
 * decision 027:
 * - a client route (a path without a file extension) gets the app shell, index.html, so deep links work;
 * - a path that names a file is a real 404, never the shell: a chunk an older build had then fails as a
 *   chunk, and the open tab's recovery reloads it (web/src/features/pwa/reload-once.ts), instead of
 *   parsing HTML as JavaScript;
 * - anything but GET and HEAD is 405.
 */
import { securityHeaders } from "@shared/security-headers/security-headers.ts";

export function isApiPath(pathname: string): boolean {
  return pathname === "/_api" || pathname.startsWith("/_api/");
}

export type WebFallback = "app-shell" | "not-found" | "method-not-allowed";

/** Whether the last segment has an extension (`name.ext`; a leading dot alone, `.well-known`, is none). */
function namesAFile(pathname: string): boolean {
  return /^.+\.[^.]*$/.test(pathname.slice(pathname.lastIndexOf("/") + 1));
}

export function webFallback(method: string, pathname: string): WebFallback {
  if (method !== "GET" && method !== "HEAD") return "method-not-allowed";
  return namesAFile(pathname) ? "not-found" : "app-shell";
}

/**
 * The plain answer for a refused path, with the security headers of every answer outside /_api. It carries
 * no page, so its policy allows no inline script.
 */
export function refusal(kind: Exclude<WebFallback, "app-shell">, { https }: { https: boolean }): Response {
  const [status, text] = kind === "not-found" ? [404, "Not Found"] : [405, "Method Not Allowed"];
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=UTF-8", ...securityHeaders([], { https }) },
  });
}

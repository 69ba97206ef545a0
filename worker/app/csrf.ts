import type { MiddlewareHandler } from "hono";
import { ApiError } from "./api-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * Session cookies ride along on cross-site requests, so a mutating call must prove it came from our own
 * pages: no cross-site Origin / Sec-Fetch-Site (403), and a JSON content type, which a plain HTML form
 * cannot send (415).
 */
export const csrfGuard: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const site = c.req.header("sec-fetch-site");
  if (site && !ALLOWED_FETCH_SITES.has(site)) throw new ApiError(403, "Cross-site request refused");
  const origin = c.req.header("origin");
  if (origin && origin !== "null") {
    const host = c.req.header("x-forwarded-host") ?? c.req.header("host") ?? new URL(c.req.url).host;
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost !== host) throw new ApiError(403, "Cross-site request refused");
  } else if (origin === "null") {
    throw new ApiError(403, "Cross-site request refused");
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError(415, "Content-Type must be application/json");
  return next();
};

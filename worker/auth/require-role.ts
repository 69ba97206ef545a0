import type { MiddlewareHandler } from "hono";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";

/**
 * The role a route needs (docs/product.md#who-may-do-what):
 * - "user": any signed-in account (user or admin), e.g. starting a boss timer;
 * - "admin": admins only.
 * Routes without this middleware are public.
 */
export function requireRole(role: "user" | "admin"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) throw new ApiError(401, "Authentication required");
    if (role === "admin" && user.role !== "admin") {
      throw new ApiError(403, `Access denied. Your role (${user.role}) lacks required permissions.`);
    }
    await next();
  };
}

import type { Context, MiddlewareHandler } from "hono";
import { ACCESS_REMOVED } from "@shared/auth/access-removed.ts";
import { type AccountRole, mayCall } from "@shared/contract/roles.ts";
import type { SessionUser } from "@shared/schemas/login.ts";
import { ApiError } from "../app/api-error.ts";
import type { AppEnv } from "../app/context.ts";

/**
 * The least role a route needs (docs/product.md#who-may-do-what, decision 067): "user" any signed-in account,
 * e.g. starting a boss timer; "officer" officers and admins; "admin" admins only. Routes without this middleware
 * are public. A session whose account's access was removed answers 403 with ACCESS_REMOVED.
 */
export function requireRole(role: AccountRole): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    // A device whose account lost its access is told so for good, not asked to log in (decision 073).
    if (!user && c.get("removedAccessOf") !== null) throw new ApiError(403, ACCESS_REMOVED);
    if (!user) throw new ApiError(401, "Authentication required");
    if (!mayCall(user.role, role)) {
      throw new ApiError(403, `Access denied. Your role (${user.role}) lacks required permissions.`);
    }
    await next();
  };
}

/**
 * The account signed in on a route behind requireRole: there it is always present, and should a route be mounted
 * without the middleware by mistake, the call is refused as requireRole would refuse it rather than run as nobody.
 */
export function signedInUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new ApiError(401, "Authentication required");
  return user;
}

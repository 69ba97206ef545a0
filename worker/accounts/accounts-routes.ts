import { Hono } from "hono";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { requireRole } from "../auth/require-role.ts";
import { listUsers } from "../auth/users-repo.ts";

/** Accounts (DECISIONS.md: admins manage accounts). Admin only. */
export const accountsRoutes = new Hono<AppEnv>().get("/", requireRole("admin"), async (c) => {
  const users = await listUsers(c.get("db"));
  return sendData(c, {
    accounts: users.map(({ id, email, displayName, role, avatarUrl, disabled, createdAt }) => ({
      id,
      email,
      displayName,
      role,
      avatarUrl,
      disabled,
      createdAt,
    })),
  });
});

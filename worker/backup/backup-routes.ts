/**
 * Backups (docs/decisions/052), admin only:
 * - GET /_api/admin/backup[?includePasswords=1]: the backup file, as a download;
 * - GET /_api/admin/backup/status: the guild's name and whether a restore would replace data;
 * - POST /_api/admin/restore[?replace=1&confirmGuildName=...]: the body is a backup file, restored in one transaction.
 */
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import {
  type BackupStatus,
  backupFileName,
  backupQuerySchema,
  restoreQuerySchema,
} from "@shared/schemas/backup.ts";
import { ApiError } from "../app/api-error.ts";
import { limitBody, RESTORE_BODY_LIMIT } from "../app/body-limit.ts";
import type { AppEnv } from "../app/context.ts";
import { sendData } from "../app/respond.ts";
import { requireRole } from "../auth/require-role.ts";
import { readSessionCookie } from "../auth/session-cookie.ts";
import { hashSessionToken } from "../auth/session-token.ts";
import { hasGuildData, RestoreRefused, restoreBackup } from "./restore.ts";
import { backupText } from "./write-backup.ts";

const yes = (flag: string | undefined) => flag === "1" || flag === "true";

const badQuery = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  if (!result.success) throw new ApiError(400, result.error?.issues[0]?.message ?? "Invalid request");
};

export const backupRoutes = new Hono<AppEnv>()
  // What the backup screen needs before a restore: whether one would replace guild data.
  .get("/status", requireRole("admin"), async (c) => {
    const status: BackupStatus = {
      guild: c.get("config").brand,
      hasGuildData: await hasGuildData(c.get("db")),
      keepsAutomaticBackup: c.get("config").keepAutomaticBackup !== undefined,
    };
    return sendData(c, status);
  })
  .get("/", requireRole("admin"), zValidator("query", backupQuerySchema, badQuery), async (c) => {
    const now = new Date(c.get("clock")());
    const text = await backupText(c.get("db"), {
      brand: c.get("config").brand,
      includePasswords: yes(c.req.valid("query").includePasswords),
      now,
    });
    return c.body(text, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${backupFileName(now)}"`,
    });
  });

export const restoreRoutes = new Hono<AppEnv>().post(
  "/",
  requireRole("admin"),
  zValidator("query", restoreQuerySchema, badQuery),
  // The one call that takes a whole database (body-limit.ts): checked before the body is read.
  limitBody(RESTORE_BODY_LIMIT),
  async (c) => {
    const user = c.get("user");
    const token = readSessionCookie(c);
    if (!user || !token) throw new ApiError(401, "Authentication required");
    const query = c.req.valid("query");
    const config = c.get("config");
    try {
      const result = await restoreBackup(c.get("db"), await c.req.text(), {
        brand: config.brand,
        replace: yes(query.replace),
        confirmGuildName: query.confirmGuildName,
        actor: { id: user.id, email: user.email, sessionTokenHash: await hashSessionToken(token) },
        keepAutomaticBackup: config.keepAutomaticBackup,
        now: new Date(c.get("clock")()),
      });
      // After the commit: every open app is told to pull (the live feed), and pulls everything (restore.ts).
      c.get("live")?.changed(c);
      return sendData(c, result);
    } catch (err) {
      // A damaged file's answer lists every problem beside the message (docs/decisions/054).
      if (err instanceof RestoreRefused)
        throw new ApiError(err.status, err.message, err.refusal && { ...err.refusal });
      throw err;
    }
  },
);

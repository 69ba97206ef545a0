/**
 * Backups (docs/decisions/052), admin only:
 * - GET /_api/admin/backup[?includePasswords=1]: the backup file, as a download;
 * - GET /_api/admin/backup/status: the guild's name, whether a restore would replace data, the database schema;
 * - POST /_api/admin/restore[?replace=1&confirmGuildName=...]: the body is a backup file, restored in one transaction.
 */
import { BACKUP_CALLS } from "@shared/contract/backup.ts";
import { type BackupStatus, backupFileName } from "@shared/schemas/backup.ts";
import { ApiError } from "../app/api-error.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { readSessionCookie } from "../auth/session-cookie.ts";
import { hashSessionToken } from "../auth/session-token.ts";
import { guildNameInForce } from "../settings/guild-name.ts";
import { schemaNumber } from "./backup-tables.ts";
import { hasGuildData, RestoreRefused, restoreBackup } from "./restore.ts";
import { backupText } from "./write-backup.ts";

const yes = (flag: string | undefined) => flag === "1" || flag === "true";

export const backupRoutes = serveCalls(BACKUP_CALLS, {
  // What the backup screen needs before a restore: whether one would replace guild data.
  status: async (c) => {
    const status: BackupStatus = {
      guild: await guildNameInForce(c.get("db"), c.get("config").brand),
      hasGuildData: await hasGuildData(c.get("db")),
      keepsAutomaticBackup: c.get("config").keepAutomaticBackup !== undefined,
      schema: await schemaNumber(c.get("db")),
    };
    return sendData(c, status);
  },
  backup: async (c) => {
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
  },
  // The one call that takes a whole database: its limit (the declaration's) is checked before the body is read.
  restore: async (c) => {
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
});

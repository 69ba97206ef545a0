/** Backups and restores (decision 052). Admins only. */
import {
  BACKUP_TOO_LARGE,
  type BackupStatus,
  backupQuerySchema,
  MAX_BACKUP_BYTES,
  type RestoreResult,
  restoreQuerySchema,
} from "../schemas/backup.ts";
import { answer, type BodyLimit, call, fileAnswer } from "./call.ts";

/** A restore: a whole backup file, 10,000 sold items and a long audit log included. */
export const RESTORE_BODY_LIMIT: BodyLimit = { maxBytes: MAX_BACKUP_BYTES, message: BACKUP_TOO_LARGE };

export const BACKUP_CALLS = {
  status: call({
    method: "GET",
    path: "/admin/backup/status",
    role: "admin",
    summary: "The guild's name and whether a restore would replace data.",
    answer: answer<BackupStatus>(),
  }),
  backup: call({
    method: "GET",
    path: "/admin/backup",
    role: "admin",
    summary: "The backup file, as a download; `includePasswords=1` adds the password hashes.",
    query: backupQuerySchema,
    answer: fileAnswer("application/json"),
  }),
  restore: call({
    method: "POST",
    path: "/admin/restore",
    role: "admin",
    summary:
      "Restores a backup file (the body, as it is) in one transaction; replacing data needs `replace=1` and the guild's name.",
    query: restoreQuerySchema,
    bodyEncoding: "text",
    bodyLimit: RESTORE_BODY_LIMIT,
    answer: answer<RestoreResult>(),
  }),
};

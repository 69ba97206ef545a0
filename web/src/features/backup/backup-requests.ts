/**
 * The backup screen's calls (decision 052). The download is a file, not superjson; the restore sends the file's
 * text as it is, with the replace confirmation in the query.
 */
import { BACKUP_CALLS } from "@shared/contract/backup.ts";
import type { RestoreResult } from "@shared/schemas/backup.ts";
import { api } from "@web/lib/api-client.ts";
import { saveFile } from "@web/lib/save-file.ts";

/** Downloads a backup and saves it on this device under the server's file name (or `name`). */
export async function downloadBackup(includePasswords: boolean, name?: string): Promise<string> {
  const { blob, fileName } = await api.file(BACKUP_CALLS.backup, {
    query: includePasswords ? { includePasswords: "1" } : {},
  });
  const saved = name ?? fileName ?? "guild-portal-backup.json";
  saveFile(saved, blob);
  return saved;
}

export function restoreBackupFile(
  text: string,
  confirm: { replace: boolean; guildName: string },
): Promise<RestoreResult> {
  return api.call(BACKUP_CALLS.restore, {
    query: confirm.replace ? { replace: "1", confirmGuildName: confirm.guildName } : {},
    body: text,
  });
}

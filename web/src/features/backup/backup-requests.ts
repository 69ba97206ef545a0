/**
 * The backup screen's calls (decision 052). The download is a file, not superjson; the restore sends the file's
 * text as it is, with the replace confirmation in the query.
 */
import superjson from "superjson";
import type { RestoreResult } from "@shared/schemas/backup.ts";
import { ApiError, errorFromResponse, GENERIC_REQUEST_ERROR } from "@web/lib/api-client.ts";

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/_api${path}`, { credentials: "include", ...init });
  } catch (error) {
    throw new ApiError(
      0,
      error instanceof Error && error.message ? error.message : GENERIC_REQUEST_ERROR,
      "network",
    );
  }
  if (!response.ok) throw errorFromResponse(response.status, await response.text());
  return response;
}

/** Downloads a backup and saves it on this device under the server's file name (or `name`). */
export async function downloadBackup(includePasswords: boolean, name?: string): Promise<string> {
  const response = await send(`/admin/backup${includePasswords ? "?includePasswords=1" : ""}`, {
    method: "GET",
  });
  const fileName =
    name ??
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    "guild-portal-backup.json";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export async function restoreBackupFile(
  text: string,
  confirm: { replace: boolean; guildName: string },
): Promise<RestoreResult> {
  const query = confirm.replace
    ? `?${new URLSearchParams({ replace: "1", confirmGuildName: confirm.guildName })}`
    : "";
  const response = await send(`/admin/restore${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: text,
  });
  return superjson.parse<RestoreResult>(await response.text());
}

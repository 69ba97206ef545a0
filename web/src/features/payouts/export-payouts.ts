/**
 * "Export CSV" (decision 049): the server's file (GET /_api/payouts/export.csv) when it can be reached; offline,
 * or when the request does not get through, the same file built from the payouts on this device (payouts
 * still queued here included), so the admin never leaves without a file.
 */
import type { Payout } from "@shared/schemas/payouts.ts";
import { errorFromResponse } from "@web/lib/api-client.ts";
import { localDay } from "@web/lib/attendance-form.ts";

export const EXPORT_PATH = "/_api/payouts/export.csv";

function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Answers where the file came from: 'server', or 'device' when it was built here. */
export async function exportPayouts(localPayouts: readonly Payout[]): Promise<"server" | "device"> {
  if (navigator.onLine !== false) {
    let response: Response | undefined;
    try {
      response = await fetch(EXPORT_PATH, { credentials: "same-origin" });
    } catch {
      response = undefined;
    }
    if (response) {
      if (!response.ok) throw errorFromResponse(response.status, await response.text());
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
      download(await response.blob(), name ?? `payouts-${localDay(new Date())}.csv`);
      return "server";
    }
  }
  const { buildPayoutsCsv, payoutsFileName } = await import("./payouts-csv.ts");
  download(
    new Blob([buildPayoutsCsv(localPayouts)], { type: "text/csv;charset=utf-8" }),
    payoutsFileName(localDay(new Date())),
  );
  return "device";
}

/**
 * "Export CSV" (decision 049): the server's file (GET /_api/payouts/export.csv) when it can be reached; offline,
 * or when the request does not get through, the same file built from the payouts on this device (payouts
 * still queued here included), so the admin never leaves without a file.
 */
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import { ApiError, api } from "@web/lib/api-client.ts";
import { localDay } from "@web/lib/attendance-form.ts";
import { saveFile } from "@web/lib/save-file.ts";

/** Answers where the file came from: 'server', or 'device' when it was built here. */
export async function exportPayouts(localPayouts: readonly Payout[]): Promise<"server" | "device"> {
  if (navigator.onLine !== false) {
    try {
      const { blob, fileName } = await api.file(PAYOUT_CALLS.exportCsv);
      saveFile(fileName ?? `payouts-${localDay(new Date())}.csv`, blob);
      return "server";
    } catch (error) {
      // The server's refusal is shown; a request that did not get through builds the file here.
      if (!(error instanceof ApiError) || error.status !== 0) throw error;
    }
  }
  const { buildPayoutsCsv, payoutsFileName } = await import("./payouts-csv.ts");
  saveFile(
    payoutsFileName(localDay(new Date())),
    new Blob([buildPayoutsCsv(localPayouts)], { type: "text/csv;charset=utf-8" }),
  );
  return "device";
}

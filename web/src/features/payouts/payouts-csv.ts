/**
 * The payout history as a CSV file, built from the local store when the server's export cannot be reached
 * (offline): the same columns, order and escaping as GET /_api/payouts/export.csv, so the two files read
 * alike. Payouts still queued on this device are in it (they are part of the history the admin sees).
 */
import Papa from "papaparse";
import { moneyText, readMoney } from "@shared/money/money.ts";
import { PAYOUT_CSV_COLUMNS, type Payout } from "@shared/schemas/payouts.ts";

/** Newest first: by day paid, then the later recorded (a payout queued here, id < 0, is the newest). */
export function newestFirst<P extends Pick<Payout, "paidOn" | "id" | "createdAt">>(
  payouts: readonly P[],
): P[] {
  const rank = (p: P) => (p.id < 0 ? Number.MAX_SAFE_INTEGER - p.id : p.id);
  return [...payouts].sort((a, b) =>
    a.paidOn === b.paidOn ? rank(b) - rank(a) : a.paidOn < b.paidOn ? 1 : -1,
  );
}

export function buildPayoutsCsv(payouts: readonly Payout[]): string {
  return Papa.unparse(
    {
      fields: [...PAYOUT_CSV_COLUMNS],
      data: newestFirst(payouts).map((p) => [
        p.paidOn,
        p.memberName,
        moneyText(readMoney(p.amount) ?? 0),
        p.method,
        p.reference,
        p.recordedByName ?? "",
      ]),
    },
    // A name or reference such as '=HYPERLINK(...)' must stay text when the file is opened in a spreadsheet.
    { escapeFormulae: true, newline: "\r\n" },
  );
}

/** 'payouts-2026-11-25.csv', as the server names its file. */
export const payoutsFileName = (day: string) => `payouts-${day}.csv`;

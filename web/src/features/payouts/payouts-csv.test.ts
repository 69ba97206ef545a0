import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { PAYOUT_CSV_COLUMNS, type Payout } from "@shared/schemas/payouts.ts";
import { buildPayoutsCsv, newestFirst, payoutsFileName } from "./payouts-csv.ts";

const payout = (over: Partial<Payout>): Payout => ({
  id: 1,
  memberId: 1,
  memberName: "Ashvale",
  amount: "10.00",
  paidOn: "2026-11-01",
  method: "USDT TRC20",
  reference: "0xabc",
  recordedBy: 1,
  recordedByName: "Guild Admin",
  createdAt: new Date("2026-11-01T10:00:00Z"),
  ...over,
});

describe("payouts CSV", () => {
  it("has the server's columns, newest first, amounts exact to the cent", () => {
    const csv = buildPayoutsCsv([
      payout({ id: 1, paidOn: "2026-11-01", amount: "10.5" }),
      payout({ id: 2, paidOn: "2026-11-03", memberName: "Brightforge", amount: "0.3" }),
      payout({ id: -7, paidOn: "2026-11-03", memberName: "Larkspire", recordedByName: null }),
    ]);
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[0]).toEqual([...PAYOUT_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      ["2026-11-03", "Larkspire", "10.00", "USDT TRC20", "0xabc", ""],
      ["2026-11-03", "Brightforge", "0.30", "USDT TRC20", "0xabc", "Guild Admin"],
      ["2026-11-01", "Ashvale", "10.50", "USDT TRC20", "0xabc", "Guild Admin"],
    ]);
    expect(csv).toContain("\r\n");
  });

  it("keeps a formula-looking reference as text for spreadsheets", () => {
    const csv = buildPayoutsCsv([payout({ reference: '=HYPERLINK("http://x")' })]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it("orders queued payouts (negative ids) after the synced ones of the same day", () => {
    const sorted = newestFirst([payout({ id: 5 }), payout({ id: -1 }), payout({ id: 9 })]);
    expect(sorted.map((p) => p.id)).toEqual([-1, 9, 5]);
  });

  it("is named as the server names its file", () => {
    expect(payoutsFileName("2026-11-25")).toBe("payouts-2026-11-25.csv");
  });
});

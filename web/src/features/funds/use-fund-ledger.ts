/**
 * One page of a fund's ledger from the server (GET /_api/funds/ledger, decision 050): online only, since income
 * lines are derived from the Sold items on the server. Asked again whenever `version` changes (the local
 * spending or funds moved: a spending recorded, synced or removed).
 */
import { FUND_CALLS } from "@shared/contract/funds.ts";
import type { FundLedger, FundName } from "@shared/schemas/fund-spending.ts";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

export type LedgerState =
  | { status: "offline" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; ledger: FundLedger };

export function useFundLedger(fund: FundName, page: number, online: boolean, version: string): LedgerState {
  const read = useServerRead(
    [fund, page, version],
    (signal) => api.call(FUND_CALLS.ledger, { query: { fund, page }, signal }),
    online,
  );
  if (!online) return { status: "offline" };
  if (read.status === "error") return { status: "error", message: read.error };
  // A refresh keeps the fund's page on screen until the new answer arrives.
  if (read.data !== null && (read.status === "ready" || read.data.fund === fund))
    return { status: "ready", ledger: read.data };
  return { status: "loading" };
}

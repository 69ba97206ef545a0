/**
 * One page of a fund's ledger from the server (GET /_api/funds/ledger, decision 050): online only, since income
 * lines are derived from the Sold items on the server. Asked again whenever `version` changes (the local
 * spending or funds moved: a spending recorded, synced or removed).
 */
import { useEffect, useState } from "react";
import type { FundLedger, FundName } from "@shared/schemas/fund-spending.ts";
import { api, errorMessage } from "@web/lib/api-client.ts";

export type LedgerState =
  | { status: "offline" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; ledger: FundLedger };

export function useFundLedger(fund: FundName, page: number, online: boolean, version: string): LedgerState {
  const [state, setState] = useState<LedgerState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` names a change the server's ledger follows.
  useEffect(() => {
    if (!online) {
      setState({ status: "offline" });
      return;
    }
    const controller = new AbortController();
    // A refresh keeps the page on screen until the new answer arrives.
    setState((s) => (s.status === "ready" && s.ledger.fund === fund ? s : { status: "loading" }));
    api
      .get<FundLedger>(`/funds/ledger?fund=${fund}&page=${page}`, controller.signal)
      .then((ledger) => setState({ status: "ready", ledger }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [fund, page, online, version]);
  return state;
}

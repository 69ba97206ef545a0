/** The local payouts as a table state, and every member's balance from the local salary and payouts. */
import { useMemo } from "react";
import { paidByMember } from "@shared/payouts/member-balance.ts";
import type { Payout } from "@shared/schemas/payouts.ts";
import type { TableState } from "@web/components/data-table.tsx";
import { usePayouts, useSyncStatus } from "@web/data/hooks.ts";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";

export function usePayoutsState(memberId?: number): { state: TableState<Payout>; all: Payout[] | undefined } {
  const payouts = usePayouts();
  const state = collectionState(payouts, useSyncStatus("payouts"), useOnline(), hasRows);
  const rows = useMemo(
    () =>
      state.status === "ready"
        ? state.data.filter((p) => memberId === undefined || p.memberId === memberId)
        : undefined,
    [state, memberId],
  );
  const table: TableState<Payout> = state.status === "ready" ? { status: "ready", rows: rows ?? [] } : state;
  return { state: table, all: payouts };
}

/** Every member's paid total (cents) from the local payouts; empty until they are read. */
export function usePaidByMember(): ReadonlyMap<number, number> {
  const payouts = usePayouts();
  return useMemo(() => paidByMember(payouts ?? []), [payouts]);
}

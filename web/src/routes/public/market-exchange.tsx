import { useDeferredValue, useMemo, useState } from "react";
import { bossOptions, summarizeMarket } from "@shared/market/market-summary.ts";
import { sortPublicMarket } from "@shared/sorting/market-sort.ts";
import { MarketSummaryCards } from "@web/components/market-summary-cards.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { useBossNames, useGuildMembers, useMarketItems, useSyncStatus } from "@web/data/hooks.ts";
import { MarketFiltersBar } from "@web/features/market/market-filters.tsx";
import { MarketTable, type MarketTableState } from "@web/features/market/market-table.tsx";
import {
  isFiltered,
  type MarketFilters,
  marketMatches,
  NO_FILTERS,
  participantReader,
} from "@web/features/market/market-view.ts";
import { SalaryExplainer } from "@web/features/market/salary-explainer.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { LastSynced } from "@web/features/sync-status/last-synced.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const COLLECTIONS = ["marketItems", "guildMembers", "bossNames"] as const;
const NONE: never[] = [];

/** The public market exchange: how salaries work, summary figures, filters and the loot table. */
export function PublicMarketExchangePage() {
  useDocumentTitle((brand) => `Market Exchange - ${brand}`);
  const [filters, setFilters] = useState<MarketFilters>(NO_FILTERS);
  const items = collectionState(useMarketItems(), useSyncStatus("marketItems"), useOnline(), hasRows);
  const roster = useGuildMembers() ?? NONE;
  const bossNames = useBossNames() ?? NONE;

  // Sorted once per change of the items; a filter change only scans that list (decision 035). The filter bar
  // answers a change at once; the table follows in a render that yields to the next key press.
  const all = items.status === "ready" ? items.data : NONE;
  const sorted = useMemo(() => sortPublicMarket(all), [all]);
  const tableFilters = useDeferredValue(filters);
  const shown = useMemo(() => sorted.filter(marketMatches(tableFilters)), [sorted, tableFilters]);
  const shownState = useMemo<MarketTableState>(() => ({ status: "ready", rows: shown }), [shown]);
  const summary = useMemo(() => summarizeMarket(shown), [shown]);
  const bosses = useMemo(() => bossOptions(bossNames, all), [bossNames, all]);
  const participants = useMemo(() => participantReader(roster), [roster]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Market Exchange"
        subtitle="Browse the spoils of war and items available for distribution."
        actions={<LastSynced collections={COLLECTIONS} />}
      />
      <SalaryExplainer />
      <MarketSummaryCards summary={items.status === "ready" ? summary : null} />
      <MarketFiltersBar filters={filters} bosses={bosses} onChange={setFilters} />
      <MarketTable
        state={items.status === "ready" ? shownState : items}
        filtered={isFiltered(tableFilters)}
        participants={participants}
      />
    </div>
  );
}

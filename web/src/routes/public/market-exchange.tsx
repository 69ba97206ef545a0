import { useState } from "react";
import { bossOptions, summarizeMarket } from "@shared/market/market-summary.ts";
import { MarketSummaryCards } from "@web/components/market-summary-cards.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { useBossNames, useGuildMembers, useMarketItems, useSyncStatus } from "@web/data/hooks.ts";
import { MarketFiltersBar } from "@web/features/market/market-filters.tsx";
import { MarketTable, type MarketTableState } from "@web/features/market/market-table.tsx";
import {
  filterMarket,
  type MarketFilters,
  NO_FILTERS,
  participantsOf,
} from "@web/features/market/market-view.ts";
import { SalaryExplainer } from "@web/features/market/salary-explainer.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { LastSynced } from "@web/features/sync-status/last-synced.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

const COLLECTIONS = ["marketItems", "guildMembers", "bossNames"] as const;

/** The public market exchange: how salaries work, summary figures, filters and the loot table. */
export function PublicMarketExchangePage() {
  useDocumentTitle((brand) => `Market Exchange - ${brand}`);
  const [filters, setFilters] = useState<MarketFilters>(NO_FILTERS);
  const items = collectionState(useMarketItems(), useSyncStatus("marketItems"), useOnline(), hasRows);
  const roster = useGuildMembers() ?? [];
  const bossNames = useBossNames() ?? [];

  const all = items.status === "ready" ? items.data : [];
  const shown = filterMarket(all, filters);
  const table: MarketTableState =
    items.status === "ready"
      ? {
          status: "ready",
          filtered: filters.status !== NO_FILTERS.status || filters.boss !== NO_FILTERS.boss,
          rows: shown.map((item) => ({
            ...item,
            participants: participantsOf(item.participatedMembers, roster),
          })),
        }
      : items;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Market Exchange"
        subtitle="Browse the spoils of war and items available for distribution."
        actions={<LastSynced collections={COLLECTIONS} />}
      />
      <SalaryExplainer />
      <MarketSummaryCards summary={items.status === "ready" ? summarizeMarket(shown) : null} />
      <MarketFiltersBar filters={filters} bosses={bossOptions(bossNames, all)} onChange={setFilters} />
      <MarketTable state={table} />
    </div>
  );
}

import { StatusAndBossSelects } from "@web/components/filter-select.tsx";
import { ALL_BOSSES, type MarketFilters, STATUS_FILTERS } from "./market-view.ts";

/** Status and Boss filters of the public market page. */
export function MarketFiltersBar(props: {
  filters: MarketFilters;
  bosses: readonly string[];
  onChange: (filters: MarketFilters) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-lg">
      <StatusAndBossSelects {...props} statusOptions={STATUS_FILTERS} allBosses={ALL_BOSSES} />
    </div>
  );
}

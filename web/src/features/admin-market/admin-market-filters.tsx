/** Status, Boss, Date From and Date To filters of the admin market page, and Clear Filters. */
import { FilterX } from "lucide-react";
import { Button } from "@web/components/button.tsx";
import { FilterDate, StatusAndBossSelects } from "@web/components/filter-select.tsx";
import {
  ADMIN_STATUS_FILTERS,
  type AdminMarketFilters,
  isFiltered,
  NO_ADMIN_FILTERS,
} from "./admin-market-view.ts";

export function AdminMarketFiltersBar(props: {
  filters: AdminMarketFilters;
  bosses: readonly string[];
  onChange: (filters: AdminMarketFilters) => void;
}) {
  const { filters, onChange } = props;
  return (
    <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <StatusAndBossSelects {...props} statusOptions={ADMIN_STATUS_FILTERS} allBosses="" />
      <FilterDate
        label="Date From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(from) => onChange({ ...filters, from })}
      />
      <FilterDate
        label="Date To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(to) => onChange({ ...filters, to })}
      />
      <Button
        variant="ghost"
        className="col-span-2 lg:col-span-1"
        disabled={!isFiltered(filters)}
        onClick={() => onChange(NO_ADMIN_FILTERS)}
      >
        <FilterX className="size-4" aria-hidden="true" />
        Clear Filters
      </Button>
    </div>
  );
}

import { type FilterOption, FilterSelect } from "@web/components/filter-select.tsx";
import { ALL_BOSSES, type MarketFilters, STATUS_FILTERS, type StatusFilter } from "./market-view.ts";

/** Status and Boss filters of the public market page. */
export function MarketFiltersBar({
  filters,
  bosses,
  onChange,
}: {
  filters: MarketFilters;
  bosses: readonly string[];
  onChange: (filters: MarketFilters) => void;
}) {
  const bossOptions: FilterOption[] = [
    { value: ALL_BOSSES, label: "All Bosses" },
    ...bosses.map((name) => ({ value: name, label: name })),
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-lg">
      <FilterSelect
        label="Status"
        value={filters.status}
        options={STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
      />
      <FilterSelect
        label="Boss"
        value={filters.boss}
        options={bossOptions}
        onChange={(boss) => onChange({ ...filters, boss })}
      />
    </div>
  );
}

/** Status, Boss, Date From and Date To filters of the admin market page, and Clear Filters. */
import { FilterX } from "lucide-react";
import { useId } from "react";
import { Button } from "@web/components/button.tsx";
import { FilterSelect, inputClass, filterLabelClass as labelClass } from "@web/components/filter-select.tsx";
import {
  ADMIN_STATUS_FILTERS,
  type AdminMarketFilters,
  type AdminStatusFilter,
  isFiltered,
  NO_ADMIN_FILTERS,
} from "./admin-market-view.ts";

export function AdminMarketFiltersBar({
  filters,
  bosses,
  onChange,
}: {
  filters: AdminMarketFilters;
  bosses: readonly string[];
  onChange: (filters: AdminMarketFilters) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <FilterSelect
        label="Status"
        value={filters.status}
        options={ADMIN_STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status: status as AdminStatusFilter })}
      />
      <FilterSelect
        label="Boss"
        value={filters.boss}
        options={[
          { value: "", label: "All Bosses" },
          ...bosses.map((name) => ({ value: name, label: name })),
        ]}
        onChange={(boss) => onChange({ ...filters, boss })}
      />
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-from`} className={labelClass}>
          Date From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={inputClass}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ ...filters, from: e.target.value })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-to`} className={labelClass}>
          Date To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={inputClass}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ ...filters, to: e.target.value })}
        />
      </div>
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

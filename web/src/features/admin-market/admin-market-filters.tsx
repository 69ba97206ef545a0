/** Status, Boss, Date From and Date To filters of the admin market page, and Clear Filters. */
import { FilterX } from "lucide-react";
import { useId } from "react";
import { Button } from "../../components/button.tsx";
import { inputClass } from "../../components/modal-dialog.tsx";
import {
  ADMIN_STATUS_FILTERS,
  type AdminMarketFilters,
  type AdminStatusFilter,
  isFiltered,
  NO_ADMIN_FILTERS,
} from "./admin-market-view.ts";

const labelClass = "text-xs font-semibold uppercase tracking-wide text-ink-muted";

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
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className={labelClass}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className={inputClass}
          value={filters.status}
          onChange={(e) => onChange({ ...filters, status: e.target.value as AdminStatusFilter })}
        >
          {ADMIN_STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-boss`} className={labelClass}>
          Boss
        </label>
        <select
          id={`${id}-boss`}
          className={inputClass}
          value={filters.boss}
          onChange={(e) => onChange({ ...filters, boss: e.target.value })}
        >
          <option value="">All Bosses</option>
          {bosses.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
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

/**
 * Labelled native <select> and date filters for lists (public and admin market pages). Native, not Radix Select:
 * phones show their own picker, keyboards and screen readers get the platform's control, and no popper
 * code ships with the page.
 */
import { type ReactNode, useId } from "react";

export const inputClass =
  "min-h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink placeholder:text-ink-muted/70 focus:border-gold/60 focus:outline-none aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60";

export const filterLabelClass = "text-xs font-semibold uppercase tracking-wide text-ink-muted";

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter's control with its label above; `children` renders the control with the id the label points at. */
function LabelledFilter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <select
          id={id}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledFilter>
  );
}

/** A native date input for a date range filter; `min` and `max` keep the range the right way round. */
export function FilterDate({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledFilter label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={inputClass}
          value={value}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledFilter>
  );
}

/** The Status and Boss selects both market pages filter by; `allBosses` is the value of "All Bosses". */
export function StatusAndBossSelects<F extends { status: string; boss: string }>({
  filters,
  statusOptions,
  bosses,
  allBosses,
  onChange,
}: {
  filters: F;
  statusOptions: readonly (FilterOption & { value: F["status"] })[];
  bosses: readonly string[];
  allBosses: string;
  onChange: (filters: F) => void;
}) {
  const bossOptions = [
    { value: allBosses, label: "All Bosses" },
    ...bosses.map((name) => ({ value: name, label: name })),
  ];
  return (
    <>
      <FilterSelect
        label="Status"
        value={filters.status}
        options={statusOptions}
        // The value is one of statusOptions'.
        onChange={(status) => onChange({ ...filters, status: status as F["status"] })}
      />
      <FilterSelect
        label="Boss"
        value={filters.boss}
        options={bossOptions}
        onChange={(boss) => onChange({ ...filters, boss })}
      />
    </>
  );
}

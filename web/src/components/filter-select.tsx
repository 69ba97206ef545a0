/**
 * A labelled native <select> for list filters (public and admin market pages). Native, not Radix Select:
 * phones show their own picker, keyboards and screen readers get the platform's control, and no popper
 * code ships with the page.
 */
import { useId } from "react";

export const inputClass =
  "min-h-11 w-full rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink placeholder:text-ink-muted/70 focus:border-gold/60 focus:outline-none aria-[invalid=true]:border-danger disabled:cursor-not-allowed disabled:opacity-60";

export const filterLabelClass = "text-xs font-semibold uppercase tracking-wide text-ink-muted";

export interface FilterOption {
  value: string;
  label: string;
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
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

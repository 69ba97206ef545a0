import { Check, ChevronDown } from "lucide-react";
import { Select } from "radix-ui";
import { useId } from "react";
import { ALL_BOSSES, type MarketFilters, STATUS_FILTERS, type StatusFilter } from "./market-view.ts";

interface Option {
  value: string;
  label: string;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold uppercase tracking-wide text-ink-muted">
        {label}
      </label>
      <Select.Root value={value} onValueChange={onChange}>
        <Select.Trigger
          id={id}
          className="inline-flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-lg border border-line bg-surface-raised px-3 text-sm text-ink transition-colors hover:border-gold/60 data-[state=open]:border-gold/60"
        >
          <span className="truncate">
            <Select.Value />
          </span>
          <Select.Icon>
            <ChevronDown className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={6}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),22rem)] w-[var(--radix-select-trigger-width)] min-w-44 overflow-hidden rounded-xl border border-line bg-surface shadow-2xl shadow-black/40"
          >
            <Select.Viewport className="p-1">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex min-h-11 cursor-pointer select-none items-center rounded-lg py-2 pr-3 pl-8 text-sm text-ink outline-none data-[highlighted]:bg-surface-raised data-[state=checked]:text-gold"
                >
                  <Select.ItemIndicator className="absolute left-2 inline-flex">
                    <Check className="size-4" aria-hidden="true" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{option.label}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}

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
  const bossOptions: Option[] = [
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

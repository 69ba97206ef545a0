/**
 * The audit log's filters: a search, the person who made the change, the kind of thing changed, and, once an
 * entry's "History of ..." was chosen, that one item, member or account as a chip to clear.
 */
import { Search, X } from "lucide-react";
import { useId } from "react";
import { FilterSelect, filterLabelClass, inputClass } from "@web/components/filter-select.tsx";
import { AUDIT_ENTITIES } from "@web/features/audit-log/audit-diff.ts";
import type { AuditPerson } from "@web/features/audit-log/audit-people.ts";
import type { AuditFilter } from "@web/features/audit-log/use-audit-log.ts";

const ALL = "all";

export function AuditFilters({
  filter,
  search,
  onSearch,
  onChange,
  people,
  entityName,
}: {
  filter: AuditFilter;
  /** The search box's text (the filter follows it after a pause). */
  search: string;
  onSearch: (text: string) => void;
  onChange: (filter: AuditFilter) => void;
  people: readonly AuditPerson[];
  /** The name of the one entity shown, when entityId is set. */
  entityName: string | null;
}) {
  const searchId = useId();
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={searchId} className={filterLabelClass}>
            Search
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              maxLength={100}
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder="Item, member, account or email"
              className={`${inputClass} pl-9`}
            />
          </div>
        </div>
        <FilterSelect
          label="Changed by"
          value={filter.actor === null ? ALL : String(filter.actor)}
          options={[
            { value: ALL, label: "Anyone" },
            ...people.map((person) => ({ value: String(person.id), label: person.displayName })),
          ]}
          onChange={(value) => onChange({ ...filter, actor: value === ALL ? null : Number(value) })}
        />
        <FilterSelect
          label="Show"
          value={filter.entity ?? ALL}
          options={[{ value: ALL, label: "All changes" }, ...AUDIT_ENTITIES]}
          onChange={(value) => onChange({ ...filter, entity: value === ALL ? null : value, entityId: null })}
        />
      </div>
      {filter.entity && filter.entityId ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-muted">Only</span>
          <button
            type="button"
            onClick={() => onChange({ ...filter, entityId: null })}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-gold/40 bg-gold/10 px-3 text-ink hover:bg-gold/20"
            aria-label={`Show all, not only ${entityName ?? `#${filter.entityId}`}`}
          >
            {entityName ?? `#${filter.entityId}`}
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ariaSort, nextSortState, type SortState } from "@shared/sorting/sort-cycle.ts";
import { Th } from "./data-table.tsx";

/** A column header that cycles the table's sort when pressed (default, descending, ascending). */
export function SortHeader<C extends string>({
  column,
  sort,
  onSort,
  children,
  className = "",
}: {
  column: C;
  sort: SortState<C>;
  onSort: (column: C) => void;
  children: ReactNode;
  className?: string;
}) {
  const state = ariaSort(sort, column);
  const Icon = state === "descending" ? ArrowDown : state === "ascending" ? ArrowUp : ArrowUpDown;
  return (
    <Th aria-sort={state} className={`p-0! ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex min-h-11 w-full items-center justify-end gap-1.5 px-3 text-xs font-semibold uppercase tracking-wide transition-colors hover:text-ink sm:px-4 ${
          state === "none" ? "" : "text-gold"
        }`}
      >
        <span className="text-right">{children}</span>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      </button>
    </Th>
  );
}

/** A table's sort, cycled by its headers: default, descending, ascending. */
export function useSortCycle<C extends string>() {
  const [sort, setSort] = useState<SortState<C>>(null);
  const onSort = (column: C) => setSort((current) => nextSortState(current, column));
  return { sort, onSort };
}

/**
 * The header-click cycle of the member tables: default -> descending -> ascending -> default. Only one column
 * sorts at a time; clicking another column starts that column at descending.
 */

export type SortDirection = "desc" | "asc";

export interface ColumnSort<C extends string> {
  column: C;
  direction: SortDirection;
}

/** null is the default order. */
export type SortState<C extends string> = ColumnSort<C> | null;

export function nextSortState<C extends string>(current: SortState<C>, clicked: C): SortState<C> {
  if (current === null || current.column !== clicked) return { column: clicked, direction: "desc" };
  return current.direction === "desc" ? { column: clicked, direction: "asc" } : null;
}

/** The aria-sort value of a column header under the current sort. */
export function ariaSort<C extends string>(
  current: SortState<C>,
  column: C,
): "ascending" | "descending" | "none" {
  if (current === null || current.column !== column) return "none";
  return current.direction === "desc" ? "descending" : "ascending";
}

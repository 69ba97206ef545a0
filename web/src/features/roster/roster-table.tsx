import { type RosterSortColumn, sortRoster } from "@shared/sorting/roster-sort.ts";
import { rowClass, StateTable, type TableState } from "@web/components/data-table.tsx";
import { RosterCells, RosterHeadCells } from "@web/components/roster-columns.tsx";
import { useSortCycle } from "@web/components/sort-header.tsx";
import type { PublicRosterRow } from "./roster-rows.ts";

export type RosterTableState = TableState<PublicRosterRow>;

/** The public roster table: default order category then name; three sortable count and money columns. */
export function RosterTable({ state }: { state: RosterTableState }) {
  const { sort, onSort } = useSortCycle<RosterSortColumn>();
  return (
    <StateTable
      state={state}
      label="Guild roster"
      className="min-w-[36rem]"
      columns={5}
      head={
        <RosterHeadCells
          sort={sort}
          onSort={onSort}
          sortCounts
          salary={{ column: "salary", label: "Salary" }}
        />
      }
      body={(rows) =>
        sortRoster(rows, sort).map((row) => (
          <tr key={row.id} className={rowClass}>
            <RosterCells row={row} salary={row.salary} />
          </tr>
        ))
      }
      error={(message) => ({ title: "Failed to load guild members", body: message })}
      empty={{ title: "No Guild Members Found", body: "The guild roster is currently empty." }}
      loadingLabel="Loading guild members"
    />
  );
}

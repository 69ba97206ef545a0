import { useState } from "react";
import { formatMoney } from "@shared/money/money.ts";
import { type RosterSortColumn, sortRoster } from "@shared/sorting/roster-sort.ts";
import { nextSortState, type SortState } from "@shared/sorting/sort-cycle.ts";
import { CategoryBadge } from "@web/components/badge.tsx";
import {
  rowClass,
  SkeletonRows,
  stickyCell,
  stickyEdge,
  stickyHeadCell,
  Table,
  TableCard,
  TableMessageCard,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import type { PublicRosterRow } from "./roster-rows.ts";
import { SortHeader } from "./sort-header.tsx";

type PublicSortColumn = Exclude<RosterSortColumn, "finalSalary">;

export type RosterTableState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly PublicRosterRow[] };

const COLUMNS = 5;

function Head({
  sort,
  onSort,
}: {
  sort: SortState<PublicSortColumn>;
  onSort: (c: PublicSortColumn) => void;
}) {
  return (
    <thead>
      <tr>
        <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Player Name</Th>
        <Th>Category</Th>
        <SortHeader column="attendance" sort={sort} onSort={onSort}>
          Attendance
        </SortHeader>
        <SortHeader column="lootParticipation" sort={sort} onSort={onSort}>
          Loot Participation
        </SortHeader>
        <SortHeader column="salary" sort={sort} onSort={onSort}>
          Salary
        </SortHeader>
      </tr>
    </thead>
  );
}

/** The public roster table: default order category then name; three sortable count and money columns. */
export function RosterTable({ state }: { state: RosterTableState }) {
  const [sort, setSort] = useState<SortState<PublicSortColumn>>(null);
  const onSort = (column: PublicSortColumn) => setSort((current) => nextSortState(current, column));

  if (state.status === "error") {
    return (
      <TableMessageCard label="Guild roster" title="Failed to load guild members" alert>
        {state.message}
      </TableMessageCard>
    );
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return (
      <TableMessageCard label="Guild roster" title="No Guild Members Found">
        The guild roster is currently empty.
      </TableMessageCard>
    );
  }
  return (
    <TableCard label="Guild roster">
      <Table className="min-w-[36rem]">
        <Head sort={sort} onSort={onSort} />
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={COLUMNS} />
        ) : (
          <tbody>
            {sortRoster(state.rows, sort).map((row) => (
              <tr key={row.id} className={rowClass}>
                <Td className={`left-0 font-medium ${stickyCell} ${stickyEdge}`}>{row.playerName}</Td>
                <Td>
                  <CategoryBadge category={row.category} />
                </Td>
                <Td className="text-right tabular-nums">{row.attendance}</Td>
                <Td className="text-right tabular-nums">{row.lootParticipation}</Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(row.salary, "usdt")}
                </Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
      {state.status === "loading" ? (
        <span role="status" className="sr-only">
          Loading guild members
        </span>
      ) : null}
    </TableCard>
  );
}

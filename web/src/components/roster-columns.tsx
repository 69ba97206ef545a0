/**
 * The columns the public roster and the admin member tables share: Player Name (kept in view while the table
 * scrolls sideways), Category, Attendance, Loot Participation and a salary column.
 */
import { formatMoney } from "@shared/money/money.ts";
import type { RosterRow, RosterSortColumn } from "@shared/sorting/roster-sort.ts";
import type { SortState } from "@shared/sorting/sort-cycle.ts";
import { CategoryBadge, PendingBadge } from "./badge.tsx";
import { FirstTd, FirstTh, Td, Th } from "./data-table.tsx";
import { SortHeader } from "./sort-header.tsx";

/** The shared header cells; the two count columns sort only when `sortCounts`, the salary column always. */
export function RosterHeadCells({
  sort,
  onSort,
  sortCounts,
  salary,
}: {
  sort: SortState<RosterSortColumn>;
  onSort: (column: RosterSortColumn) => void;
  sortCounts: boolean;
  salary: { column: "salary" | "finalSalary"; label: string };
}) {
  const count = (column: "attendance" | "lootParticipation", label: string) =>
    sortCounts ? (
      <SortHeader column={column} sort={sort} onSort={onSort}>
        {label}
      </SortHeader>
    ) : (
      <Th className="text-right">{label}</Th>
    );
  return (
    <>
      <FirstTh>Player Name</FirstTh>
      <Th>Category</Th>
      {count("attendance", "Attendance")}
      {count("lootParticipation", "Loot Participation")}
      <SortHeader column={salary.column} sort={sort} onSort={onSort}>
        {salary.label}
      </SortHeader>
    </>
  );
}

/** The shared body cells of one member; `pending` marks a member not yet saved on the server. */
export function RosterCells({
  row,
  salary,
  pending = false,
}: {
  row: RosterRow;
  salary: string;
  pending?: boolean;
}) {
  return (
    <>
      <FirstTd className="whitespace-nowrap">
        {row.playerName}
        {pending ? <PendingBadge /> : null}
      </FirstTd>
      <Td>
        <CategoryBadge category={row.category} />
      </Td>
      <Td className="text-right tabular-nums">{row.attendance}</Td>
      <Td className="text-right tabular-nums">{row.lootParticipation}</Td>
      <Td className="whitespace-nowrap text-right tabular-nums">{formatMoney(salary, "usdt")}</Td>
    </>
  );
}

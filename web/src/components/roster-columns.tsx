/**
 * The columns the public roster and the admin member tables share: Player Name (kept in view while the table
 * scrolls sideways), Category, Loot Items, Loot Participation and a salary column.
 */
import { formatCount, GLOSSARY } from "@shared/glossary/glossary.ts";
import { formatMoney } from "@shared/money/money.ts";
import type { RosterRow, RosterSortColumn } from "@shared/sorting/roster-sort.ts";
import type { SortState } from "@shared/sorting/sort-cycle.ts";
import { CategoryBadge, UnsyncedBadge } from "./badge.tsx";
import { FirstTd, FirstTh, Td, Th } from "./data-table.tsx";
import { SortHeader } from "./sort-header.tsx";

/** The shared columns' headers, which also name a phone card's fields. */
const HEADERS = {
  playerName: "Player Name",
  category: "Category",
  // The counts' names are the glossary's (docs/glossary.md): this column counts loot items, not raids.
  attendance: GLOSSARY.lootItems,
  lootParticipation: GLOSSARY.lootParticipation,
} as const;

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
      // Two words each: they may take two lines where the roster with Balance and the actions is tight.
      <SortHeader column={column} sort={sort} onSort={onSort} className="whitespace-normal!">
        {label}
      </SortHeader>
    ) : (
      <Th className="text-right">{label}</Th>
    );
  return (
    <>
      <FirstTh>{HEADERS.playerName}</FirstTh>
      <Th>{HEADERS.category}</Th>
      {count("attendance", HEADERS.attendance)}
      {count("lootParticipation", HEADERS.lootParticipation)}
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
  salaryLabel = "Salary",
  pending = false,
}: {
  row: RosterRow;
  salary: string;
  /** The salary column's header (RosterHeadCells' `salary.label`), its field's name on a phone card. */
  salaryLabel?: string;
  pending?: boolean;
}) {
  return (
    <>
      <FirstTd className="whitespace-nowrap">
        {row.playerName}
        {pending ? <UnsyncedBadge /> : null}
      </FirstTd>
      <Td label={HEADERS.category}>
        <CategoryBadge category={row.category} />
      </Td>
      <Td label={HEADERS.attendance} className="text-right tabular-nums">
        {formatCount(row.attendance)}
      </Td>
      <Td label={HEADERS.lootParticipation} className="text-right tabular-nums">
        {formatCount(row.lootParticipation)}
      </Td>
      <Td label={salaryLabel} className="whitespace-nowrap text-right tabular-nums">
        {formatMoney(salary, "usdt")}
      </Td>
    </>
  );
}

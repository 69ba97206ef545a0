/**
 * Member table order. The default is category (Guild Master, Core, Members) then player name; a column sort
 * orders by that column and falls back to the default order on ties.
 */
import { type MoneyText, readMoney } from "../money/money.ts";
import { compareText } from "./compare-text.ts";
import type { SortState } from "./sort-cycle.ts";

export interface RosterMember {
  playerName: string;
  category: string;
}

export interface RosterRow extends RosterMember {
  attendance: number;
  lootParticipation: number;
  salary: MoneyText | null;
  /** Kicked members: the agreed final salary, when one was set. */
  finalSalaryAmount?: MoneyText | null;
}

/** `finalSalary` is the kicked table's column: the final salary amount if set, otherwise the salary. */
export type RosterSortColumn = "attendance" | "lootParticipation" | "salary" | "finalSalary";

/** Guild Master 1, Core 2, anything else (Members) 3. */
export function categoryRank(category: string): 1 | 2 | 3 {
  if (category === "Guild Master") return 1;
  if (category === "Core") return 2;
  return 3;
}

export function compareRosterDefault(a: RosterMember, b: RosterMember): number {
  return categoryRank(a.category) - categoryRank(b.category) || compareText(a.playerName, b.playerName);
}

/** A copy in the default order. */
export function sortRosterDefault<T extends RosterMember>(members: readonly T[]): T[] {
  return [...members].sort(compareRosterDefault);
}

// Absent or unreadable salaries count as zero, the column's default.
const centsOf = (amount: MoneyText | null): number => readMoney(amount) ?? 0;

function columnValue(row: RosterRow, column: RosterSortColumn): number {
  switch (column) {
    case "attendance":
      return row.attendance;
    case "lootParticipation":
      return row.lootParticipation;
    case "salary":
      return centsOf(row.salary);
    case "finalSalary":
      return readMoney(row.finalSalaryAmount) ?? centsOf(row.salary);
  }
}

/** A copy sorted by the given column, or in the default order when `sort` is null. */
export function sortRoster<T extends RosterRow>(rows: readonly T[], sort: SortState<RosterSortColumn>): T[] {
  if (sort === null) return sortRosterDefault(rows);
  const sign = sort.direction === "desc" ? -1 : 1;
  const keyed = rows.map((row) => ({ row, key: columnValue(row, sort.column) }));
  keyed.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -sign : sign;
    return compareRosterDefault(a.row, b.row);
  });
  return keyed.map((entry) => entry.row);
}

/** The Active Members and Kicked Members tables of /guild-members, with one-at-a-time column sorting. */
import { BadgeCheck, Pencil, Trash2, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { formatKickedDate } from "@shared/format/format-date.ts";
import { type RosterSortColumn, sortRoster } from "@shared/sorting/roster-sort.ts";
import { Button } from "@web/components/button.tsx";
import { rowClass, StateTable, type TableState, Td, Th } from "@web/components/data-table.tsx";
import { RosterCells, RosterHeadCells } from "@web/components/roster-columns.tsx";
import { RowActions } from "@web/components/row-actions.tsx";
import { useSortCycle } from "@web/components/sort-header.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { GuildMember } from "@web/data/portal-db.ts";
import type { MemberRow } from "./member-rows.ts";

export type MembersState = TableState<MemberRow>;

type MembersKind = "active" | "kicked";

const FINAL_SALARY = "Final Salary";
const KICKED_DATE = "Kicked Date";
/** The kicked member's Paid button, named after its row for screen readers and voice control. */
const markPaidLabel = (playerName: string) => `Mark ${playerName} paid`;

const TABLES = {
  active: { label: "Active members", empty: "No active guild members found.", width: "min-w-[44rem]" },
  kicked: { label: "Kicked members", empty: "No kicked guild members found.", width: "min-w-[52rem]" },
} as const;

/**
 * The shared roster columns, then the table's own: `head` and `cells` after them, `columns` in all. The
 * active table sorts by the counts and the salary, the kicked table by the final salary alone.
 */
function MembersTable({
  state,
  kind,
  columns,
  head,
  cells,
}: {
  state: MembersState;
  kind: MembersKind;
  columns: number;
  head: ReactNode;
  cells: (row: MemberRow) => ReactNode;
}) {
  const { sort, onSort } = useSortCycle<RosterSortColumn>();
  const active = kind === "active";
  return (
    <StateTable
      state={state}
      label={TABLES[kind].label}
      className={TABLES[kind].width}
      columns={columns}
      head={
        <>
          <RosterHeadCells
            sort={sort}
            onSort={onSort}
            sortCounts={active}
            salary={
              active ? { column: "salary", label: "Salary" } : { column: "finalSalary", label: FINAL_SALARY }
            }
          />
          {head}
        </>
      }
      body={(rows) =>
        sortRoster(rows, sort).map((row) => (
          <tr key={row.id} className={rowClass} data-member={row.playerName}>
            {cells(row)}
          </tr>
        ))
      }
      error={(message) => ({
        title: `Error loading data: ${message}`,
        body: `Failed to load guild members. ${message}`,
      })}
      empty={TABLES[kind].empty}
    />
  );
}

export interface ActiveActions {
  onEdit: (member: GuildMember) => void;
  onKick: (member: GuildMember) => void;
  onDelete: (member: GuildMember) => void;
}

export function ActiveMembersTable({ state, actions }: { state: MembersState; actions: ActiveActions }) {
  const cells = (row: MemberRow) => (
    <>
      <RosterCells row={row} salary={row.salary} pending={isLocalId(row.id)} />
      <Td className="whitespace-nowrap text-right" card="actions">
        <RowActions
          disabled={isLocalId(row.id)}
          actions={[
            { icon: Pencil, label: `Edit ${row.playerName}`, onClick: () => actions.onEdit(row.member) },
            { icon: UserX, label: `Kick ${row.playerName}`, onClick: () => actions.onKick(row.member) },
            {
              icon: Trash2,
              label: `Delete ${row.playerName}`,
              className: "hover:text-danger",
              onClick: () => actions.onDelete(row.member),
            },
          ]}
        />
      </Td>
    </>
  );
  const head = <Th className="text-right">Actions</Th>;
  return <MembersTable state={state} kind="active" columns={6} head={head} cells={cells} />;
}

export function KickedMembersTable({
  state,
  onMarkPaid,
}: {
  state: MembersState;
  onMarkPaid: (member: GuildMember) => void;
}) {
  const cells = (row: MemberRow) => (
    <>
      <RosterCells row={row} salary={row.finalSalaryAmount ?? row.salary} salaryLabel={FINAL_SALARY} />
      <Td className="whitespace-nowrap" label={KICKED_DATE}>
        {formatKickedDate(row.member.kickedDate)}
      </Td>
      <Td className="text-right" card="actions">
        <Button
          variant="secondary"
          className="px-3!"
          aria-label={markPaidLabel(row.playerName)}
          onClick={() => onMarkPaid(row.member)}
        >
          <BadgeCheck className="size-4" aria-hidden="true" />
          Paid
        </Button>
      </Td>
    </>
  );
  const head = (
    <>
      <Th>{KICKED_DATE}</Th>
      <Th className="text-right">Actions</Th>
    </>
  );
  return <MembersTable state={state} kind="kicked" columns={7} head={head} cells={cells} />;
}

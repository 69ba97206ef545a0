/** The Active Members and Kicked Members tables of /guild-members, with one-at-a-time column sorting. */
import { BadgeCheck, HandCoins, Pencil, Trash2, UserX } from "lucide-react";
import type { ReactNode } from "react";
import { formatKickedDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { type RosterSortColumn, sortRoster } from "@shared/sorting/roster-sort.ts";
import { Button } from "@web/components/button.tsx";
import {
  rowClass,
  StateTable,
  stickyCell,
  stickyHeadCell,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { RosterCells, RosterHeadCells } from "@web/components/roster-columns.tsx";
import { RowActions } from "@web/components/row-actions.tsx";
import { useSortCycle } from "@web/components/sort-header.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { GuildMember } from "@web/data/portal-db.ts";
import { type MemberRow, PAY } from "./member-rows.ts";

export type MembersState = TableState<MemberRow>;

type MembersKind = "active" | "kicked";

const FINAL_SALARY = "Final Salary";
const KICKED_DATE = "Kicked Date";
const BALANCE = "Balance";
/** The kicked member's Paid button, named after its row for screen readers and voice control. */
const markPaidLabel = (playerName: string) => `Mark ${playerName} paid`;

const TABLES = {
  active: {
    label: "Active members",
    empty: "No active guild members found.",
    // Tighter cells: the salary, the balance and the four actions fit a 1280 px screen beside the sidebar.
    width: "min-w-[56rem] [&_td]:px-3 [&_th]:px-3",
  },
  kicked: { label: "Kicked members", empty: "No kicked guild members found.", width: "min-w-[60rem]" },
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
  empty,
}: {
  state: MembersState;
  kind: MembersKind;
  columns: number;
  head: ReactNode;
  cells: (row: MemberRow) => ReactNode;
  /** The empty table's text when a search hid every member; the table's own otherwise. */
  empty?: string | undefined;
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
      empty={empty ?? TABLES[kind].empty}
    />
  );
}

/** Earned − paid (decision 049): what the guild still owes the member; a negative balance was overpaid. */
function BalanceCell({ row, kind }: { row: MemberRow; kind: MembersKind }) {
  const owed = row.balance ?? 0;
  return (
    <Td
      label={BALANCE}
      className={`whitespace-nowrap text-right font-semibold tabular-nums ${stickyBalance(kind)} ${owed < 0 ? "text-danger" : ""}`}
      data-testid="member-balance"
    >
      {row.balance === undefined ? "…" : formatMoney(row.balance, "usdt")}
    </Td>
  );
}

const balanceHead = (kind: MembersKind) => (
  <Th className={`text-right ${stickyBalanceHead(kind)}`}>{BALANCE}</Th>
);

/**
 * The Balance and the actions stay in view at the right while a wide table scrolls sideways (with Balance the
 * roster is wider than a 1280 px screen's content area): the actions cell has a fixed width, `w`, and Balance
 * sits at that offset. On a phone the row is a card and none of this applies (`.card-table` cells are static).
 */
const STICKY = {
  active: { actions: "sm:w-48 sm:min-w-48", balance: "right-48" },
  kicked: { actions: "sm:w-36 sm:min-w-36", balance: "right-36" },
} as const;
const edge = "shadow-[inset_1px_0_0_var(--color-line)]";
const stickyActions = (kind: MembersKind) => `right-0 ${stickyCell} ${STICKY[kind].actions}`;
const stickyActionsHead = (kind: MembersKind) => `right-0 ${stickyHeadCell} ${STICKY[kind].actions}`;
const stickyBalance = (kind: MembersKind) => `${STICKY[kind].balance} ${stickyCell} ${edge}`;
const stickyBalanceHead = (kind: MembersKind) => `${STICKY[kind].balance} ${stickyHeadCell} ${edge}`;

/** A row's actions; those left out (an officer's account may not pay, kick or delete, decision 067) are not shown. */
export interface ActiveActions {
  /** Opens the Pay dialog, which also leads to the member's payout history. */
  onPay?: (member: GuildMember) => void;
  onEdit: (member: GuildMember) => void;
  onKick?: (member: GuildMember) => void;
  onDelete?: (member: GuildMember) => void;
}

export function ActiveMembersTable({
  state,
  actions,
  empty,
}: {
  state: MembersState;
  actions: ActiveActions;
  empty?: string | undefined;
}) {
  const cells = (row: MemberRow) => (
    <>
      <RosterCells row={row} salary={row.salary} pending={isLocalId(row.id)} />
      <BalanceCell row={row} kind="active" />
      <Td className={`whitespace-nowrap text-right ${stickyActions("active")}`} card="action-bar">
        <RowActions
          disabled={isLocalId(row.id)}
          actions={[
            actions.onPay && {
              icon: HandCoins,
              label: `${PAY} ${row.playerName}`,
              text: PAY,
              // The word alone beside the table's columns at 640 px and up, where the icon's width would push Salary
              // under the sticky Balance at 1280 px; icon and word on a phone's card (decision 085).
              iconClassName: "sm:hidden",
              className: "text-gold",
              onClick: () => actions.onPay?.(row.member),
            },
            { icon: Pencil, label: `Edit ${row.playerName}`, onClick: () => actions.onEdit(row.member) },
            actions.onKick && {
              icon: UserX,
              label: `Kick ${row.playerName}`,
              onClick: () => actions.onKick?.(row.member),
            },
            actions.onDelete && {
              icon: Trash2,
              label: `Delete ${row.playerName}`,
              className: "hover:text-danger",
              onClick: () => actions.onDelete?.(row.member),
            },
          ].filter((action) => action !== undefined)}
        />
      </Td>
    </>
  );
  const head = (
    <>
      {balanceHead("active")}
      <Th className={`text-right ${stickyActionsHead("active")}`}>Actions</Th>
    </>
  );
  return <MembersTable state={state} kind="active" columns={7} head={head} cells={cells} empty={empty} />;
}

export function KickedMembersTable({
  state,
  onMarkPaid,
  empty,
}: {
  state: MembersState;
  empty?: string | undefined;
  /** Absent for an account that may not record payouts: no Paid button. */
  onMarkPaid?: (member: GuildMember) => void;
}) {
  const cells = (row: MemberRow) => (
    <>
      <RosterCells row={row} salary={row.finalSalaryAmount ?? row.salary} salaryLabel={FINAL_SALARY} />
      <Td className="whitespace-nowrap" label={KICKED_DATE}>
        {formatKickedDate(row.member.kickedDate)}
      </Td>
      <BalanceCell row={row} kind="kicked" />
      <Td className={`text-right ${stickyActions("kicked")}`} card="actions">
        {onMarkPaid && (
          <Button
            variant="secondary"
            className="px-3!"
            aria-label={markPaidLabel(row.playerName)}
            onClick={() => onMarkPaid(row.member)}
          >
            <BadgeCheck className="size-4" aria-hidden="true" />
            Paid
          </Button>
        )}
      </Td>
    </>
  );
  const head = (
    <>
      <Th>{KICKED_DATE}</Th>
      {balanceHead("kicked")}
      <Th className={`text-right ${stickyActionsHead("kicked")}`}>Actions</Th>
    </>
  );
  return <MembersTable state={state} kind="kicked" columns={8} head={head} cells={cells} empty={empty} />;
}
